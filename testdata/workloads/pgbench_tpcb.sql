-- Benchmark workload (capture.sh --large --server debian --scale 150 15 pgbench_tpcb), all measured: pgbench -i
-- (the `-- pgbench init:` line of pgbench_tpcb.pgbench), then this VACUUM (FREEZE) of the whole database, then
-- the transactions of pgbench_tpcb.pgbench.
VACUUM (FREEZE);
