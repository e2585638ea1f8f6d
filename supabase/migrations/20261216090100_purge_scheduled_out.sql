-- CDN purges (20261216090000_purge_queue.sql, docs/deployment.md#purges) of scheduled articles.
-- A scheduled article goes out at its moment with no write at all (content_version() tells it by its
-- moment): the sender calls this when that moment moves, and the articles that went out since the
-- last call are queued like a publication. The mark's row lock makes the first caller of several
-- instances queue them, the others find nothing new.
create table private.purge_scheduled_mark (
  only_row boolean primary key default true check (only_row),
  went_out_until timestamptz not null default pg_catalog.now()
);
revoke all on private.purge_scheduled_mark from public, anon, authenticated, service_role;
insert into private.purge_scheduled_mark default values;

create function public.purge_scheduled_out() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  since timestamptz;
  changed private.purged_article[];
begin
  select m.went_out_until into since from private.purge_scheduled_mark m for update;
  update private.purge_scheduled_mark set went_out_until = pg_catalog.now();
  select pg_catalog.array_agg(row(a.id, a.slug, a.category_id, a.author_id)::private.purged_article) into changed
  from public.articles a
  where a.status = 'scheduled' and a.published_at > since and a.published_at <= pg_catalog.now();
  if changed is null then
    return 0;
  end if;
  perform private.record_article_change(changed, '{}');
  return pg_catalog.cardinality(changed);
end $$;
revoke execute on function public.purge_scheduled_out() from public, anon, authenticated, service_role;
grant execute on function public.purge_scheduled_out() to service_role;
