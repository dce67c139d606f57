-- 19: with wal_level=replica, the first logical slot turns logical decoding on and dropping the last one turns it
-- off again (XLOG LOGICAL_DECODING_STATUS_CHANGE); in 13-18 a logical slot needs wal_level=logical.
CREATE TABLE ls(id int PRIMARY KEY, v text);
SELECT 'init' FROM pg_create_logical_replication_slot('walprism_ls', 'pgoutput');
INSERT INTO ls SELECT i, 'v' FROM generate_series(1, 100) i;
SELECT pg_drop_replication_slot('walprism_ls');
INSERT INTO ls SELECT i, 'w' FROM generate_series(101, 200) i;
VACUUM (FREEZE) ls;
