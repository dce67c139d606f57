-- The live test's workload: a few rows in a few transactions, then an update and a delete.
CREATE TABLE tiny(id int PRIMARY KEY, v text);
INSERT INTO tiny SELECT i, 'row ' || i FROM generate_series(1, 20 * :scale) i;
UPDATE tiny SET v = v || '!' WHERE id % 3 = 0;
DELETE FROM tiny WHERE id % 5 = 0;
