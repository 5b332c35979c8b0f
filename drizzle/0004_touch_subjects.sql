-- A new message makes its subject the most recent one, in the same statement (one round
-- trip and one commit per message instead of two).
CREATE OR REPLACE FUNCTION touch_subject() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subjects SET touched_at = now() WHERE id = NEW.subject_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_touch_subject AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION touch_subject();
