package org.walprism.analyzer.desc;

/**
 * How a desc function's {@code timestamptz_to_str} renders a timestamp: pg_waldump links a frontend
 * version (src/bin/pg_waldump/compat.c), the server (pg_walinspect) uses the backend one with ISO DateStyle.
 * Both are rendered in UTC here, the time zone the oracle captures were taken in.
 */
public enum TimestampStyle {
    /** pg_waldump: {@code 2026-11-29 19:55:58.419670 UTC} (always six fraction digits). */
    WALDUMP,
    /** Backend (pg_walinspect): {@code 2026-11-29 19:55:58.41967+00} (fraction trimmed, omitted when zero). */
    BACKEND
}
