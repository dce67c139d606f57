/**
 * pg_waldump's record lines and block references ({@code XLogDumpDisplayRecord} in {@code pg_waldump.c}), its
 * filters, saved full-page images, and the JSON form of a dump.
 */
package org.walprism.analyzer.dump;
