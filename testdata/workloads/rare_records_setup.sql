-- Tables and helpers of rare_records (see rare_records.sql).
-- Needs: --set wal_level=logical --set track_commit_timestamp=on (corpus.tsv)
CREATE TABLE bt(id int, pad text) WITH (autovacuum_enabled = off);
INSERT INTO bt SELECT g, repeat('x', 20) FROM generate_series(1, 10000) g;
CREATE INDEX bt_id ON bt(id);
CREATE TABLE bd(k int, pad text) WITH (autovacuum_enabled = off);
INSERT INTO bd SELECT g % 500, repeat('y', 20) FROM generate_series(1, 10000) g;
CREATE INDEX bd_k ON bd(k);
CREATE TABLE lk(id int PRIMARY KEY, v int) WITH (autovacuum_enabled = off);
INSERT INTO lk VALUES (1, 0);
CREATE TABLE rw(id int) WITH (autovacuum_enabled = off);
-- Commits one transaction after the other until one gets an xid that is the rem-th of a CLOG page
-- (32768 xids a page); xid 0 of a page opens it (CLOG ZEROPAGE).
CREATE PROCEDURE commit_until_clog(rem int) LANGUAGE plpgsql AS $$
DECLARE x bigint;
BEGIN
  LOOP
    x := pg_current_xact_id()::text::bigint % 4294967296;
    COMMIT;
    EXIT WHEN x % 32768 = rem;
  END LOOP;
END $$;
CALL commit_until_clog(32760);
-- a logical slot: catalog rewrites are then logged for logical decoding (Heap2 REWRITE, NEW_CID)
SELECT 'slot' FROM pg_create_logical_replication_slot('walprism', 'test_decoding');
CHECKPOINT;
