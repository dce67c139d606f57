-- Heap DML on pages whose visibility-map bits are set: each first change of such a page clears its bits
-- (visibilitymap_clear), which 19 logs as a block reference to the VM page in the heap record itself (19beta3+).
-- INSERT into free space, a HOT and a non-HOT UPDATE, DELETE, SELECT FOR UPDATE (LOCK clears all-frozen),
-- COPY (MULTI_INSERT) into a table whose last page has room, and a second change of the same pages (no VM
-- reference: the bits are already clear).
INSERT INTO vmc SELECT 1000000 + i, 1, 'new' FROM generate_series(1, 20) i;
UPDATE vmc SET v = v + 1 WHERE id % 97 = 0;
UPDATE vmc SET id = id + 5000000 WHERE id % 101 = 0;
DELETE FROM vmc WHERE id % 103 = 0;
BEGIN;
SELECT count(*) FROM (SELECT id FROM vmc WHERE id % 89 = 0 FOR UPDATE) x;
COMMIT;
COPY vmc_copy(id) FROM PROGRAM 'seq 1 50';
UPDATE vmc SET v = v + 1 WHERE id % 97 = 0;
CHECKPOINT;
VACUUM vmc;
