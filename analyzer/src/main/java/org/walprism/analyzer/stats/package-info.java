/**
 * pg_waldump {@code --stats}: per-rmgr and per-record counts and sizes, collected as {@code XLogRecStoreStats}
 * does ({@code access/transam/xlogstats.c}) and printed as pg_waldump prints them.
 */
package org.walprism.analyzer.stats;
