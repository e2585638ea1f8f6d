import type pg from 'pg';
import type { Claims } from '../db.ts';
import { conditionSql, type Condition } from './filters.ts';
import type { ColumnMeta, TableMeta } from './tableMeta.ts';

/** One queued row change, as capture.sql recorded it: the rows as they were in the change. */
export interface Change {
  id: string;
  schema: string;
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  /** The whole old row; what hosted's WAL holds of it is its replica identity. */
  old_record: Record<string, unknown> | null;
  commit_timestamp: Date;
}

/** Subscribers sharing one set of claims, with the filter of each of their bindings. */
export interface Viewer {
  claims: Claims;
  filters: Condition[][];
}

/** What one viewer may receive of one change. */
export interface Verdict {
  columns: { name: string; type: string }[];
  /** Primary key columns: a binding's `select` list always keeps them, as hosted's does. */
  keys: string[];
  record?: Record<string, unknown>;
  oldRecord?: Record<string, unknown> | null;
  /** Per filter given, whether the change passes it. */
  matches: boolean[];
  errors: string[] | null;
  /** An error sent without the change's data (no columns, no commit_timestamp), as hosted's 400. */
  bare?: boolean;
}

/** Hosted Realtime's default max_record_bytes: past it, only values of 64 bytes or less are sent. */
const MAX_RECORD_BYTES = 1024 * 1024;
const SMALL_VALUE_BYTES = 64;

const has = (role: string) => (c: ColumnMeta) => c.selectableBy.includes(role);

function pick(record: Record<string, unknown> | null, columns: ColumnMeta[]): Record<string, unknown> {
  return Object.fromEntries(columns.filter((c) => record && c.name in record).map((c) => [c.name, record![c.name]]));
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? 'null');

function small(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => jsonBytes(v) <= SMALL_VALUE_BYTES));
}

/** The JSON of `record` as it would be in the column's type, in SQL: what check_equality_op compares. */
const valueSql = (c: ColumnMeta) => `cast($1::jsonb ->> '${c.name.replace(/'/g, "''")}' as ${c.sqlType})`;

/**
 * Whether `record` passes each list of conditions. One query for them all; should it fail (a value
 * the column's type cannot read), each list is tried alone, so one subscriber's filter cannot stop
 * the others' events.
 */
async function evaluate(pool: pg.Pool, record: Record<string, unknown>, lists: { conds: Condition[]; cols: ColumnMeta[] }[]) {
  const compile = (list: (typeof lists)[number], params: unknown[]) =>
    `coalesce((${list.conds.map((c, i) => conditionSql(c, valueSql(list.cols[i]), list.cols[i].sqlType, params)).join(' and ')}), false)`;
  const run = async (subset: typeof lists): Promise<boolean[]> => {
    const params: unknown[] = [JSON.stringify(record)];
    const sql = subset.map((list, i) => `${compile(list, params)} as m${i}`).join(', ');
    const { rows } = await pool.query(`select ${sql}`, params);
    return subset.map((_, i) => rows[0][`m${i}`] === true);
  };
  if (lists.length === 0) return [];
  try {
    return await run(lists);
  } catch {
    return Promise.all(
      lists.map((list) =>
        run([list]).then(
          ([m]) => m,
          (err: Error) => (console.error(`[realtime] filter ${JSON.stringify(list.conds)}: ${err.message}`), false),
        ),
      ),
    );
  }
}

/** Hosted's answer when the RLS check raised: the error, never the row it was meant to guard. */
function policyFailed(verdict: Verdict): Verdict {
  return {
    columns: [],
    keys: [],
    matches: verdict.matches,
    errors: ['Error 500: Internal Server Error, RLS policy evaluation failed'],
    bare: true,
  };
}

/**
 * Decides what each viewer may see of `change`, as hosted Realtime's realtime.apply_rls does:
 * - the record sent is the change's own new row (old row for `old`), never the row as it is now,
 *   cut to the columns the viewer's role may select;
 * - filters are evaluated on that record (a DELETE's on its old replica identity);
 * - on a table with RLS, an INSERT or UPDATE is shown only if, as the viewer's role and claims, a
 *   row with its primary key can be selected now; a DELETE cannot be checked against a row that
 *   is gone, so its `old` is cut to the primary key;
 * - `old` is the replica identity: the primary key, or the whole old row under REPLICA IDENTITY FULL;
 * - a table without a primary key gets hosted's 400 error instead of its rows, a viewer whose RLS
 *   check raised its 500.
 * Stricter than hosted: a role that cannot select the primary key gets nothing, where hosted sends
 * an error event ("Error 401: Unauthorized") or, for a DELETE, the event without values.
 * One query for every viewer's filters and one for every viewer's RLS check, whatever their number.
 */
export async function judgeChange(pool: pg.Pool, meta: TableMeta, change: Change, viewers: Viewer[]): Promise<(Verdict | null)[]> {
  const pk = meta.columns.filter((c) => c.pk);
  const identity = meta.columns.filter((c) => c.identity);
  const writes = change.op !== 'DELETE';
  const tested = writes ? (change.record ?? {}) : pick(change.old_record, identity);
  const tooLarge = jsonBytes(change.record) + jsonBytes(pick(change.old_record, identity)) > MAX_RECORD_BYTES;

  const verdicts = viewers.map((viewer): Verdict | null => {
    const visible = meta.columns.filter(has(viewer.claims.role));
    if (visible.length === 0 || !pk.every(has(viewer.claims.role))) return null;
    if (writes && pk.length === 0) {
      return {
        columns: [],
        keys: [],
        matches: viewer.filters.map(() => true),
        errors: ['Error 400: Bad Request, no primary key'],
        bare: true,
      };
    }
    return {
      columns: visible.map((c) => ({ name: c.name, type: c.type })),
      keys: pk.map((c) => c.name),
      matches: viewer.filters.map((conds) => conds.length === 0),
      errors: tooLarge ? ['Error 413: Payload Too Large'] : null,
    };
  });

  // Filters: a condition on a column the change does not carry (a DELETE's non-key columns) fails,
  // as hosted's does; so does one on a column the viewer may not select (refused at join anyway).
  const pending: { v: number; f: number; conds: Condition[]; cols: ColumnMeta[] }[] = [];
  viewers.forEach((viewer, v) => {
    if (!verdicts[v] || verdicts[v].bare) return;
    viewer.filters.forEach((conds, f) => {
      if (conds.length === 0) return;
      const cols = conds.map((c) => meta.columns.find((m) => m.name === c.column && m.name in tested));
      if (cols.every((c) => c && has(viewer.claims.role)(c))) pending.push({ v, f, conds, cols: cols as ColumnMeta[] });
    });
  });
  const results = await evaluate(pool, tested, pending);
  pending.forEach((p, i) => (verdicts[p.v]!.matches[p.f] = results[i]));

  if (meta.rls && writes) {
    const asked = verdicts.flatMap((verdict, v) => (verdict && !verdict.bare && verdict.matches.some(Boolean) ? [v] : []));
    if (asked.length > 0) {
      const { rows } = await pool.query('select _local_realtime.visible_to($1::oid::regclass, $2::jsonb, $3::jsonb) as seen', [
        meta.oid,
        JSON.stringify(pick(change.record, pk)),
        JSON.stringify(asked.map((v) => ({ role: viewers[v].claims.role, claims: viewers[v].claims }))),
      ]);
      asked.forEach((v, i) => {
        const seen: boolean | null = rows[0].seen[i];
        if (seen === null) verdicts[v] = policyFailed(verdicts[v]!);
        else if (!seen) verdicts[v] = null;
      });
    }
  }

  return verdicts.map((verdict, v) => {
    if (!verdict || verdict.bare || !verdict.matches.some(Boolean)) return verdict;
    const visible = meta.columns.filter(has(viewers[v].claims.role));
    const fit = (r: Record<string, unknown>) => (tooLarge ? small(r) : r);
    if (writes) verdict.record = fit(pick(change.record, visible));
    if (change.op !== 'INSERT') {
      const shown = visible.filter((c) => c.identity && (writes || !meta.rls || c.pk));
      const old = fit(pick(change.old_record, shown));
      verdict.oldRecord = Object.keys(old).length > 0 ? old : null;
    }
    return verdict;
  });
}
