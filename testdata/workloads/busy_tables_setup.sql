-- Several tables for autovacuum under concurrent load (busy_tables.sql, busy_tables.pgbench beside it):
-- p and q get dead tuples from the measured SQL and are left to autovacuum (off until the range enables it);
-- r is vacuumed by VACUUM (VERBOSE) in the range; h takes pgbench's updates (autovacuum on, low thresholds).
CREATE TABLE p(id int PRIMARY KEY, v int, pad text) WITH (autovacuum_enabled = off);
INSERT INTO p SELECT g, g, repeat('p', 80) FROM generate_series(1, 6000 * :scale) g;
CREATE INDEX p_v ON p (v);
CREATE TABLE q(id int, v int, doc text) WITH (autovacuum_enabled = off);
INSERT INTO q SELECT g, g, (SELECT string_agg(md5((g * 100 + i)::text), '') FROM generate_series(1, 80) i)
  FROM generate_series(1, 400 * :scale) g;
CREATE TABLE r(id int PRIMARY KEY, v int) WITH (autovacuum_enabled = off);
INSERT INTO r SELECT g, g FROM generate_series(1, 8000 * :scale) g;
CREATE TABLE h(id int PRIMARY KEY, v int, note text)
  WITH (autovacuum_vacuum_threshold = 200, autovacuum_vacuum_scale_factor = 0, autovacuum_analyze_threshold = 100000);
INSERT INTO h SELECT g, 0, 'h' FROM generate_series(1, 1000) g;
CHECKPOINT;
