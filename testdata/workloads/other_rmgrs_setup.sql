-- Tables and helpers of other_rmgrs (see other_rmgrs.sql).
CREATE EXTENSION IF NOT EXISTS bloom;
-- A text of len characters that pglz cannot shrink (index tuples over 512 bytes would otherwise be compressed).
CREATE FUNCTION longkey(n int, len int) RETURNS text IMMUTABLE STRICT LANGUAGE sql AS
  $$ SELECT left(string_agg(md5(n::text || '/' || j::text), '' ORDER BY j), len) FROM generate_series(1, len / 32 + 1) j $$;
-- hash: pad's declared width makes the planner expect few rows, so the index starts with 2 buckets and splits
CREATE TABLE hs(k int, pad char(2000)) WITH (autovacuum_enabled = off);
CREATE TABLE gk(n int) WITH (autovacuum_enabled = off);                  -- gin
CREATE TABLE g(i int, p point, t text) WITH (autovacuum_enabled = off);  -- gist, spgist, brin, bloom
CREATE TABLE u(k int PRIMARY KEY, v int) WITH (autovacuum_enabled = off);
INSERT INTO u SELECT g, 0 FROM generate_series(1, 10) g;
-- Commits one transaction after the other until one gets an xid that is the rem-th of a commit timestamp page
-- (819 xids a page); xid 0 of a page opens it (CommitTs ZEROPAGE).
CREATE PROCEDURE commit_until(rem int) LANGUAGE plpgsql AS $$
DECLARE x bigint;
BEGIN
  LOOP
    x := pg_current_xact_id()::text::bigint % 4294967296;
    COMMIT;
    EXIT WHEN x % 819 = rem;
  END LOOP;
END $$;
-- stop a few xids before a commit timestamp page ends, so the measured workload crosses it with a few commits
CALL commit_until(812);
CHECKPOINT;
