/**
 * PostgreSQL write-ahead log as values: versions ({@link org.walprism.codec.WalVersion}, one per {@code
 * XLOG_PAGE_MAGIC}), LSNs ({@link org.walprism.codec.Lsn}), segment file names and the exception family rooted at
 * {@link org.walprism.codec.WalFormatException}.
 *
 * <p>The codec is pure bytes to values and back: no printing, no command line. Its layouts mirror PostgreSQL's
 * headers ({@code access/xlogrecord.h}, {@code access/xlog_internal.h}, {@code access/heapam_xlog.h}); each class
 * names the header and function it follows.
 */
package org.walprism.codec;
