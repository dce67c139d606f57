-- On-access pruning concurrent with a VACUUM (capture.sh --beside: vacuum_concurrent.pgbench runs beside this):
-- VACUUM (FREEZE) is slowed by vacuum_cost_delay; once it has scanned a third of the (pre-update) pages, another
-- session updates one row of every odd page in the first quarter (pages VACUUM has passed) and in the last third
-- (pages it has not reached), then reads both ranges with TID range scans: those reads prune on access the odd
-- pages behind VACUUM (one dead row each) and the even and odd pages ahead of it, before VACUUM gets there.
-- 17 and 18 log these as PRUNE_ON_ACCESS beside VACUUM's PRUNE_VACUUM_SCAN; 16 logs PRUNE for both.
SET vacuum_cost_delay = '20ms';
SET vacuum_cost_limit = 20;
SET maintenance_work_mem = '1MB';
VACUUM (FREEZE, VERBOSE) t;
