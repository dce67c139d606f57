-- Tables autovacuum will vacuum once the measured range enables it (off until then, so that it does not run on
-- the freshly loaded tables before the range); g takes the concurrent load and is never vacuumed.
CREATE TABLE e(id int PRIMARY KEY, v int, pad text) WITH (autovacuum_enabled = off);
INSERT INTO e SELECT g, g, repeat('e', 60) FROM generate_series(1, 5000 * :scale) g;
CREATE TABLE f(id int, v int) WITH (autovacuum_enabled = off);
INSERT INTO f SELECT g, g FROM generate_series(1, 6000 * :scale) g;
CREATE TABLE g(id int PRIMARY KEY, v int) WITH (autovacuum_enabled = off);
INSERT INTO g SELECT g, 0 FROM generate_series(1, 100) g;
CHECKPOINT;
