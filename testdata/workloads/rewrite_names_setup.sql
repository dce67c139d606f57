-- Two tables whose files the measured range rewrites: one with a TOAST table (values stored out of line), one
-- with two indexes; autovacuum off.
CREATE TABLE rw_full(id int PRIMARY KEY, pad text) WITH (autovacuum_enabled = off);
ALTER TABLE rw_full ALTER pad SET STORAGE EXTERNAL;
INSERT INTO rw_full SELECT g, repeat(md5(g::text), 100) FROM generate_series(1, 300 * :scale) g;
CREATE TABLE rw_cluster(id int PRIMARY KEY, v int) WITH (autovacuum_enabled = off);
CREATE INDEX rw_cluster_v ON rw_cluster (v);
INSERT INTO rw_cluster SELECT g, (g * 7919) % 2000 FROM generate_series(1, 2000 * :scale) g;
CHECKPOINT;
