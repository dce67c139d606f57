-- XLOG OVERWRITE_CONTRECORD (13.5+, 14.1+, 15+), as PostgreSQL's own src/test/recovery/t/026_overwrite_contrecord.pl
-- makes it: WAL filled to just before a segment's end, a record that starts there and continues into the next
-- segment, an immediate stop, that next segment deleted, a restart. Recovery ends at the record whose continuation
-- is gone and writes OVERWRITE_CONTRECORD where the continuation was (that page gets the flag
-- XLP_FIRST_IS_OVERWRITE_CONTRECORD); the aborted record's first part stays in the older segment.
-- Needs: --fresh-segment (corpus.tsv).

-- non-transactional logical messages of repeated bytes (small once gzip'd) up to 1-2 pages before the segment ends
DO $$
DECLARE
  segsize bigint := setting::bigint FROM pg_settings WHERE name = 'wal_segment_size';
  blcksz int := setting::int FROM pg_settings WHERE name = 'block_size';
  remain bigint;
BEGIN
  LOOP
    remain := segsize - (pg_current_wal_insert_lsn() - '0/0') % segsize;
    EXIT WHEN remain < 2 * blcksz AND remain > blcksz;
    IF remain > 4 * blcksz THEN
      PERFORM pg_logical_emit_message(false, 'walprism filler', repeat('f', least(remain - 3 * blcksz, 200000)::int));
    ELSE
      PERFORM pg_logical_emit_message(false, 'walprism filler', repeat('f', 100));
    END IF;
  END LOOP;
END $$;
SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS initfile \gset
-- a transactional message (flushed at its commit) of 5 pages: it starts in this segment and ends in the next
SELECT 'emitted' FROM pg_logical_emit_message(true, 'walprism aborted', repeat('xyzxz', 8192));
SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS endfile \gset
SELECT :'initfile' <> :'endfile' AS crosses_segment;
\setenv WALPRISM_CUT_FROM :endfile
\! $WALPRISM_CRASH_CUT
\c
-- the server after recovery: new records follow OVERWRITE_CONTRECORD and the end-of-recovery checkpoint
CREATE TABLE after_crash(a text);
INSERT INTO after_crash VALUES ('hello');
-- and a small vacuum (the corpus-wide Heap2 tests want Heap2 records in every capture)
INSERT INTO after_crash SELECT 'row ' || g FROM generate_series(1, 300) g;
DELETE FROM after_crash WHERE a LIKE '%1';
VACUUM (FREEZE) after_crash;
