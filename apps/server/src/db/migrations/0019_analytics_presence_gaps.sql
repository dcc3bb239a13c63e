CREATE TABLE "analytics_presence_gaps" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"previous_day" date NOT NULL,
	"count" integer NOT NULL,
	"running" integer NOT NULL,
	CONSTRAINT "analytics_presence_gaps_kind_day_previous_day_pk" PRIMARY KEY("kind","day","previous_day")
);
--> statement-breakpoint
CREATE INDEX "analytics_presence_subject_days_idx" ON "analytics_presence" USING btree ("kind","subject_id","period_start") WHERE "analytics_presence"."period" = 'day';--> statement-breakpoint
-- analytics_presence_gaps follows analytics_presence's day rows: each added day counts under the subject's previous
-- active day, and when added days land before a day already there (a late message, a recomputed bucket) that day moves
-- from its earlier previous day to the last of them. The touched days' running counts are then redone from their rows, and
-- rows left at zero go. Duplicates skipped by ON CONFLICT DO NOTHING are not in new_rows. Rows are only ever added or
-- truncated (a rebuild): nothing deletes single presence rows.
CREATE FUNCTION analytics_presence_gaps_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH added AS (
    SELECT n.kind, n.subject_id, n.period_start AS day FROM new_rows n WHERE n.period = 'day'
  ), placed AS (
    SELECT a.*, coalesce(before.day, '-infinity') AS previous_day, after.day AS next_day
    FROM added a
    LEFT JOIN LATERAL (
      SELECT p.period_start AS day FROM analytics_presence p
      WHERE p.period = 'day' AND p.kind = a.kind AND p.subject_id = a.subject_id AND p.period_start < a.day
      ORDER BY p.period_start DESC LIMIT 1
    ) before ON true
    LEFT JOIN LATERAL (
      SELECT p.period_start AS day FROM analytics_presence p
      WHERE p.period = 'day' AND p.kind = a.kind AND p.subject_id = a.subject_id AND p.period_start > a.day
      ORDER BY p.period_start LIMIT 1
    ) after ON true
  ), linked AS (
    -- Whether the day before and the day after are added too.
    SELECT pl.*, before_added.day IS NOT NULL AS follows_added, after_added.day IS NOT NULL AS precedes_added
    FROM placed pl
    LEFT JOIN added before_added
      ON before_added.kind = pl.kind AND before_added.subject_id = pl.subject_id AND before_added.day = pl.previous_day
    LEFT JOIN added after_added
      ON after_added.kind = pl.kind AND after_added.subject_id = pl.subject_id AND after_added.day = pl.next_day
  ), runs AS (
    -- A subject's added days with no day already there between them form a run.
    SELECT l.*, count(*) FILTER (WHERE NOT l.follows_added) OVER (PARTITION BY l.kind, l.subject_id ORDER BY l.day) AS run
    FROM linked l
  ), moved AS (
    -- The day already there right after a run had the day before the run as its previous day; now the run's last.
    SELECT * FROM (
      SELECT r.kind, r.next_day AS day, r.day AS previous_day, r.next_day IS NOT NULL AND NOT r.precedes_added AS ends_run,
        first_value(r.previous_day) OVER (PARTITION BY r.kind, r.subject_id, r.run ORDER BY r.day) AS was_previous_day
      FROM runs r
    ) m
    WHERE m.ends_run
  ), change AS (
    SELECT d.kind, d.day::date AS day, d.previous_day::date AS previous_day, sum(d.delta)::int AS delta
    FROM (
      SELECT kind, day, previous_day, 1 AS delta FROM placed
      UNION ALL SELECT kind, day, previous_day, 1 FROM moved
      UNION ALL SELECT kind, day, was_previous_day, -1 FROM moved
    ) d
    GROUP BY 1, 2, 3
  ), merged AS (
    SELECT kind, day, previous_day, g.count AS was_count, g.running AS was_running,
      coalesce(g.count, 0) + coalesce(c.delta, 0) AS count
    FROM (SELECT g.* FROM analytics_presence_gaps g WHERE (g.kind, g.day) IN (SELECT kind, day FROM change)) g
    FULL JOIN change c USING (kind, day, previous_day)
  ), final AS (
    SELECT m.*, sum(m.count) OVER (PARTITION BY m.kind, m.day ORDER BY m.previous_day)::int AS running FROM merged m
  ), emptied AS (
    DELETE FROM analytics_presence_gaps g USING final f
    WHERE f.count = 0 AND f.was_count IS NOT NULL
      AND g.kind = f.kind AND g.day = f.day AND g.previous_day = f.previous_day
  )
  INSERT INTO analytics_presence_gaps (kind, day, previous_day, count, running)
  SELECT f.kind, f.day, f.previous_day, f.count, f.running FROM final f
  WHERE f.count > 0 AND (f.count, f.running) IS DISTINCT FROM (f.was_count, f.was_running)
  ON CONFLICT (kind, day, previous_day) DO UPDATE SET count = excluded.count, running = excluded.running;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_presence_gaps_insert AFTER INSERT ON analytics_presence
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_presence_gaps_insert();
--> statement-breakpoint
-- A rebuild truncates analytics_presence: the gaps start afresh with it.
CREATE FUNCTION analytics_presence_gaps_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE analytics_presence_gaps;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_presence_gaps_truncate AFTER TRUNCATE ON analytics_presence
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_presence_gaps_truncate();
--> statement-breakpoint
-- The presence already recorded.
INSERT INTO analytics_presence_gaps (kind, day, previous_day, count, running)
SELECT kind, day, previous_day, count(*)::int, (sum(count(*)) OVER (PARTITION BY kind, day ORDER BY previous_day))::int
FROM (
  SELECT p.kind, p.period_start::date AS day,
    coalesce(lag(p.period_start) OVER (PARTITION BY p.kind, p.subject_id ORDER BY p.period_start), '-infinity')::date AS previous_day
  FROM analytics_presence p
  WHERE p.period = 'day'
) d
GROUP BY 1, 2, 3;
