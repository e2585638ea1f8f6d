-- Reader details: a real reading time on the cards, and open home pages told when an article
-- stops being public.

-- 1. Words of an article ---------------------------------------------------------------------
-- Counted as the editor counts them (src/lib/readingTime.ts on the text of revisionDiff.ts's
-- contentText: "l'année", "Nord-Kivu" and "2026" one word each), on the text readers see: a block's
-- end, a line break or a picture parts words, other markup does not (l'<em>année</em> is one word);
-- an apostrophe written as a reference joins, other references part. The letters are named as well
-- as [[:alnum:]] so accented words count once whatever the database's locale (under C, [[:alnum:]]
-- is ASCII only). The reader turns words into minutes with the one rule in readingTime.ts.
create function private.word_count(p_text text) returns integer
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.regexp_count(
    pg_catalog.regexp_replace(
      pg_catalog.regexp_replace(
        pg_catalog.regexp_replace(
          coalesce(p_text, ''),
          '&(#39|#x27|apos|rsquo|#8217|#x2019);', '''', 'gi'),
        '</(p|h[1-6]|li|blockquote|figure|figcaption|div|pre|ul|ol)\s*>|<br\s*/?>|<img\M[^>]*>|&[#[:alnum:]]{1,10};', ' ', 'gi'),
      '<[^>]*>', '', 'g'),
    '[[:alnum:]\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]+([''\u2019-][[:alnum:]\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]+)*')::integer
$$;
revoke execute on function private.word_count(text) from public;
grant execute on function private.word_count(text) to anon, authenticated, service_role;

-- articles.word_count as a PostgREST computed field (select=id,title,word_count): the cards the
-- reader selects itself (category, author, related) carry it like the ones home_page builds.
create function public.word_count(a public.articles) returns integer
language sql immutable parallel safe set search_path = '' as $$
  select private.word_count(a.content)
$$;
revoke execute on function public.word_count(public.articles) from public, anon, authenticated, service_role;
grant execute on function public.word_count(public.articles) to anon, authenticated, service_role;

create or replace function private.article_card(a public.articles, c public.categories) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'id', a.id, 'slug', a.slug, 'title', a.title, 'excerpt', a.excerpt, 'image_url', a.image_url,
    'image_alt', public.image_alt(a), 'published_at', a.published_at, 'word_count', public.word_count(a),
    'category', case when c.id is null then null else jsonb_build_object('name', c.name, 'slug', c.slug) end)
$$;

-- 2. Articles withdrawn from readers -----------------------------------------------------------
-- Realtime shows a visitor a row change only if the visitor can read the row afterwards: an
-- article unpublished (or moved to a later date) sends them nothing, and a deletion only its key
-- to listeners without a filter, hosted as locally. So each time a public article stops being
-- public, a row here says which one; the live home page listens for these and refreshes. They
-- hold only the id readers had and the time, and are pruned after an hour (the event is what
-- counts; realtime only needs the row to still be there when it delivers it).
create table public.article_withdrawals (
  id bigint generated always as identity primary key,
  article_id uuid not null,
  withdrawn_at timestamptz not null default now()
);
alter table public.article_withdrawals enable row level security;
-- Hosted Supabase grants new tables to anon and authenticated by default: take that back first.
revoke all on public.article_withdrawals from anon, authenticated, service_role;
revoke all on sequence public.article_withdrawals_id_seq from anon, authenticated;
grant select on public.article_withdrawals to anon, authenticated;
grant all on public.article_withdrawals to service_role;
create policy "withdrawals are public" on public.article_withdrawals for select using (true);
alter publication supabase_realtime add table public.article_withdrawals;

create function private.record_withdrawal() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if private.article_is_public(old.status, old.published_at)
     and (tg_op = 'DELETE' or not private.article_is_public(new.status, new.published_at)) then
    delete from public.article_withdrawals where withdrawn_at < pg_catalog.now() - interval '1 hour';
    insert into public.article_withdrawals (article_id) values (old.id);
  end if;
  return null;
end $$;
revoke execute on function private.record_withdrawal() from public;
create trigger record_withdrawal after update of status, published_at or delete on public.articles
  for each row execute function private.record_withdrawal();
