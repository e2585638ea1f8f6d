-- Views of readers who run no JavaScript (Opera Mini's extreme mode, a lite page with scripts off;
-- issue 41): the article page carries a <noscript> picture the site's server answers, and the
-- server, which alone sees that reader, counts the view as the service role. The reader is told
-- apart exactly as a view from the browser (first_read's salted digest of address and agent): the
-- server passes the address and agent it saw, set as this transaction's request headers, which is
-- all first_read reads. Neither is stored.
create function public.record_served_view(p_article_id uuid, p_channel text, p_kind text, p_address text, p_agent text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_address is null or char_length(p_address) not between 1 and 64 then
    raise exception 'record_served_view: p_address must be the reader''s address' using errcode = '22023';
  end if;
  perform pg_catalog.set_config('request.headers', pg_catalog.jsonb_build_object(
    'cf-connecting-ip', p_address, 'x-real-ip', p_address, 'x-forwarded-for', p_address,
    'user-agent', pg_catalog.left(coalesce(p_agent, ''), 512))::text, true);
  perform public.record_article_view(p_article_id, p_channel, p_kind, null);
end $$;
revoke execute on function public.record_served_view(uuid, text, text, text, text) from public, anon, authenticated;
grant execute on function public.record_served_view(uuid, text, text, text, text) to service_role;
