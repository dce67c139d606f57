-- Table of vacuum_after_delete (see vacuum_after_delete.sql): inserted, never read, so no hint bit is set yet.
CREATE TABLE del(id int, a int, b int, c int, d int, e int, f int, g int, h text) WITH (autovacuum_enabled = off);
INSERT INTO del SELECT i, i, i, i, i, i, i, i, repeat('d', 30) FROM generate_series(1, 20000 * :scale) i;
