-- a TID range scan of the first third prunes those even pages on access (heap_page_prune_opt), then VACUUM
-- prunes the other even pages in its first pass, freezes the odd and the new pages, and removes the dead items
SELECT format('(%s,0)', pg_relation_size('t') / 8192 / 3) AS third \gset
SET enable_seqscan = off;
SELECT count(*) FROM t WHERE ctid < :'third'::tid;
SET maintenance_work_mem = '1MB';
VACUUM (FREEZE, VERBOSE) t;
