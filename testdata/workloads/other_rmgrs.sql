-- Exercises the resource managers the vacuum/hot workloads never touch (Hash, Gin, Gist, SPGist, BRIN, Generic via
-- bloom, CommitTs, ReplicationOrigin, LogicalMessage, MultiXact, RelMap, Database, Sequence, 2PC, subxact ASSIGNMENT).
-- Captured with: capture.sh --set wal_level=logical --set track_commit_timestamp=on --set max_prepared_transactions=5 V other_rmgrs
-- index access methods: Hash, Gin, Gist, SPGist, BRIN, Generic (bloom)
CREATE INDEX h_hash ON h USING hash (i);
CREATE INDEX h_gin ON h USING gin (a) WITH (fastupdate = off);
CREATE INDEX h_gin_ts ON h USING gin (ts) WITH (fastupdate = on, gin_pending_list_limit = 64);
CREATE INDEX h_gist ON h USING gist (p);
CREATE INDEX h_spg_t ON h USING spgist (t);
CREATE INDEX h_spg_p ON h USING spgist (p);
CREATE INDEX h_brin ON h USING brin (i) WITH (pages_per_range = 2);
CREATE INDEX h_bloom ON h USING bloom (i);
INSERT INTO h SELECT g, md5(g::text), ARRAY[g % 100, g % 7], point(g % 97, g % 89),
  to_tsvector('simple', 'w' || (g % 50) || ' x' || (g % 13)) FROM generate_series(1, 4000) g;
DELETE FROM h WHERE i % 3 = 0;
VACUUM h;
SELECT brin_summarize_new_values('h_brin');
SELECT brin_desummarize_range('h_brin', 0);
SELECT brin_summarize_range('h_brin', 0);
INSERT INTO h SELECT g, md5(g::text), ARRAY[g % 100], point(g % 31, g % 37),
  to_tsvector('simple', 'y' || (g % 50)) FROM generate_series(4001, 6000) g;
DELETE FROM h WHERE i % 2 = 0;
VACUUM h;
-- logical messages, replication origins, sequences
SELECT pg_logical_emit_message(true, 'walprism', 'transactional message') IS NOT NULL AS m1;
SELECT pg_logical_emit_message(false, 'walprism', 'plain message') IS NOT NULL AS m2;
SELECT pg_replication_origin_create('walprism_origin') > 0 AS o1;
SELECT pg_replication_origin_advance('walprism_origin', '0/12345678');
SELECT pg_replication_origin_drop('walprism_origin');
CREATE SEQUENCE s1;
SELECT nextval('s1') + nextval('s1') AS s;
-- transactions: subtransaction assignment, two-phase, multixacts, speculative insert
DO $$ BEGIN
  FOR j IN 1..80 LOOP
    BEGIN
      INSERT INTO u VALUES (100 + j, j);
    EXCEPTION WHEN others THEN NULL;
    END;
  END LOOP;
END $$;
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
-- many commits (commit timestamps cross pages)
CALL many_xacts(1700);
-- storage and catalog: truncate, relation map, database
CREATE TABLE tr(i int);
INSERT INTO tr SELECT generate_series(1, 100);
TRUNCATE tr;
VACUUM FULL pg_class;
CREATE DATABASE walprism_db TEMPLATE template0;
DROP DATABASE walprism_db;
SELECT pg_create_restore_point('walprism_rp') IS NOT NULL AS rp;
CHECKPOINT;
