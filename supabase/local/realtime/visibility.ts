import type pg from 'pg';
import { withClaims, type Claims } from '../db.ts';
import { conditionSql, quoteIdent, type Condition } from './filters.ts';

/** One queued row change, as capture.sql recorded it. */
export interface Change {
  id: string;
  schema: string;
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: Date;
}

export interface ColumnMeta {
  name: string;
  /** pg_type.typname, what realtime-js's transformers switch on (int8, bool, _text …). */
  type: string;
  /** Schema-qualified type for casts, from the catalog. */
  sqlType: string;
  pk: boolean;
}

export interface TableMeta {
  oid: string;
  rls: boolean;
  replicaFull: boolean;
  columns: ColumnMeta[];
}

/** What one subscriber (one set of claims) may receive of one change. */
export interface Verdict {
  columns: { name: string; type: string }[];
  record?: Record<string, unknown>;
  oldRecord?: Record<string, unknown>;
  /** Per condition list given, whether the change passes it. */
  matches: boolean[];
  errors: string[] | null;
}

const META_SQL = `
  select c.oid::text as oid, c.relrowsecurity as rls, c.relreplident = 'f' as replica_full,
    jsonb_agg(jsonb_build_object(
      'name', a.attname, 'type', t.typname, 'sqlType', format('%I.%I', tn.nspname, t.typname),
      'pk', coalesce(a.attnum = any(i.indkey), false)) order by a.attnum) as columns
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_catalog.pg_type t on t.oid = a.atttypid
  join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
  left join pg_catalog.pg_index i on i.indrelid = c.oid and i.indisprimary
  where n.nspname = $1 and c.relname = $2
  group by c.oid, c.relrowsecurity, c.relreplident`;

export async function loadTableMeta(pool: pg.Pool, schema: string, table: string): Promise<TableMeta | null> {
  const { rows } = await pool.query(META_SQL, [schema, table]);
  if (!rows[0]) return null;
  return { oid: rows[0].oid, rls: rows[0].rls, replicaFull: rows[0].replica_full, columns: rows[0].columns };
}

// Asked under the subscriber's role: current_user is that role.
const SELECTABLE_SQL = `
  select a.attname from pg_catalog.pg_attribute a
  where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped
    and pg_catalog.has_column_privilege($1::oid, a.attnum, 'SELECT')`;

/** jsonb of the given columns of `alias`; chunked because jsonb_build_object takes ≤ 100 args. */
function recordSql(columns: ColumnMeta[], alias: string): string {
  const chunks: string[] = [];
  for (let i = 0; i < columns.length; i += 50) {
    const pairs = columns.slice(i, i + 50).map((c) => `'${c.name.replace(/'/g, "''")}', ${alias}.${quoteIdent(c.name)}`);
    chunks.push(`jsonb_build_object(${pairs.join(', ')})`);
  }
  return chunks.join(' || ');
}

function pick(record: Record<string, unknown> | null, columns: ColumnMeta[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c.name, record?.[c.name] ?? null]));
}

/**
 * Decides, under the subscriber's role and claims, what it may see of `change`:
 * - INSERT/UPDATE: the row is read back by primary key as that role, so RLS decides, and the
 *   record sent is the row as read. Filters are evaluated on that same row.
 * - DELETE: like hosted Realtime, RLS cannot apply to a row that is gone; the role must be able to
 *   select the table, and `old` carries the primary key only.
 * Columns the role cannot select are never sent. Any database error means no delivery.
 */
export async function judge(
  pool: pg.Pool,
  claims: Claims,
  meta: TableMeta,
  change: Change,
  filters: Condition[][],
): Promise<Verdict | null> {
  const table = `${quoteIdent(change.schema)}.${quoteIdent(change.table)}`;
  return withClaims(pool, claims, async (db) => {
    const selectable = new Set((await db.query(SELECTABLE_SQL, [meta.oid])).rows.map((r) => r.attname as string));
    const visible = meta.columns.filter((c) => selectable.has(c.name));
    const pk = meta.columns.filter((c) => c.pk);
    if (visible.length === 0 || pk.some((c) => !selectable.has(c.name))) return null;

    // Old values: the primary key, or the whole old row under REPLICA IDENTITY FULL when no RLS
    // guards the table (never old values a policy may hide).
    const identity = meta.replicaFull && !meta.rls ? visible : pk;
    const verdict: Verdict = { columns: visible.map((c) => ({ name: c.name, type: c.type })), matches: [], errors: null };
    if (change.op !== 'INSERT') verdict.oldRecord = pick(change.old_record, identity);

    const params: unknown[] = [];
    const available = new Map((change.op === 'DELETE' ? identity : visible).map((c) => [c.name, c]));
    const matchSql = filters.map((conds, i) => {
      const ok = conds.every((c) => available.has(c.column));
      const sql = !ok
        ? 'false'
        : conds.length
          ? conds.map((c) => conditionSql(c, available.get(c.column)!.sqlType, 't', params)).join(' and ')
          : 'true';
      return `coalesce((${sql}), false) as m${i}`;
    });
    const row = (p: number) => `jsonb_populate_record(null::${table}, $${p}::jsonb)`;

    let sql: string;
    if (change.op === 'DELETE') {
      params.push(JSON.stringify(verdict.oldRecord));
      sql = `select ${matchSql.join(', ')} from ${row(params.length)} t`;
    } else if (pk.length > 0) {
      params.push(JSON.stringify(change.record));
      const keys = pk.map((c) => `t.${quoteIdent(c.name)} = k.${quoteIdent(c.name)}`).join(' and ');
      sql = `select ${recordSql(visible, 't')} as record, ${matchSql.join(', ')} from ${table} t, ${row(params.length)} k where ${keys}`;
    } else if (!meta.rls) {
      // No key to read the row back by, and no policy to apply: the recorded row is what it was.
      params.push(JSON.stringify(change.record));
      sql = `select ${recordSql(visible, 't')} as record, ${matchSql.join(', ')} from ${row(params.length)} t`;
    } else {
      // Hosted Realtime's answer for RLS tables without a primary key: an error, never the data.
      // Only unfiltered bindings match, so a filter cannot probe the hidden row.
      return { ...verdict, matches: filters.map((f) => f.length === 0), errors: ['Error 400: Bad Request, no primary key'] };
    }

    const { rows } = await db.query(sql, params);
    if (!rows[0]) return null;
    verdict.matches = filters.map((_, i) => rows[0][`m${i}`] === true);
    if (change.op !== 'DELETE') verdict.record = rows[0].record;
    return verdict;
  });
}
