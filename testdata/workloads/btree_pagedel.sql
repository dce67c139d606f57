-- Btree records the other workloads rarely write: VACUUM deletes the leaf pages of a removed key range
-- (MARK_PAGE_HALFDEAD, UNLINK_PAGE, UNLINK_PAGE_META once the tree shrinks) and updates the metapage
-- (META_CLEANUP); index scans mark deleted rows dead and inserts into their full leaf pages remove them (DELETE).
DELETE FROM pd WHERE id BETWEEN 200 * :scale AND 7800 * :scale;
VACUUM pd;
SELECT txid_current() > 0 AS xid;
SELECT txid_current() > 0 AS xid;
VACUUM pd;
VACUUM pd;
INSERT INTO pd SELECT g, 'again' FROM generate_series(200 * :scale, 7800 * :scale) g;
DELETE FROM pd WHERE id < 8000 * :scale - 10;
VACUUM pd;
VACUUM pd;
DELETE FROM ld WHERE id % 4 <> 0;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT count(*) FROM ld WHERE id > 0;
SELECT count(*) FROM ld WHERE id > 0;
INSERT INTO ld SELECT g, 'new' FROM generate_series(1, 3000 * :scale) g WHERE g % 4 = 1;
