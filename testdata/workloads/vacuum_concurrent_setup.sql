-- Tables of vacuum_concurrent (see vacuum_concurrent.sql): as vacuum_interleaved, pages pruned and pages frozen
-- interleaved, and the number of pages before the update, for the concurrent session's page ranges.
CREATE TABLE t(id integer, pad text) WITH (autovacuum_enabled = off, fillfactor = 100);
INSERT INTO t SELECT g, repeat('x', 100) FROM generate_series(1, 20000 * :scale) g;
CREATE INDEX t_id ON t(id);
CREATE TABLE vc_pages AS SELECT (pg_relation_size('t') / 8192)::int AS np;
-- every row of the even pages: their old versions die, the new ones go to new pages at the end
UPDATE t SET id = id WHERE ((ctid::text::point)[0])::int % 2 = 0;
CHECKPOINT;
