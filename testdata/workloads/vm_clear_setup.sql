-- Pages whose visibility-map bits are set (VACUUM (FREEZE): all-visible and all-frozen), for vm_clear.sql.
CREATE TABLE vmc(id int PRIMARY KEY, v int, pad text) WITH (fillfactor = 70, autovacuum_enabled = off);
INSERT INTO vmc SELECT i, 0, repeat('v', 60) FROM generate_series(1, 2000 * :scale) i;
CREATE TABLE vmc_copy(id int, pad text) WITH (autovacuum_enabled = off);
INSERT INTO vmc_copy SELECT i, repeat('c', 20) FROM generate_series(1, 300) i;
VACUUM (FREEZE) vmc;
VACUUM (FREEZE) vmc_copy;
CHECKPOINT;
