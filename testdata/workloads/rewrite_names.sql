-- Changes before and after a rewrite that gives each relation a new file (relfilenode): VACUUM FULL (the table,
-- its TOAST table and their indexes) and CLUSTER. A relation map taken before the range knows only the old
-- files; capture.sh --relmap-after stores the server's map after the range, which knows only the new ones.
UPDATE rw_full SET pad = pad || 'x' WHERE id % 4 = 0;
DELETE FROM rw_cluster WHERE id % 3 = 0;
VACUUM FULL rw_full;
CLUSTER rw_cluster USING rw_cluster_v;
UPDATE rw_full SET pad = pad || 'y' WHERE id % 5 = 0;
INSERT INTO rw_cluster SELECT g, g FROM generate_series(2001 * :scale, 2300 * :scale) g;
-- a VACUUM of each table on its new file
DELETE FROM rw_cluster WHERE id % 7 = 0;
VACUUM rw_full, rw_cluster;
