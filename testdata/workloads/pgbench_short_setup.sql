-- pgbench's account and history tables (100,000 accounts, fillfactor 90 to leave room for HOT updates), loaded in
-- SQL so every server version gets the same; frozen and checkpointed before the measured range.
CREATE TABLE pgbench_accounts(aid int PRIMARY KEY, bid int, abalance int, filler char(84)) WITH (fillfactor = 90, autovacuum_enabled = off);
CREATE TABLE pgbench_history(tid int, bid int, aid int, delta int, mtime timestamp, filler char(22)) WITH (autovacuum_enabled = off);
INSERT INTO pgbench_accounts SELECT a, 1, 0, '' FROM generate_series(1, 100000) a;
VACUUM (FREEZE, ANALYZE);
CHECKPOINT;
