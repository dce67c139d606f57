VACUUM (VERBOSE) a, b, c;
TRUNCATE d;
INSERT INTO d SELECT g, g FROM generate_series(1, 1000 * :scale) g;
UPDATE d SET v = v + 1 WHERE id % 3 = 0;
VACUUM (VERBOSE) d;
