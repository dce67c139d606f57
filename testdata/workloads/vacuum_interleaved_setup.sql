-- Pages pruned and pages frozen interleaved, and pruning on access before VACUUM: the shapes in which a
-- 13-16 PRUNE must be told apart as VACUUM's scan or an on-access prune (replay to 17+).
CREATE TABLE t(id integer, pad text) WITH (autovacuum_enabled = off, fillfactor = 100);
INSERT INTO t SELECT g, repeat('x', 100) FROM generate_series(1, 20000 * :scale) g;
CREATE INDEX t_id ON t(id);
-- every row of the even pages: their old versions die, the new ones go to new pages at the end
UPDATE t SET id = id WHERE ((ctid::text::point)[0])::int % 2 = 0;
CHECKPOINT;
