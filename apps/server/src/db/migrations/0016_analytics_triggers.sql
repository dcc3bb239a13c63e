-- Writers never compute analytics: these statement-level triggers append the distinct 15-minute buckets a statement
-- touched to analytics_dirty_buckets (append-only, no unique index: a webhook never waits on it), and the rollup job
-- recomputes those buckets from the source rows. Named analytics_mark_<table>_<op> so they can be told apart.
CREATE FUNCTION analytics_mark_messages_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty_buckets (bucket)
  SELECT DISTINCT date_bin('15 minutes', n.timestamp, timestamptz 'epoch') FROM new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_mark_messages_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_messages_insert();
--> statement-breakpoint
-- Only changes the figures read (time, status, sentiment, sender, template) mark; both the old and the new time's bucket.
CREATE FUNCTION analytics_mark_messages_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty_buckets (bucket)
  SELECT DISTINCT date_bin('15 minutes', t.at, timestamptz 'epoch')
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  CROSS JOIN LATERAL (VALUES (n.timestamp), (o.timestamp)) t(at)
  WHERE (n.timestamp, n.status, n.sentiment_label, n.sentiment_score, n.direction, n.type, n.user_id, n.template_name,
         n.conversation_id)
    IS DISTINCT FROM
        (o.timestamp, o.status, o.sentiment_label, o.sentiment_score, o.direction, o.type, o.user_id, o.template_name,
         o.conversation_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_mark_messages_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_messages_update();
--> statement-breakpoint
CREATE FUNCTION analytics_mark_conversation_session_changes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty_buckets (bucket)
  SELECT DISTINCT date_bin('15 minutes', n.changed_at, timestamptz 'epoch') FROM new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_mark_conversation_session_changes_insert AFTER INSERT ON conversation_session_changes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_conversation_session_changes_insert();
--> statement-breakpoint
CREATE FUNCTION analytics_mark_flow_sessions_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty_buckets (bucket)
  SELECT DISTINCT date_bin('15 minutes', t.at, timestamptz 'epoch')
  FROM new_rows n CROSS JOIN LATERAL (VALUES (n.created_at), (n.ended_at)) t(at)
  WHERE n.conversation_id IS NOT NULL AND t.at IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_mark_flow_sessions_insert AFTER INSERT ON flow_sessions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_flow_sessions_insert();
--> statement-breakpoint
-- A session's every step updates it: only a change of its start or end marks.
CREATE FUNCTION analytics_mark_flow_sessions_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty_buckets (bucket)
  SELECT DISTINCT date_bin('15 minutes', t.at, timestamptz 'epoch')
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  CROSS JOIN LATERAL (VALUES (n.created_at), (n.ended_at), (o.created_at), (o.ended_at)) t(at)
  WHERE n.conversation_id IS NOT NULL AND t.at IS NOT NULL
    AND (n.created_at, n.ended_at, n.flow_id) IS DISTINCT FROM (o.created_at, o.ended_at, o.flow_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_mark_flow_sessions_update AFTER UPDATE ON flow_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mark_flow_sessions_update();
