-- The live test's workload: 20 rows in, every third updated, every fifth deleted.
INSERT INTO tiny SELECT i, 'row ' || i FROM generate_series(1, 20 * :scale) i;
UPDATE tiny SET v = v || '!' WHERE id % 3 = 0;
DELETE FROM tiny WHERE id % 5 = 0;
