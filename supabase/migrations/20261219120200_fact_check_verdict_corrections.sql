-- « Vrai ou faux » (issue 44): a verdict readers have seen never changes silently. Changing the
-- verdict of a public fact-check adds a correction note in the same transaction (« Verdict
-- modifié : « Faux » devient « Trompeur ». »), signed by whoever saved it: it shows under the
-- article and on /corrections, and moves the article's « Mis à jour » and dateModified, as every
-- correction does. Administrators may then complete the note with the why (corrections are theirs
-- to edit). A verdict changed before readers saw it is no correction.

create function private.fact_check_verdict_label(p_verdict text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case p_verdict
    when 'true' then 'Vrai' when 'mostly_true' then 'Plutôt vrai' when 'unproven' then 'Non prouvé'
    when 'misleading' then 'Trompeur' when 'exaggerated' then 'Exagéré' when 'false' then 'Faux' end
$$;
revoke execute on function private.fact_check_verdict_label(text) from public;

-- A definer: the note is written for the saver, whom the corrections' policies let write only
-- through this (a journalist never changes a public article anyway: its row policies refuse).
create function private.fact_check_verdict_correction() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.format operator(pg_catalog.=) 'factcheck'
     and private.article_is_public(old.status, old.published_at)
     and private.article_is_public(new.status, new.published_at)
     and old.fact_check operator(pg_catalog.->>) 'verdict' is not null then
    insert into public.article_corrections (article_id, note, corrected_at, author_id)
    values (new.id,
            pg_catalog.format('Verdict modifié : « %s » devient « %s ».',
                              private.fact_check_verdict_label(old.fact_check operator(pg_catalog.->>) 'verdict'),
                              coalesce(private.fact_check_verdict_label(new.fact_check operator(pg_catalog.->>) 'verdict'), 'sans verdict')),
            pg_catalog.now(), auth.uid());
  end if;
  return null;
end $$;
revoke execute on function private.fact_check_verdict_correction() from public;
create trigger fact_check_verdict_correction after update of fact_check on public.articles
  for each row when (old.fact_check ->> 'verdict' is distinct from new.fact_check ->> 'verdict')
  execute function private.fact_check_verdict_correction();
