-- The resource managers the vacuum/hot/pgbench workloads never touch, a few thousand records in all:
-- Hash, Gin, Gist, SPGist, BRIN, Generic (bloom), CommitTs, ReplicationOrigin, LogicalMessage, MultiXact, RelMap,
-- Database, Sequence, two-phase commit, subtransactions (ASSIGNMENT, top-level xid in records), records of a
-- replication origin session, main data over 255 bytes, XLOG BACKUP_END / RESTORE_POINT.
-- Needs: --set wal_level=logical --set track_commit_timestamp=on --set max_prepared_transactions=5 (corpus.tsv)
SELECT current_setting('server_version_num')::int >= 150000 AS pg15 \gset
-- CommitTs ZEROPAGE: setup stopped a few xids before a commit timestamp page ends
CALL commit_until(0);

-- index access methods on empty tables: Hash INIT_META_PAGE/INIT_BITMAP_PAGE, BRIN CREATE_INDEX, builds
CREATE INDEX hs_hash ON hs USING hash (k) WITH (fillfactor = 10);
CREATE INDEX gk_ptree ON gk USING gin ((ARRAY[longkey(n, 2680)])) WITH (fastupdate = off);
CREATE INDEX gk_pending ON gk USING gin ((ARRAY[longkey(n % 4, 900)])) WITH (fastupdate = on);
CREATE INDEX g_gist ON g USING gist (p) INCLUDE (t);
CREATE INDEX g_spg_t ON g USING spgist (t);
CREATE INDEX g_spg_p ON g USING spgist (p);
CREATE INDEX g_brin ON g USING brin (i) WITH (pages_per_range = 1);
CREATE INDEX g_bloom ON g USING bloom (i);

-- Hash: 430 equal keys overflow one bucket (ADD_OVFL_PAGE), 60 more keys split buckets (fillfactor 10)
COPY hs(k) FROM PROGRAM 'yes 0 | head -n 430';
INSERT INTO hs(k) SELECT g FROM generate_series(1, 60) g;
DELETE FROM hs WHERE ctid IN (SELECT ctid FROM hs WHERE k = 0 LIMIT 60);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT count(*) AS kill_dead_items FROM hs WHERE k = 0;
INSERT INTO hs(k) VALUES (0);   -- the full bucket page has dead items: VACUUM_ONE_PAGE
RESET enable_seqscan;
RESET enable_bitmapscan;
DELETE FROM hs WHERE ctid IN (SELECT ctid FROM hs WHERE k = 0 ORDER BY ctid DESC LIMIT 10);
DELETE FROM hs WHERE k BETWEEN 1 AND 20;
VACUUM hs;                      -- DELETE, SPLIT_CLEANUP, SQUEEZE_PAGE / MOVE_PAGE_CONTENTS, UPDATE_META_PAGE

-- Gin: keys near the size limit turn into a posting tree after a few rows (CREATE_PTREE) and split entry pages;
-- the fastupdate index fills its pending list (INSERT_LISTPAGE, UPDATE_META_PAGE) and flushes it (DELETE_LISTPAGE)
INSERT INTO gk SELECT CASE WHEN g % 6 = 0 THEN g ELSE 0 END FROM generate_series(1, 42) g;
SELECT gin_clean_pending_list('gk_pending') > 0 AS flushed;
DELETE FROM gk WHERE n = 0 AND ctid < '(0,20)' OR n = 12;
VACUUM gk;                      -- VACUUM_DATA_LEAF_PAGE, VACUUM_PAGE

-- Gist, SPGist, BRIN, bloom: wide tuples (INCLUDE) split Gist pages soon; SPGist radix tree under a common prefix
INSERT INTO g SELECT g, point(g % 10, g / 10), 'walprism/' || longkey(g, 300) FROM generate_series(1, 60) g;
SELECT brin_summarize_new_values('g_brin') AS summarized;
INSERT INTO g SELECT g, point(g % 10, g / 10), 'walprism/' || longkey(g, 300) FROM generate_series(61, 70) g;
SELECT brin_desummarize_range('g_brin', 0);
SELECT brin_summarize_range('g_brin', 0) AS summarized;
INSERT INTO g VALUES (71, point(3, 3), 'other prefix');   -- SPGist SPLIT_TUPLE
-- Gist DELETE: an index scan marks the deleted rows' items dead, inserts into their full leaf remove them
DELETE FROM g WHERE p[0] >= 7;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT count(*) AS kill_dead_items FROM g WHERE p <@ polygon '((6.5,-1),(6.5,10),(10,10),(10,-1))';  -- Gist only
RESET enable_seqscan;
RESET enable_bitmapscan;
INSERT INTO g SELECT g, point(7 + g % 3, g % 7), 'walprism/' || longkey(g, 300) FROM generate_series(101, 130) g;
DELETE FROM g WHERE p[0] < 5;
VACUUM g;                       -- Gist PAGE_DELETE, SPGist VACUUM_LEAF/VACUUM_ROOT/VACUUM_REDIRECT, bloom
-- Gist PAGE_REUSE: once a later xid exists, a second VACUUM hands the deleted pages out again
INSERT INTO g VALUES (200, point(9, 9), 'walprism/');
VACUUM g;
INSERT INTO g SELECT g, point(g % 5, g % 9), 'walprism/' || longkey(g, 300) FROM generate_series(201, 240) g;

-- subtransactions: every INSERT is its subtransaction's first record (top-level xid, wal_level=logical), 64 of them
-- make an ASSIGNMENT, and the commit lists 70 subxacts (main data over 255 bytes)
DO $$ BEGIN
  FOR j IN 1..70 LOOP
    BEGIN
      INSERT INTO u VALUES (100 + j, j);
    EXCEPTION WHEN others THEN NULL;
    END;
  END LOOP;
END $$;
BEGIN;
INSERT INTO u VALUES (300, 0);
SAVEPOINT s;
INSERT INTO u VALUES (301, 0);
ROLLBACK TO s;
INSERT INTO u VALUES (302, 0);
ROLLBACK;
-- replication origin: records of the session carry the origin (block id 253), its commit the origin's LSN
SELECT pg_replication_origin_create('walprism') > 0 AS origin_created;
SELECT pg_replication_origin_session_setup('walprism');
BEGIN;
SELECT pg_replication_origin_xact_setup('0/5EED', '2024-01-01 00:00:00+00');
INSERT INTO u VALUES (500, 1), (501, 1);
UPDATE u SET v = v + 1 WHERE k = 2;
COMMIT;
INSERT INTO u VALUES (502, 1);
SELECT pg_replication_origin_session_reset();
SELECT pg_replication_origin_advance('walprism', '0/12345678');
SELECT pg_replication_origin_drop('walprism');
-- logical messages (one over 255 bytes), sequences
SELECT pg_logical_emit_message(true, 'walprism', 'transactional message') IS NOT NULL AS m1;
SELECT pg_logical_emit_message(false, 'walprism', repeat('a non-transactional message ', 12)) IS NOT NULL AS m2;
CREATE SEQUENCE s1;
SELECT nextval('s1') + nextval('s1') AS s;
SELECT setval('s1', 1000) AS s;
-- two-phase commit, multixact (a share lock and an update by a subtransaction), speculative insertion
BEGIN;
INSERT INTO u VALUES (1000, 1);
PREPARE TRANSACTION 'walprism_p1';
COMMIT PREPARED 'walprism_p1';
BEGIN;
INSERT INTO u VALUES (1001, 1);
PREPARE TRANSACTION 'walprism_p2';
ROLLBACK PREPARED 'walprism_p2';
BEGIN;
SELECT k FROM u WHERE k = 1 FOR SHARE;
SAVEPOINT a;
UPDATE u SET v = v + 1 WHERE k = 1;
COMMIT;
INSERT INTO u VALUES (2, 0) ON CONFLICT (k) DO UPDATE SET v = u.v + 1;
INSERT INTO u VALUES (2000, 0) ON CONFLICT (k) DO NOTHING;
-- storage: a new relation, VACUUM truncating it (SMGR TRUNCATE), TRUNCATE (Heap TRUNCATE, Standby LOCK)
CREATE TABLE tr(i int) WITH (autovacuum_enabled = off);
BEGIN;
COPY tr FROM PROGRAM 'seq 1 200';
ROLLBACK;
VACUUM tr;
INSERT INTO tr VALUES (1);
TRUNCATE tr;
-- relation map (a mapped shared catalog), base backup, database, restore point
VACUUM FULL pg_tablespace;
\if :pg15
SELECT pg_backup_start('walprism', true) IS NOT NULL AS backup_started;
SELECT lsn IS NOT NULL AS backup_stopped FROM pg_backup_stop(false);
CREATE DATABASE walprism_db TEMPLATE template0 STRATEGY file_copy;
\else
SELECT pg_start_backup('walprism', true, false) IS NOT NULL AS backup_started;
SELECT lsn IS NOT NULL AS backup_stopped FROM pg_stop_backup(false);
CREATE DATABASE walprism_db TEMPLATE template0;
\endif
DROP DATABASE walprism_db;
SELECT pg_create_restore_point('walprism_rp') IS NOT NULL AS rp;
