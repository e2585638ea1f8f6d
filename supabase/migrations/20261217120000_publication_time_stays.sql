-- The publication time stays (issue 46): the product spec's rule stamped published_at with the
-- current time on every save as « Publié », so a typo fix to a published story made it « il y a
-- 1 min », put its datePublished after its own dateModified, and brought it back into the next
-- « La Matinale » (editions take the articles published since the last one). Beyond the spec:
--   * published_at is set when an article first goes out (now, or the moment it was scheduled for);
--   * a save of an article readers can already see keeps it (updated_at moves, as on every save);
--   * « Republier », an administrator's explicit act (republish_article), sets it to now.
-- An article taken back to draft and published again goes out anew (a draft has no publication time).
-- The service role and maintenance (current_user postgres) may still set an explicit time.

-- article_rules as 20261203090100_writing_desk.sql left it; only the « published » branch changes.
create or replace function private.article_rules() returns trigger
language plpgsql set search_path = '' as $$
declare
  trusted boolean := auth.role() is not distinct from 'service_role' or current_user = 'postgres';
begin
  if new.status in ('draft', 'review') then
    new.published_at := null;
  elsif new.status = 'published' then
    if tg_op = 'UPDATE' and not trusted and private.article_is_public(old.status, old.published_at) then
      -- Already out: an edit is an update, not a new publication.
      new.published_at := old.published_at;
    elsif new.published_at is null or new.published_at > pg_catalog.now() then
      new.published_at := pg_catalog.now();
    end if;
  elsif new.status = 'scheduled' and new.published_at is null then
    raise exception 'a scheduled article needs its publication time (published_at)' using errcode = '23502';
  end if;
  if tg_op = 'INSERT' then
    new.version := 1;
  else
    -- API roles cannot write updated_at (column grants); an explicit value comes from maintenance.
    if new.updated_at is not distinct from old.updated_at then
      new.updated_at := pg_catalog.now();
    end if;
    if new.version is distinct from old.version then
      raise exception 'article % was saved by someone else since version %', old.id, new.version
        using errcode = 'PT409', detail = 'stale_version',
              hint = format('Reload the article (now at version %s) before saving.', old.version);
    end if;
    new.version := old.version + 1;
  end if;
  -- The byline: an administrator signs an article with any newsroom member's name (a
  -- correspondent's piece); a journalist only with their own (also held by the row policies).
  if (tg_op = 'INSERT' or new.author_id is distinct from old.author_id) and not trusted then
    -- Outside the newsroom nobody writes articles: refused as the row policies would refuse it
    -- (this trigger runs before them), not as a byline problem.
    if not private.is_newsroom() then
      raise exception 'only the newsroom writes articles' using errcode = '42501';
    end if;
    if not private.is_admin() and new.author_id is distinct from auth.uid() then
      raise exception 'only administrators sign an article with another name' using errcode = '42501';
    end if;
    if new.author_id is null or not private.is_newsroom_member(new.author_id) then
      raise exception 'the author must be a member of the newsroom' using errcode = '23514', detail = 'author_not_newsroom';
    end if;
  end if;
  -- Going out (published, or scheduled) needs the alternative text of every image.
  if new.status in ('published', 'scheduled') and tg_op = 'UPDATE'
     and exists (select 1 from public.article_images i where i.article_id = new.id and i.alt_text is null) then
    raise exception 'every image needs its alternative text before the article goes out'
      using errcode = '23514', detail = 'alt_text_required';
  end if;
  return new;
end $$;
revoke execute on function private.article_rules() from public;

-- « Republier »: an administrator brings an article readers can see back as just published (a story
-- that changed so much it is news again). Returns the new publication time. Refusals: 42501
-- 'republish' (not an administrator), 23514 'not_public' (a draft, in review, scheduled for later,
-- or no such article). Runs as its owner so article_rules takes the time it sets.
create function public.republish_article(p_article_id uuid) returns timestamptz
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_at timestamptz;
begin
  if not private.is_admin() then
    raise exception 'Seuls les administrateurs republient un article.' using errcode = '42501', detail = 'republish';
  end if;
  update public.articles a set status = 'published', published_at = pg_catalog.now()
    where a.id = p_article_id and private.article_is_public(a.status, a.published_at)
    returning a.published_at into v_at;
  if v_at is null then
    raise exception 'Seul un article publié peut être republié.' using errcode = '23514', detail = 'not_public';
  end if;
  return v_at;
end $$;
revoke execute on function public.republish_article(uuid) from public, anon, authenticated, service_role;
grant execute on function public.republish_article(uuid) to authenticated;
