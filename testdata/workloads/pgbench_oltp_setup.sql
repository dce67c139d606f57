-- pgbench's own tables at scale 1 (what pgbench -i makes), loaded in SQL so every server version gets the same.
CREATE TABLE pgbench_branches(bid int PRIMARY KEY, bbalance int, filler char(88)) WITH (fillfactor = 100, autovacuum_enabled = off);
CREATE TABLE pgbench_tellers(tid int PRIMARY KEY, bid int, tbalance int, filler char(84)) WITH (fillfactor = 100, autovacuum_enabled = off);
CREATE TABLE pgbench_accounts(aid int PRIMARY KEY, bid int, abalance int, filler char(84)) WITH (fillfactor = 100, autovacuum_enabled = off);
CREATE TABLE pgbench_history(tid int, bid int, aid int, delta int, mtime timestamp, filler char(22)) WITH (autovacuum_enabled = off);
INSERT INTO pgbench_branches SELECT b, 0, '' FROM generate_series(1, 1) b;
INSERT INTO pgbench_tellers SELECT t, 1, 0, '' FROM generate_series(1, 10) t;
INSERT INTO pgbench_accounts SELECT a, 1, 0, '' FROM generate_series(1, 10000) a;
VACUUM (FREEZE, ANALYZE);
CHECKPOINT;
