-- Benchmark workload of record-heavy WAL (capture.sh --large 18 index_mix; see bench/vs-pg_waldump.sh): many small
-- records of every built-in index access method, as index-heavy OLTP writes them. :scale x 7 batches of
-- index_mix_setup.sql's im_run: single-row inserts into a table under B-tree, hash, GIN, GiST, SP-GiST and BRIN
-- indexes (page splits as they grow), TOASTed values, non-HOT updates, deletes, subtransactions (one rolled back),
-- a commit per batch. At --large's scale 200: about 200 MB of WAL, 700,000 records.
CALL im_run(7 * :scale);
