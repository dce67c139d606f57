-- Setup of slru_truncate (see slru_truncate.sql): multixacts and transactions enough to fill whole SLRU
-- segments, so that freezing every database in the measured range lets VACUUM truncate them.
-- Needs: --set track_commit_timestamp=on (corpus.tsv)
CREATE TABLE m(id int PRIMARY KEY) WITH (autovacuum_enabled = off);
INSERT INTO m SELECT generate_series(1, 70000);
-- a multixact per row: this transaction locks it FOR KEY SHARE, a subtransaction FOR SHARE (two lockers);
-- 70,000 multixacts pass the first pg_multixact/offsets segment (32 pages of 2,048)
DO $$
DECLARE r int;
BEGIN
  FOR r IN SELECT id FROM m LOOP
    PERFORM 1 FROM m WHERE id = r FOR KEY SHARE;
    BEGIN
      PERFORM 1 FROM m WHERE id = r FOR SHARE;
    EXCEPTION WHEN others THEN RAISE;
    END;
  END LOOP;
END $$;
-- transactions past the first pg_xact segment (32 pages of 32,768 xids) and several commit timestamp segments
CREATE PROCEDURE burn_xids(n int) LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1..n LOOP
    PERFORM pg_current_xact_id();
    COMMIT;
  END LOOP;
END $$;
CALL burn_xids(1100000);
UPDATE pg_database SET datallowconn = true WHERE datname = 'template0';
CHECKPOINT;
