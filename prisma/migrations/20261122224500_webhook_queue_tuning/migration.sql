-- webhook_deliveries is a queue: every row is updated twice (leased, then its outcome) soon after
-- it is inserted. Free room on each page lets the lease update stay HOT (no indexed column
-- changes), and vacuum/analyze run after 1-2% of the table changed instead of 10-20%, so the
-- claim's index scan does not wade through dead entries for long and its plan follows the data.
ALTER TABLE "webhook_deliveries" SET (
  fillfactor = 80,
  autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_threshold = 500,
  autovacuum_analyze_scale_factor = 0.02,
  autovacuum_analyze_threshold = 500
);
