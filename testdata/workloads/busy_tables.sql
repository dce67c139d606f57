-- Dead tuples in p (updates, an index), q (TOAST: updated documents) and r (deletes); r is vacuumed with VACUUM
-- (VERBOSE), p and q by autovacuum once the range enables it, while pgbench (busy_tables.pgbench) updates h beside
-- this script and autovacuum vacuums h too. The server log marks the measured range.
DO $$ BEGIN RAISE LOG 'walprism: measured range starts'; END $$;
UPDATE p SET v = v + 1 WHERE id % 4 = 0;
UPDATE q SET doc = doc || 'x' WHERE id % 3 = 0;
DELETE FROM r WHERE id % 5 = 0;
VACUUM (VERBOSE) r;
CREATE TEMP TABLE before AS SELECT relname, autovacuum_count FROM pg_stat_user_tables WHERE relname IN ('p', 'q');
ALTER TABLE p SET (autovacuum_enabled = on);
ALTER TABLE q SET (autovacuum_enabled = on);
DO $$
DECLARE n int := 0;
BEGIN
  LOOP
    PERFORM pg_stat_clear_snapshot();
    EXIT WHEN (SELECT count(*) FROM pg_stat_user_tables s JOIN before b USING (relname)
               WHERE s.autovacuum_count > b.autovacuum_count) = 2;
    PERFORM pg_sleep(0.1);
    n := n + 1;
    IF n > 900 THEN
      RAISE EXCEPTION 'autovacuum did not vacuum p and q within 90 s';
    END IF;
  END LOOP;
END $$;
-- The range ends when pgbench has ended (it runs -T seconds) and autovacuum is off and idle, so that every run
-- of the WAL range is between the log's marks.
DO $$
DECLARE n int := 0;
BEGIN
  LOOP
    PERFORM pg_stat_clear_snapshot();
    EXIT WHEN (SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pgbench') = 0;
    PERFORM pg_sleep(0.1);
    n := n + 1;
    IF n > 600 THEN
      RAISE EXCEPTION 'pgbench did not end within 60 s';
    END IF;
  END LOOP;
END $$;
ALTER SYSTEM SET autovacuum = off;
SELECT pg_reload_conf();
DO $$
DECLARE n int := 0;
BEGIN
  LOOP
    PERFORM pg_sleep(0.2);
    PERFORM pg_stat_clear_snapshot();
    EXIT WHEN (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker') = 0;
    n := n + 1;
    IF n > 300 THEN
      RAISE EXCEPTION 'autovacuum workers still running after 60 s';
    END IF;
  END LOOP;
END $$;
DO $$ BEGIN RAISE LOG 'walprism: measured range ends'; END $$;
