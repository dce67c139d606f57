-- Dead tuples in e (updates) and f (a deleted tail: autovacuum truncates it), then autovacuum enabled on both;
-- while waiting for it to vacuum them, another backend's transaction keeps updating g. The server log marks the
-- measured range: autovacuum's entries between the two marks are the runs of the range.
DO $$ BEGIN RAISE LOG 'walprism: measured range starts'; END $$;
UPDATE e SET v = v + 1 WHERE id % 3 = 0;
DELETE FROM f WHERE id > 2000 * :scale;
CREATE TEMP TABLE before AS SELECT relname, autovacuum_count FROM pg_stat_user_tables WHERE relname IN ('e', 'f');
ALTER TABLE e SET (autovacuum_enabled = on);
ALTER TABLE f SET (autovacuum_enabled = on);
DO $$
DECLARE n int := 0;
BEGIN
  LOOP
    PERFORM pg_stat_clear_snapshot();
    EXIT WHEN (SELECT count(*) FROM pg_stat_user_tables s JOIN before b USING (relname)
               WHERE s.autovacuum_count > b.autovacuum_count) = 2;
    UPDATE g SET v = v + 1 WHERE id = n % 100 + 1;
    PERFORM pg_sleep(0.1);
    n := n + 1;
    IF n > 900 THEN
      RAISE EXCEPTION 'autovacuum did not vacuum e and f within 90 s';
    END IF;
  END LOOP;
END $$;
DO $$ BEGIN RAISE LOG 'walprism: measured range ends'; END $$;
