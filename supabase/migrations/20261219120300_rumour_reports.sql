-- « Signaler une rumeur » (issue 44): readers send, without an account, a rumour they saw (its text,
-- an optional link, an optional screenshot of at most 1 MB); the newsroom works through them in a
-- queue (« Nouveau », « En vérification », « Publié », « Écarté ») linked to the fact-check that
-- answers each. Reports and screenshots are never public: readers write them through
-- report_rumour() only (rate-limited as the contact form), and only the newsroom reads them.
-- Screenshots are kept 90 days (purge_rumour_screenshots, the server's housekeeping); the report's
-- text stays.

create table public.rumour_reports (
  id uuid primary key default gen_random_uuid(),
  body text not null constraint rumour_reports_body_check check (pg_catalog.char_length(pg_catalog.btrim(body)) between 1 and 2000),
  link text constraint rumour_reports_link_check check (link ~ '^https?://\S+$' and pg_catalog.char_length(link) <= 2048),
  status text not null default 'new'
    constraint rumour_reports_status_check check (status in ('new', 'checking', 'published', 'dismissed')),
  -- The fact-check that answers it (« Publié »).
  fact_check_id uuid references public.articles (id) on delete set null,
  created_at timestamptz not null default now()
);
create index rumour_reports_queue_idx on public.rumour_reports (status, created_at desc);
create index rumour_reports_fact_check_idx on public.rumour_reports (fact_check_id) where fact_check_id is not null;

-- Apart from the report: a screenshot is read only when opened, and purged on its own.
create table public.rumour_screenshots (
  report_id uuid primary key references public.rumour_reports (id) on delete cascade,
  content_type text not null constraint rumour_screenshots_type_check check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
  image bytea not null constraint rumour_screenshots_size_check check (pg_catalog.octet_length(image) between 1 and 1048576),
  created_at timestamptz not null default now()
);
create index rumour_screenshots_age_idx on public.rumour_screenshots (created_at);

alter table public.rumour_reports enable row level security;
alter table public.rumour_screenshots enable row level security;
revoke all on table public.rumour_reports, public.rumour_screenshots from public, anon, authenticated, service_role;
grant select on table public.rumour_reports, public.rumour_screenshots to authenticated;
-- The queue's work: a status, and the fact-check that answers it.
grant update (status, fact_check_id) on public.rumour_reports to authenticated;
grant all on table public.rumour_reports, public.rumour_screenshots to service_role;

create policy "the newsroom reads reports" on public.rumour_reports for select to authenticated using (private.is_newsroom());
create policy "the newsroom works the queue" on public.rumour_reports for update to authenticated
  using (private.is_newsroom()) with check (private.is_newsroom());
create policy "the newsroom reads screenshots" on public.rumour_screenshots for select to authenticated using (private.is_newsroom());

-- A reader's report. The screenshot comes as base64 with its type; over 1 MB, or of another type, it
-- is refused (22023, detail 'screenshot'), as a text empty or over 2,000 characters ('body') or a
-- link that is not http(s) ('link'). A filled honeypot (p_website) is taken and dropped. Refused
-- with PT429 'rate_limited' past 5 reports in 10 minutes from one client (20 from one address), as
-- the contact form.
create function public.report_rumour(p_body text, p_link text default null, p_screenshot text default null,
                                     p_screenshot_type text default null, p_website text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_body text := private.trimmed(p_body);
  v_link text := nullif(private.trimmed(p_link), '');
  v_image bytea;
  v_id uuid;
begin
  if private.trimmed(p_website) <> '' then
    return;
  end if;
  if pg_catalog.char_length(v_body) not between 1 and 2000 then
    raise exception 'the report must have 1 to 2000 characters' using errcode = '22023', detail = 'body';
  end if;
  if v_link is not null and (v_link !~ '^https?://\S+$' or pg_catalog.char_length(v_link) > 2048) then
    raise exception 'the link must be an http(s) address' using errcode = '22023', detail = 'link';
  end if;
  if nullif(p_screenshot, '') is not null then
    begin
      v_image := pg_catalog.decode(p_screenshot, 'base64');
    exception when others then
      raise exception 'the screenshot is not base64' using errcode = '22023', detail = 'screenshot';
    end;
    if pg_catalog.octet_length(v_image) not between 1 and 1048576
       or p_screenshot_type is null or p_screenshot_type not in ('image/jpeg', 'image/png', 'image/webp') then
      raise exception 'the screenshot must be a JPEG, PNG or WebP picture of at most 1 MB' using errcode = '22023', detail = 'screenshot';
    end if;
  end if;
  if not private.allow_form_send('rumour', 5, 20, interval '10 minutes') then
    raise exception 'too many reports from this client: try again in a few minutes' using errcode = 'PT429', detail = 'rate_limited';
  end if;
  insert into public.rumour_reports (body, link) values (v_body, v_link) returning id into v_id;
  if v_image is not null then
    insert into public.rumour_screenshots (report_id, content_type, image) values (v_id, p_screenshot_type, v_image);
  end if;
end $$;
revoke execute on function public.report_rumour(text, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.report_rumour(text, text, text, text, text) to anon, authenticated, service_role;

-- Screenshots older than 90 days go (the report's text stays): the server's housekeeping calls it.
-- Returns how many went.
create function public.purge_rumour_screenshots() returns integer
language sql volatile security definer set search_path = '' as $$
  with gone as (
    delete from public.rumour_screenshots where created_at operator(pg_catalog.<) (pg_catalog.now() operator(pg_catalog.-) interval '90 days')
    returning 1)
  select pg_catalog.count(*)::integer from gone
$$;
revoke execute on function public.purge_rumour_screenshots() from public, anon, authenticated, service_role;
grant execute on function public.purge_rumour_screenshots() to service_role;
