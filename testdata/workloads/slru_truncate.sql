-- Freezes every database, template0 included (vacuumdb --all --freeze): the oldest frozen xid and multixact
-- pass whole segments of pg_xact, pg_commit_ts and pg_multixact, and the last database's VACUUM truncates them
-- (vac_truncate_clog: CLOG TRUNCATE, CommitTs TRUNCATE, MultiXact TRUNCATE_ID).
-- Needs: --set track_commit_timestamp=on (corpus.tsv)
\c template0
VACUUM (FREEZE);
\c template1
VACUUM (FREEZE);
\c postgres
VACUUM (FREEZE);
SELECT datname, age(datfrozenxid) < 1000 AS frozen FROM pg_database ORDER BY datname;
