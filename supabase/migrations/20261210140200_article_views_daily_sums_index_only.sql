-- The sums of an article's days (« Les plus lus »' week, the analytics' top 10 over 7 to 90 days)
-- read its roll-up rows by key. With the count beside the key they are read from the index alone:
-- the 90-day top 10 summed 250,000 rows through the table (26,000 pages, 263 of its 377 ms at 100,000
-- articles and 5 million views).
create index article_views_daily_sums_idx on private.article_views_daily (article_id, day) include (views);
