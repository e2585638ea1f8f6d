-- A third newsroom role between reader and administrator (docs/product.md#roles). On its own: a new
-- enum value can be used only once the transaction that added it has committed, and every migration
-- file runs in a transaction of its own (on hosted Supabase as on the local stack).
alter type public.app_role add value if not exists 'journalist' before 'client';
