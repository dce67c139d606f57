-- Two indexed tables for btree_pagedel.sql: one whose middle key range is deleted (index page deletion, page
-- reuse), one whose deleted rows are only marked dead by index scans (simple deletion, XLOG_BTREE_DELETE).
CREATE TABLE pd(id integer, pad text) WITH (autovacuum_enabled = off);
INSERT INTO pd SELECT g, 'row' FROM generate_series(1, 8000 * :scale) g;
CREATE INDEX pd_id ON pd(id);
CREATE TABLE ld(id integer, pad text) WITH (autovacuum_enabled = off, fillfactor = 100);
INSERT INTO ld SELECT g, 'row' FROM generate_series(1, 3000 * :scale) g;
CREATE INDEX ld_id ON ld(id) WITH (deduplicate_items = off);
CHECKPOINT;
