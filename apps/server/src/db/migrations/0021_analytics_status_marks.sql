ALTER TABLE "analytics_dirty_buckets" ADD COLUMN "statuses_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- As 0016's, and a bucket whose rows changed nothing but their status is marked statuses_only: the job then recounts
-- only the counters a status reads (messages, engagement), not the bucket's response times, events and presence.
CREATE OR REPLACE FUNCTION analytics_mark_messages_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty_buckets (bucket, statuses_only)
  SELECT date_bin('15 minutes', t.at, timestamptz 'epoch'), bool_and(c.rest_same)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  -- Whether everything the figures read but the status stayed the same.
  CROSS JOIN LATERAL (
    SELECT (n.timestamp, n.sentiment_label, n.sentiment_score, n.direction, n.type, n.user_id, n.template_name, n.conversation_id)
      IS NOT DISTINCT FROM
           (o.timestamp, o.sentiment_label, o.sentiment_score, o.direction, o.type, o.user_id, o.template_name, o.conversation_id)
      AS rest_same
  ) c
  CROSS JOIN LATERAL (VALUES (n.timestamp), (o.timestamp)) t(at)
  WHERE NOT c.rest_same OR n.status IS DISTINCT FROM o.status
  GROUP BY 1;
  RETURN NULL;
END $$;
