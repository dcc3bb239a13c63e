-- Reads sum count and total over ranges of the rollups' primary keys: with both in the keys' leaves (INCLUDE) a read
-- is an index-only scan of the rows of the vacuumed (all-visible) pages instead of a heap fetch per row. Drizzle's
-- schema cannot say INCLUDE, so the keys keep their names and columns there.
ALTER TABLE "analytics_counts" DROP CONSTRAINT "analytics_counts_measure_dimension_bucket_value_key_pk",
  ADD CONSTRAINT "analytics_counts_measure_dimension_bucket_value_key_pk" PRIMARY KEY ("measure", "dimension", "bucket", "value", "key") INCLUDE ("count", "total");--> statement-breakpoint
ALTER TABLE "analytics_local_counts" DROP CONSTRAINT "analytics_local_counts_grain_measure_dimension_period_start_value_key_pk",
  ADD CONSTRAINT "analytics_local_counts_grain_measure_dimension_period_start_value_key_pk" PRIMARY KEY ("grain", "measure", "dimension", "period_start", "value", "key") INCLUDE ("count", "total");
