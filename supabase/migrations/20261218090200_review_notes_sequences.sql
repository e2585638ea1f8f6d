-- The review notes' and notices' id sequences (20261218090000_review_notes_and_notices.sql): on a
-- project whose default privileges grant new sequences to the API roles, nobody but the status
-- change's trigger (their owner) may use them. No API role inserts a note or a notice.
revoke all on sequence public.article_notes_id_seq, public.notices_id_seq from anon, authenticated, service_role;
