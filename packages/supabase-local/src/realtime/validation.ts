import type pg from 'pg';
import { withClaims, type Claims } from '../db.ts';
import { BindingError, type PgBinding } from './channel.ts';
import { conditionSql, quoteIdent, type Condition } from './filters.ts';
import { loadTableMeta } from './tableMeta.ts';

const MAX_IN_VALUES = 100;
const PATTERN_OPERATORS: Partial<Record<Condition['op'], string>> = { like: '~~', ilike: '~~', match: '~', imatch: '~*' };

/**
 * Hosted accepts like/ilike only on a column type with its own `~~` operator, match/imatch only on
 * one with `~`/`~*` taking that same type (so text, not varchar nor integer): the same refusal here.
 */
async function patternRefusal(pool: pg.Pool, c: Condition, sqlType: string): Promise<string | null> {
  const operator = PATTERN_OPERATORS[c.op];
  if (!operator) return null;
  const { rows } = await pool.query(
    `select format_type($1::regtype, null) as type, exists (
       select 1 from pg_catalog.pg_operator o
       where o.oprname = $2 and o.oprleft = $1::regtype
         and ($2 = '~~' or (o.oprright = $1::regtype and o.oprresult = 'pg_catalog.bool'::regtype))) as ok`,
    [sqlType, operator],
  );
  return rows[0].ok ? null : `operator ${c.op} requires a text-compatible column type, got ${rows[0].type}`;
}

/**
 * Refuses bindings naming a table that does not exist, a filter on a column the subscriber may
 * not select or that does not exist (the same answer), an `in` of more than 100 values, or a value or operator Postgres (or
 * hosted's realtime.subscription_check_filters) rejects for the column's type, by compiling the
 * filter under the subscriber's role. Without a filter, missing privileges are not a
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
      // Hosted's realtime.subscription_check_filters: a filter may only name a column the subscriber
      // may select, or its events would tell the column's values. One answer for a column that does
      // not exist and one it may not select, so that filters cannot map a hidden table's columns
      // (auth.users' for anyone).
      if (!column?.selectableBy.includes(claims.role)) throw invalid(`invalid column for filter ${c.column}`);
      if (c.op === 'in' && c.values.length > MAX_IN_VALUES) throw invalid(`too many values for \`in\` filter. Maximum ${MAX_IN_VALUES}`);
      return conditionSql(c, `t.${quoteIdent(c.column)}`, column.sqlType, params);
    });
    for (const c of b.conditions) {
      const refusal = await patternRefusal(pool, c, meta.columns.find((m) => m.name === c.column)!.sqlType);
      if (refusal) throw invalid(refusal);
    }
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
