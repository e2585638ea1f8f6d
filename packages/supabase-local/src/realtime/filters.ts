/**
 * postgres_changes filters (`status=eq.published`, `id=in.(1,2)`, `a=gt.1,b=not.is.null`) as
 * realtime-js's RealtimePostgresFilterBuilder writes them, compiled to SQL so Postgres compares
 * values with the column's own type, as hosted Realtime does.
 */

const BINARY_OPS = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  isdistinct: 'is distinct from',
} as const;
const PATTERN_OPS = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' } as const;
const IS_VALUES = new Set(['null', 'true', 'false', 'unknown']);

type Op = keyof typeof BINARY_OPS | keyof typeof PATTERN_OPS | 'in' | 'is';

export interface Condition {
  column: string;
  op: Op;
  negate: boolean;
  /** One value, or the list of `in`. */
  values: string[];
}

export class FilterError extends Error {}

/** Splits on commas outside double quotes and parentheses, PostgREST style. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) current += text[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

function unquote(v: string): string {
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

function parseCondition(text: string): Condition {
  const m = /^([^=]+)=(not\.)?([a-z]+)\.(.*)$/s.exec(text.trim());
  if (!m) throw new FilterError(`invalid filter "${text}"`);
  const [, column, not, op, raw] = m;
  const base = { column: column.trim(), negate: Boolean(not) };
  if (op === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')') || raw.length === 2) throw new FilterError(`invalid in list "${raw}"`);
    return { ...base, op, values: splitTopLevel(raw.slice(1, -1)).map(unquote) };
  }
  if (op === 'is') {
    if (!IS_VALUES.has(raw.toLowerCase())) throw new FilterError(`invalid is value "${raw}"`);
    return { ...base, op, values: [raw.toLowerCase()] };
  }
  if (op in BINARY_OPS || op in PATTERN_OPS) return { ...base, op: op as Op, values: [unquote(raw)] };
  throw new FilterError(`unknown filter operator "${op}"`);
}

export function parseFilter(filter: string | undefined | null): Condition[] {
  if (!filter || !filter.trim()) return [];
  return splitTopLevel(filter).map(parseCondition);
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * SQL for one condition on the value `col` (an SQL expression of the column's type), as hosted's
 * realtime.check_equality_op compares: both sides in the column's type. Values travel as parameters
 * cast to that type (`sqlType` comes from the catalog, never from the client).
 */
export function conditionSql(c: Condition, col: string, sqlType: string, params: unknown[]): string {
  const typed = (value: string) => {
    params.push(value);
    return `cast($${params.length} as ${sqlType})`;
  };
  let sql: string;
  if (c.op === 'in') sql = `${col} in (${c.values.map(typed).join(', ')})`;
  else if (c.op === 'is')
    sql = `${col} is ${c.values[0]}`; // one of IS_VALUES, checked by the parser
  else if (c.op in PATTERN_OPS) {
    params.push(c.values[0]);
    sql = `${col}::text ${PATTERN_OPS[c.op as keyof typeof PATTERN_OPS]} $${params.length}::text`;
  } else sql = `${col} ${BINARY_OPS[c.op as keyof typeof BINARY_OPS]} ${typed(c.values[0])}`;
  return c.negate ? `not (${sql})` : sql;
}
