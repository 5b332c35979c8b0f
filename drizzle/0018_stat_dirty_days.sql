CREATE TABLE "stat_dirty_days" (
	"friend_id" integer NOT NULL,
	"day" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "stat_dirty_days_friend_id_day_source_pk" PRIMARY KEY("friend_id","day","source")
);
--> statement-breakpoint
-- A rolled-up message deleted or recounted marks its character's day dirty, in the deleting
-- transaction (every path: rewind, reset, a subject, an account or a character deleted).
-- The shared lock waits for a roll-up committing meanwhile, so the mark read after it is the
-- one that roll-up wrote; a roll-up waits for this transaction, so it sees the deletion.
CREATE OR REPLACE FUNCTION stat_upto(src text) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('stats-rollup:' || src));
  RETURN coalesce((SELECT upto_id FROM stat_rollup_marks WHERE source = src), 0);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_day(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_dirty_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE upto integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM gone) THEN RETURN NULL; END IF;
  upto := stat_upto('chat');
  INSERT INTO stat_dirty_days (friend_id, day, source)
    SELECT DISTINCT s.friend_id, stat_day(o.created_at), 'chat'
    FROM gone o JOIN subjects s ON s.id = o.subject_id
    WHERE o.id <= upto
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_stat_dirty AFTER DELETE ON messages
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION stat_dirty_messages();
--> statement-breakpoint
-- A subject deleted takes its messages by cascade, after it is gone: its days are marked
-- before, while its messages can still be read.
CREATE OR REPLACE FUNCTION stat_dirty_subject() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE upto integer;
BEGIN
  upto := stat_upto('chat');
  INSERT INTO stat_dirty_days (friend_id, day, source)
    SELECT DISTINCT OLD.friend_id, stat_day(m.created_at), 'chat'
    FROM messages m WHERE m.subject_id = OLD.id AND m.id <= upto
  ON CONFLICT DO NOTHING;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subjects_stat_dirty BEFORE DELETE ON subjects
  FOR EACH ROW EXECUTE FUNCTION stat_dirty_subject();
--> statement-breakpoint
-- A counted column of a rolled-up message changed (hidden, tokens, model).
CREATE OR REPLACE FUNCTION stat_dirty_message_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.id <= stat_upto('chat') THEN
    INSERT INTO stat_dirty_days (friend_id, day, source)
      SELECT s.friend_id, stat_day(OLD.created_at), 'chat' FROM subjects s WHERE s.id = OLD.subject_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_stat_recount AFTER UPDATE OF hidden, model, input_tokens, cached_input_tokens, output_tokens ON messages
  FOR EACH ROW WHEN (OLD.hidden IS DISTINCT FROM NEW.hidden OR OLD.model IS DISTINCT FROM NEW.model
    OR OLD.input_tokens IS DISTINCT FROM NEW.input_tokens
    OR OLD.cached_input_tokens IS DISTINCT FROM NEW.cached_input_tokens
    OR OLD.output_tokens IS DISTINCT FROM NEW.output_tokens)
  EXECUTE FUNCTION stat_dirty_message_row();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_dirty_group() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE upto integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM gone WHERE friend_id IS NOT NULL) THEN RETURN NULL; END IF;
  upto := stat_upto('group');
  INSERT INTO stat_dirty_days (friend_id, day, source)
    SELECT DISTINCT o.friend_id, stat_day(o.created_at), 'group'
    FROM gone o WHERE o.friend_id IS NOT NULL AND o.id <= upto
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_messages_stat_dirty AFTER DELETE ON group_messages
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION stat_dirty_group();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_dirty_group_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.friend_id IS NOT NULL AND OLD.id <= stat_upto('group') THEN
    INSERT INTO stat_dirty_days (friend_id, day, source)
      VALUES (OLD.friend_id, stat_day(OLD.created_at), 'group')
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_messages_stat_recount AFTER UPDATE OF model, input_tokens, cached_input_tokens, output_tokens ON group_messages
  FOR EACH ROW WHEN (OLD.model IS DISTINCT FROM NEW.model
    OR OLD.input_tokens IS DISTINCT FROM NEW.input_tokens
    OR OLD.cached_input_tokens IS DISTINCT FROM NEW.cached_input_tokens
    OR OLD.output_tokens IS DISTINCT FROM NEW.output_tokens)
  EXECUTE FUNCTION stat_dirty_group_row();
