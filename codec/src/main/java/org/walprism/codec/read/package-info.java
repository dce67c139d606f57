/**
 * Reading WAL: {@link org.walprism.codec.read.WalReader} over segments from a directory, a tar archive (plain or
 * compressed), single files or memory, following {@code XLogReadRecord} and {@code XLogFindNextRecord} of {@code
 * access/transam/xlogreader.c}.
 */
package org.walprism.codec.read;
