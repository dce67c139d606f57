CREATE TABLE s(i int, t text) WITH (autovacuum_enabled = off);
CHECKPOINT;
