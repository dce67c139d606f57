/**
 * Reading WAL: {@link org.walprism.codec.read.WalReader} over the segments a caller's
 * {@link org.walprism.codec.read.SegmentSource} supplies, following {@code XLogReadRecord} and
 * {@code XLogFindNextRecord} of {@code access/transam/xlogreader.c}, which asks its {@code page_read} callback for
 * bytes and never opens a file. Files, tar archives, compression, archiver layouts, live directories and replication
 * streams are sources of walprism-source ({@code org.walprism.source.WalSources}).
 *
 * <p>The reader's parts: {@code PageFrames} (read window, page-header validation), {@code WalReader} (record
 * reassembly across pages and segments, CRC, prev-links, the range), {@code EndOfWal} (whether the WAL really ends
 * where it seems to), {@code Following} (waiting on a growing source), {@code TimelineSwitches} (page timelines
 * against the history), {@code ReadErrors} (the messages), {@link org.walprism.codec.read.ParallelWalScan} (chunks
 * on several threads).
 */
package org.walprism.codec.read;
