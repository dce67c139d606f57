-- The live test's table.
CREATE TABLE tiny(id int PRIMARY KEY, v text) WITH (autovacuum_enabled = off);
CHECKPOINT;
