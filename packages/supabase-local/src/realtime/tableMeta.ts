import type pg from 'pg';
import { API_ROLES } from '../db.ts';

export interface ColumnMeta {
  name: string;
  /** pg_type.typname, what realtime-js's transformers switch on (int8, bool, _text …). */
  type: string;
  /** Schema-qualified type for casts, from the catalog. */
  sqlType: string;
  pk: boolean;
  /** Part of the replica identity: what the WAL keeps of the old row (the key, or all under FULL). */
  identity: boolean;
  /** The API roles that may select this column (hosted's has_column_privilege per subscriber role). */
  selectableBy: string[];
}

export interface TableMeta {
  oid: string;
  rls: boolean;
  /** The operations publication supabase_realtime publishes (its `publish` option): hosted decodes only those. */
  published: string[];
  columns: ColumnMeta[];
}

const META_SQL = `
  select c.oid::text as oid, c.relrowsecurity as rls,
    (select array_remove(array[case when p.pubinsert then 'INSERT' end, case when p.pubupdate then 'UPDATE' end,
        case when p.pubdelete then 'DELETE' end], null)
      from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime') as published,
    jsonb_agg(jsonb_build_object(
      'name', a.attname, 'type', t.typname, 'sqlType', format('%I.%I', tn.nspname, t.typname),
      'pk', coalesce(a.attnum = any(pk.indkey), false),
      'identity', case c.relreplident
        when 'f' then true
        when 'd' then coalesce(a.attnum = any(pk.indkey), false)
        when 'i' then coalesce(a.attnum = any(ri.indkey), false)
        else false end,
      'selectableBy', array(select r from unnest($3::text[]) r where has_column_privilege(r, c.oid, a.attnum, 'SELECT')))
      order by a.attnum) as columns
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_catalog.pg_type t on t.oid = a.atttypid
  join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
  left join pg_catalog.pg_index pk on pk.indrelid = c.oid and pk.indisprimary
  left join pg_catalog.pg_index ri on ri.indrelid = c.oid and ri.indisreplident
  where n.nspname = $1 and c.relname = $2
  group by c.oid, c.relrowsecurity`;

export async function loadTableMeta(pool: pg.Pool, schema: string, table: string): Promise<TableMeta | null> {
  const { rows } = await pool.query(META_SQL, [schema, table, [...API_ROLES]]);
  if (!rows[0]) return null;
  return { oid: rows[0].oid, rls: rows[0].rls, published: rows[0].published ?? [], columns: rows[0].columns };
}
