-- The front page's topic strip (issue 42 item 3, docs/product.md#home): « La une » may pin one
-- country or topic (« Élections au Sénégal »); the home page then shows a light strip linking to
-- its page with its newest articles' titles. One row, always there: tag_id null is no strip.
-- Administrators (the newsroom's editors, who pin « À la une ») choose it; anyone reads it.

create table public.front_page_topic (
  id boolean primary key default true check (id),
  -- A tag that goes (deleted when on no article) takes the strip with it.
  tag_id uuid references public.tags (id) on delete set null,
  updated_at timestamptz not null default now()
);
insert into public.front_page_topic (id) values (true);

alter table public.front_page_topic enable row level security;
revoke all on public.front_page_topic from public, anon, authenticated, service_role;
grant all on public.front_page_topic to service_role;
grant select on public.front_page_topic to anon, authenticated;
grant update (tag_id) on public.front_page_topic to authenticated;
create policy "the front page's topic is public" on public.front_page_topic for select using (true);
-- A hidden tag has no page to lead to: it cannot be pinned.
create policy "administrators pin a topic" on public.front_page_topic for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin())
              and (tag_id is null or exists (select 1 from public.tags t where t.id = tag_id and not t.hidden)));

-- When it was chosen (for the back office), whoever writes it.
create function private.front_page_topic_touched() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end $$;
revoke execute on function private.front_page_topic_touched() from public;
create trigger touched before update on public.front_page_topic
  for each row execute function private.front_page_topic_touched();

-- The home page shows it: the content version moves and the edge drops `front` (20261216090000).
-- (A pinned tag renamed or hidden purges its `tag-<id>`, which the home page also carries.)
create function private.front_page_topic_public_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.tag_id is distinct from old.tag_id then
    perform private.record_public_change(array['front'], '{}');
  end if;
  return null;
end $$;
revoke execute on function private.front_page_topic_public_change() from public;
create trigger public_change after update on public.front_page_topic
  for each row execute function private.front_page_topic_public_change();
