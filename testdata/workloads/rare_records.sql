-- Records the other workloads do not make: B-tree page deletion and reuse, left splits and simple deletion,
-- CLOG ZEROPAGE, NEXTOID, FPW_CHANGE, PARAMETER_CHANGE, CHECKPOINT_SHUTDOWN (a clean restart, and the
-- checkpoint that ends crash recovery, which a primary logs as a shutdown checkpoint), tablespaces, a catalog rewrite under logical decoding (Heap2 REWRITE), locking an updated tuple chain (Heap2
-- LOCK_UPDATED). Needs: --set wal_level=logical --set track_commit_timestamp=on (corpus.tsv).

-- B-tree: delete most keys, VACUUM deletes the empty pages (MARK_PAGE_HALFDEAD, UNLINK_PAGE), a second VACUUM
-- records the deleted pages for the next cleanup (META_CLEANUP), then inserts reuse them (REUSE_PAGE) and
-- split pages in the middle of the key space (SPLIT_L as well as SPLIT_R).
DELETE FROM bt WHERE id > 500;
VACUUM bt;
SELECT count(*) > 0 AS busy FROM (SELECT pg_current_xact_id()) x;
VACUUM bt;
INSERT INTO bt SELECT (g * 7919) % 10000 + 1, repeat('z', 20) FROM generate_series(1, 6000) g;
-- simple deletion: an index scan marks the dead entries LP_DEAD, inserts into their full leaf pages delete them
DELETE FROM bd WHERE k % 2 = 0;
SET enable_seqscan = off; SET enable_bitmapscan = off;
SELECT count(*) FROM bd WHERE k >= 0;
RESET enable_seqscan; RESET enable_bitmapscan;
INSERT INTO bd SELECT g % 500, repeat('w', 20) FROM generate_series(1, 10000) g;

-- CLOG ZEROPAGE: the setup stopped 8 xids before a CLOG page ends
CALL commit_until_clog(10);

-- NEXTOID: more OIDs than one prefetch (8192) hands out
SELECT count(lo_create(0)) FROM generate_series(1, 9000);

-- Heap2 LOCK_UPDATED: while this session's no-key UPDATE is in progress, another session locks the old
-- version FOR KEY SHARE (no conflict) and follows the update chain (heap_lock_updated_tuple)
BEGIN;
UPDATE lk SET v = v + 1 WHERE id = 1;
\! psql -X -q -c 'SELECT v FROM lk WHERE id = 1 FOR KEY SHARE' >/dev/null
COMMIT;

-- a catalog rewrite with a logical slot: Heap2 REWRITE (logical rewrite mappings), and NEW_CID
CREATE TABLE rw2(id int);
VACUUM FULL pg_class;
SELECT count(*) >= 0 AS decoded FROM pg_logical_slot_get_changes('walprism', NULL, NULL);

-- tablespaces
CREATE TABLESPACE walprism_ts LOCATION :'tsdir';
CREATE TABLE ts_t(id int) TABLESPACE walprism_ts;
INSERT INTO ts_t VALUES (1);
DROP TABLE ts_t;
DROP TABLESPACE walprism_ts;

-- full_page_writes off and on again: the checkpointer logs FPW_CHANGE for each
ALTER SYSTEM SET full_page_writes = off;
SELECT pg_reload_conf();
SELECT pg_sleep(1);
CHECKPOINT;
ALTER SYSTEM SET full_page_writes = on;
SELECT pg_reload_conf();
SELECT pg_sleep(1);
CHECKPOINT;

-- a parameter that standbys must match, changed across a clean restart: CHECKPOINT_SHUTDOWN, then at startup
-- PARAMETER_CHANGE
ALTER SYSTEM SET max_wal_senders = 7;
\! $WALPRISM_RESTART
\c
SHOW max_wal_senders;
-- a crash: stop -m immediate, crash recovery at the next start (its end-of-recovery checkpoint)
INSERT INTO rw SELECT generate_series(1, 100);
\! $WALPRISM_CRASH
\c
SELECT count(*) FROM rw;
