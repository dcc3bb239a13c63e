ALTER TABLE "analytics_dirty_buckets" ADD COLUMN "statuses_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- As 0016's, and a bucket whose rows changed nothing but their status is marked statuses_only: the job then recounts
-- only the counters a status reads (messages, engagement), not the bucket's response times, events and presence.
CREATE OR REPLACE FUNCTION analytics_mark_messages_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_dirty_buckets (bucket, statuses_only)
  SELECT date_bin('15 minutes', t.at, timestamptz 'epoch'),
    bool_and((n.timestamp, n.sentiment_label, n.sentiment_score, n.direction, n.type, n.user_id, n.template_name, n.conversation_id)
      IS NOT DISTINCT FROM
             (o.timestamp, o.sentiment_label, o.sentiment_score, o.direction, o.type, o.user_id, o.template_name, o.conversation_id))
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  CROSS JOIN LATERAL (VALUES (n.timestamp), (o.timestamp)) t(at)
  WHERE (n.timestamp, n.status, n.sentiment_label, n.sentiment_score, n.direction, n.type, n.user_id, n.template_name,
         n.conversation_id)
    IS DISTINCT FROM
        (o.timestamp, o.status, o.sentiment_label, o.sentiment_score, o.direction, o.type, o.user_id, o.template_name,
         o.conversation_id)
  GROUP BY 1;
  RETURN NULL;
END $$;
