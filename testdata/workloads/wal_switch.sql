-- An XLOG_SWITCH inside the measured range: rows before it, a forced segment switch, rows after it.
INSERT INTO s SELECT i, repeat('s', 100) FROM generate_series(1, 500 * :scale) i;
SELECT pg_switch_wal() IS NOT NULL AS switched;
INSERT INTO s SELECT i, repeat('t', 100) FROM generate_series(1, 500 * :scale) i;
