import type pg from 'pg';
import { withClaims, type Claims } from '../db.ts';
import { BindingError, type PgBinding } from './channel.ts';
import { conditionSql, quoteIdent } from './filters.ts';
import { loadTableMeta } from './tableMeta.ts';

/**
 * Refuses bindings naming a table or column that does not exist, a filter on a column the
 * subscriber may not select, or a value or operator Postgres rejects for the column's type, by
 * compiling the filter under the subscriber's role. Without a filter, missing privileges are not a
 * join error: the subscriber then receives nothing.
 */
export async function validateBindings(pool: pg.Pool, claims: Claims, bindings: PgBinding[]): Promise<void> {
  for (const b of bindings) {
    if (!b.table || b.table === '*' || b.schema === '*') continue;
    const invalid = (detail: string) =>
      new BindingError(
        `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: ${b.filter ?? ''}]: ${detail}`,
      );
    const meta = await loadTableMeta(pool, b.schema, b.table);
    if (!meta) throw invalid(`relation ${b.schema}.${b.table} does not exist`);
    if (b.conditions.length === 0) continue;
    const params: unknown[] = [];
    const where = b.conditions.map((c) => {
      const column = meta.columns.find((m) => m.name === c.column);
      if (!column) throw invalid(`column ${c.column} does not exist`);
      // Hosted's realtime.subscription_check_filters: a filter may only name a column the subscriber
      // may select, or its events would tell the column's values.
      if (!column.selectableBy.includes(claims.role)) throw invalid(`invalid column for filter ${c.column}`);
      return conditionSql(c, `t.${quoteIdent(c.column)}`, column.sqlType, params);
    });
    const table = `${quoteIdent(b.schema)}.${quoteIdent(b.table)}`;
    try {
      await withClaims(pool, claims, (db) =>
        db.query(`select ${where.join(' and ')} from jsonb_populate_record(null::${table}, '{}') t`, params),
      );
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === '42501') continue;
      if (/^(22|42)/.test(code)) throw invalid((err as Error).message);
      throw err;
    }
  }
}
