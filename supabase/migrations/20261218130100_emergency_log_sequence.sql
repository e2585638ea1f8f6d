-- The emergency log's id sequence (20261218130000_emergency_mode.sql): on a project whose default
-- privileges grant new sequences to the API roles, nobody but its trigger may use it. Lines are
-- written by the trigger (as its owner) alone; no API role needs the sequence.
revoke all on sequence public.emergency_mode_log_id_seq from anon, authenticated, service_role;
