-- Realtime Authorization for the live home page (issue 12): the page joins the private channel
-- `home-articles`. Realtime lets a client join a private channel only if a select policy on
-- realtime.messages lets it read the topic's broadcast or presence, and relays what it sends only
-- if an insert policy lets it write. Anyone may receive here (the row changes it delivers are
-- still filtered by RLS on articles); no policy lets anyone send, so only the service role, which
-- bypasses RLS, could broadcast or track presence on it.
create policy "home page channel is readable by everyone" on realtime.messages for select to anon, authenticated
  using (realtime.topic() = 'home-articles' and realtime.messages.extension = 'broadcast');
