-- « Sources » counts every page a visit reads, not only articles (issue 41: « each page view … gets
-- one channel »): a view of the front page, a section, a country… may now say the visit's channel
-- and page kind, as an article's view does, and the views' fold (20261220100000) adds it to the
-- site's roll-up by channel. The reader's script sends no channel with an article page's own page
-- view: that page's view is counted once, by record_article_view. Both arguments stay optional, so
-- a page loaded before this release still counts, unattributed.
drop function public.record_page_view(text);
create function public.record_page_view(p_path text, p_channel text default null, p_kind text default null) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_path is null or char_length(p_path) not between 1 and 512 or left(p_path, 1) <> '/' then
    raise exception 'record_page_view: path must start with / and be at most 512 characters' using errcode = '22023';
  end if;
  if p_channel is not null and not p_channel = any (private.channel_names()) then
    raise exception 'record_page_view: unknown channel %', p_channel using errcode = '22023';
  end if;
  if p_kind is not null and p_kind not in ('full', 'lite') then
    raise exception 'record_page_view: p_kind must be full or lite' using errcode = '22023';
  end if;
  if private.first_read('page:' || p_path) then
    insert into private.views_inbox (path, channel, page_kind)
    values (p_path, p_channel, case when p_channel is not null then coalesce(p_kind, 'full') end);
    perform private.fold_views_after_view();
  end if;
end $$;
revoke execute on function public.record_page_view(text, text, text) from public;
grant execute on function public.record_page_view(text, text, text) to anon, authenticated, service_role;
