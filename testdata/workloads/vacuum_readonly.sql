-- On-access pruning by a read-only session concurrent with a VACUUM (capture.sh --beside: vacuum_readonly.pgbench
-- runs beside this): as vacuum_concurrent, but the other session never writes, so no record of another
-- transaction marks it: once VACUUM (FREEZE) has scanned a third of the pages, a TID range scan of the last third
-- prunes on access the pages whose rows the setup's UPDATE left dead, before VACUUM gets there. 13-16 log those
-- prunes as PRUNE (CLEAN in 13), as VACUUM's own.
SET vacuum_cost_delay = '20ms';
SET vacuum_cost_limit = 20;
SET maintenance_work_mem = '1MB';
VACUUM (FREEZE, VERBOSE) t;
