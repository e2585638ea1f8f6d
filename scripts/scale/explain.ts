// The plans behind each page, as Postgres ran them: auto_explain (loaded by the bench's stack,
// postgresFlags below) logs EXPLAIN (ANALYZE, BUFFERS) of every statement PostgREST runs, nested
// ones inside functions included, to a JSON log; each page's request is made alone and the log
// lines written meanwhile are its plans. Flagged: a sequential scan of a large table, a sort of
// more than 10,000 rows.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const LARGE_TABLE_ROWS = 10_000;
export const BIG_SORT_ROWS = 10_000;
/** Relative to the data folder (the server writes it as its own user); removed by the bench. */
export const LOG_FOLDER = 'bench-scale-log';

/** Server settings for the bench's scale stack: auto_explain loaded (off until enabled), a JSON log. */
export const postgresFlags = [
  ['shared_preload_libraries', 'auto_explain'],
  ['logging_collector', 'on'],
  ['log_destination', 'jsonlog'],
  ['log_directory', LOG_FOLDER],
  ['log_filename', 'postgres.log'],
  ['log_file_mode', '0644'],
].flatMap(([k, v]) => ['-c', `${k}=${v}`]);

const SETTINGS = {
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on',
  'auto_explain.log_timing': 'on',
  'auto_explain.log_nested_statements': 'on',
  'auto_explain.log_format': 'json',
};

/** Turns auto_explain on or off for every session (ALTER SYSTEM and a reload; off leaves no setting behind). */
export async function setAutoExplain(superuserUrl: string, on: boolean): Promise<void> {
  const db = new pg.Client({ connectionString: superuserUrl });
  await db.connect();
  try {
    for (const [name, value] of Object.entries(SETTINGS))
      await db.query(on ? `alter system set ${name} = '${value}'` : `alter system reset ${name}`);
    await db.query('select pg_reload_conf()');
  } finally {
    await db.end();
  }
  // Backends take the new settings at their next command; give the reload a moment.
  await new Promise((r) => setTimeout(r, 500));
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Actual Total Time'?: number;
  'Plan Rows'?: number;
  'Sort Key'?: string[];
  'Sort Method'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Temp Read Blocks'?: number;
  Filter?: string;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

export interface LoggedPlan {
  ms: number;
  query: string;
  plan: PlanNode;
}

/**
 * Reads the log from `offset`: the plans logged since by PostgREST's sessions, the errors they
 * met (a statement cancelled by its time-out logs no plan, but its text), and where the log ends.
 */
export function readPlans(logFile: string, offset: number): { plans: LoggedPlan[]; errors: string[]; end: number } {
  if (!fs.existsSync(logFile)) return { plans: [], errors: [], end: offset };
  const end = fs.statSync(logFile).size;
  if (end <= offset) return { plans: [], errors: [], end };
  const fd = fs.openSync(logFile, 'r');
  const buffer = Buffer.alloc(end - offset);
  fs.readSync(fd, buffer, 0, buffer.length, offset);
  fs.closeSync(fd);
  const plans: LoggedPlan[] = [];
  const errors: string[] = [];
  for (const line of buffer.toString('utf8').split('\n')) {
    if (!line.trim()) continue;
    let entry: { user?: string; message?: string; error_severity?: string; statement?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.user !== 'authenticator' || !entry.message) continue;
    if (entry.error_severity === 'ERROR') {
      // PostgREST's statements are long and alike: the objects they read say which call it was.
      const objects = [...new Set([...(entry.statement ?? '').matchAll(/"public"\."(\w+)"/g)].map((m) => m[1]))];
      errors.push(`${entry.message} (reading ${objects.join(', ') || 'no public object'})`);
      continue;
    }
    const m = /^duration: ([\d.]+) ms\s+plan:\s*([\s\S]*)$/.exec(entry.message);
    if (!m) continue;
    try {
      const parsed = JSON.parse(m[2]) as { 'Query Text': string; Plan: PlanNode };
      plans.push({ ms: Number(m[1]), query: parsed['Query Text'], plan: parsed.Plan });
    } catch {
      // A plan cut by the log's line limit: nothing to show.
    }
  }
  return { plans, errors, end };
}

/** The same statement run many times for one page (a policy's function once per row): shown once, with its count. */
export function groupPlans(plans: LoggedPlan[]): { count: number; totalMs: number; slowest: LoggedPlan }[] {
  const groups = new Map<string, { count: number; totalMs: number; slowest: LoggedPlan }>();
  for (const p of plans) {
    const key = p.query.replace(/\s+/g, ' ').trim();
    const g = groups.get(key);
    if (!g) groups.set(key, { count: 1, totalMs: p.ms, slowest: p });
    else {
      g.count++;
      g.totalMs += p.ms;
      if (p.ms > g.slowest.ms) g.slowest = p;
    }
  }
  return [...groups.values()].sort((a, b) => b.totalMs - a.totalMs);
}

/** Row estimates of the tables plans may scan, to tell a large table's sequential scan. */
export async function tableSizes(superuserUrl: string): Promise<Map<string, number>> {
  const db = new pg.Client({ connectionString: superuserUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ relname: string; rows: string }>(
      `select c.relname, greatest(c.reltuples, 0)::bigint as rows from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'm') and n.nspname in ('public', 'private', 'auth')`,
    );
    return new Map(rows.map((r) => [r.relname, Number(r.rows)]));
  } finally {
    await db.end();
  }
}

/** What to flag in a node: a sequential scan of a large table, a sort of more than BIG_SORT_ROWS rows. */
export function nodeFlags(node: PlanNode, sizes: Map<string, number>): string[] {
  const flags: string[] = [];
  const loops = node['Actual Loops'] ?? 1;
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) {
    const rows = sizes.get(node['Relation Name']) ?? 0;
    if (rows > LARGE_TABLE_ROWS) flags.push(`SEQ SCAN of ${node['Relation Name']} (${rows.toLocaleString('en')} rows)`);
  }
  if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') {
    const input = (node.Plans?.[0]?.['Actual Rows'] ?? node['Actual Rows'] ?? 0) * (node.Plans?.[0]?.['Actual Loops'] ?? loops);
    if (input > BIG_SORT_ROWS)
      flags.push(`SORT of ${input.toLocaleString('en')} rows${node['Sort Method'] ? ` (${node['Sort Method']})` : ''}`);
  }
  return flags;
}

/** Every flag in a plan. */
export function planFlags(plan: PlanNode, sizes: Map<string, number>): string[] {
  return [...nodeFlags(plan, sizes), ...(plan.Plans ?? []).flatMap((p) => planFlags(p, sizes))];
}

/** A plan as EXPLAIN (ANALYZE, BUFFERS) prints it, shortened to one line a node, flags marked ⚠. */
export function planText(plan: PlanNode, sizes: Map<string, number>, depth = 0): string[] {
  const on = plan['Relation Name'] ? ` on ${plan['Relation Name']}` : '';
  const using = plan['Index Name'] ? ` using ${plan['Index Name']}` : '';
  const time = plan['Actual Total Time'] !== undefined ? ` time=${plan['Actual Total Time'].toFixed(1)}ms` : '';
  const rows = ` rows=${plan['Actual Rows'] ?? '?'}${(plan['Actual Loops'] ?? 1) > 1 ? ` loops=${plan['Actual Loops']}` : ''}`;
  const buffers =
    plan['Shared Hit Blocks'] || plan['Shared Read Blocks']
      ? ` buffers: hit=${plan['Shared Hit Blocks'] ?? 0} read=${plan['Shared Read Blocks'] ?? 0}`
      : '';
  const removed = plan['Rows Removed by Filter'] ? ` removed by filter=${plan['Rows Removed by Filter']}` : '';
  const sort = plan['Sort Key'] ? ` key=${plan['Sort Key'].join(', ')}` : '';
  const flags = nodeFlags(plan, sizes);
  const line = `${'  '.repeat(depth)}-> ${plan['Node Type']}${using}${on}${sort} (${time.trim()}${rows}${removed})${buffers}${flags.length ? `  ⚠ ${flags.join('; ')}` : ''}`;
  return [line, ...(plan.Plans ?? []).flatMap((p) => planText(p, sizes, depth + 1))];
}

/** Whether a plan is worth showing: it reads a table (PostgREST's own set_config statements do not). */
export function readsTables(plan: PlanNode): boolean {
  return Boolean(plan['Relation Name']) || (plan.Plans ?? []).some(readsTables);
}

export const logFileOf = (pgData: string) => path.join(pgData, LOG_FOLDER, 'postgres.json');
