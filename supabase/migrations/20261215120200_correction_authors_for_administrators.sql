-- Abuse-proof, fourth round, item 6: visitors lost author_id of corrections in 20261208090200, but
-- every signed-in account (a free reader account too) still read it: the table-wide select of
-- authenticated. Signed-in callers now read the same columns as visitors (the article page,
-- /corrections and the back office's corrections panel select just those). A column grant cannot
-- tell an administrator from a reader (both are authenticated), so administrators read who wrote
-- each correction of an article through correction_authors, which refuses everyone else.
revoke select on public.article_corrections from authenticated;
grant select (id, article_id, note, corrected_at, created_at) on public.article_corrections to authenticated;

create function public.correction_authors(p_article_id uuid)
returns table (id uuid, author_id uuid)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'administrators only' using errcode = '42501';
  end if;
  return query
    select c.id, c.author_id from public.article_corrections c
    where c.article_id = p_article_id
    order by c.corrected_at, c.id;
end $$;
revoke execute on function public.correction_authors(uuid) from public, anon, authenticated, service_role;
grant execute on function public.correction_authors(uuid) to authenticated, service_role;
