-- The field outbox (issue 46): a new article gets its id on the journalist's phone, so a save kept
-- offline and sent again when the network returns, or a create whose answer was lost and is
-- retried, makes one article: the second insert of the same id is refused by the primary key and
-- the editor finds the article it made. Only the insert names the id; an update never moves it.
-- The insert policies are unchanged (who may write, as whom, in which category).
grant insert (id) on public.articles to authenticated;
