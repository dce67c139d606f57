-- XLOG END_OF_RECOVERY: the stopped primary's data directory started as a standby (standby.signal, no primary to
-- stream from: it replays its own pg_wal) and promoted with pg_ctl promote, which writes END_OF_RECOVERY as the
-- first record of timeline 2 (the tool's WALPRISM_PROMOTE; see capture.sh). The whole range stays in its first
-- segment's timeline-2 copy, so the corpus reads one timeline. Needs: --fresh-segment (corpus.tsv).
CREATE TABLE eor(id int, v text) WITH (autovacuum_enabled = off);
INSERT INTO eor SELECT g, 'primary' FROM generate_series(1, 100) g;
\! $WALPRISM_PROMOTE
\c
SELECT pg_is_in_recovery() AS in_recovery;
-- the promoted server writes on timeline 2
INSERT INTO eor SELECT g, 'promoted' FROM generate_series(101, 200) g;
UPDATE eor SET v = v || '!' WHERE id % 10 = 0;
-- and a small vacuum on the new timeline (the corpus-wide Heap2 tests want Heap2 records in every capture)
DELETE FROM eor WHERE id % 3 = 0;
VACUUM (FREEZE) eor;
