-- Several tables, one of each index access method, TOAST, a tail of empty pages to truncate; autovacuum off.
CREATE TABLE a(id int, tags int[], p point, r int4range, pad text) WITH (autovacuum_enabled = off);
INSERT INTO a SELECT g, ARRAY[g % 10, g % 7], point(g, g), int4range(g, g + 10), repeat('a', 40)
  FROM generate_series(1, 8000 * :scale) g;
CREATE INDEX a_btree ON a (id);
CREATE INDEX a_hash ON a USING hash (id);
CREATE INDEX a_gin ON a USING gin (tags) WITH (fastupdate = off);
CREATE INDEX a_gist ON a USING gist (p);
CREATE INDEX a_spgist ON a USING spgist (r);
CREATE INDEX a_brin ON a USING brin (id) WITH (pages_per_range = 4);
DELETE FROM a WHERE id % 5 = 0;
CREATE TABLE b(id int PRIMARY KEY, payload text) WITH (autovacuum_enabled = off);
INSERT INTO b SELECT g, (SELECT string_agg(md5((g * 1000 + i)::text), '') FROM generate_series(1, 100) i)
  FROM generate_series(1, 300 * :scale) g;
UPDATE b SET payload = payload || 'x' WHERE id % 2 = 0;
CREATE TABLE c(id int) WITH (autovacuum_enabled = off);
INSERT INTO c SELECT generate_series(1, 20000 * :scale);
DELETE FROM c WHERE id > 4000 * :scale;
CREATE TABLE d(id int PRIMARY KEY, v int) WITH (autovacuum_enabled = off);
INSERT INTO d SELECT g, g FROM generate_series(1, 1000 * :scale) g;
CHECKPOINT;
