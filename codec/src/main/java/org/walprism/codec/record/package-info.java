/**
 * WAL records: the {@code XLogRecord} header, block references ({@code XLogRecordBlockHeader}), block images
 * ({@code XLogRecordBlockImageHeader}) and main data, as in {@code access/xlogrecord.h} and decoded as {@code
 * DecodeXLogRecord} in {@code access/transam/xlogreader.c} does.
 *
 * <p>{@link org.walprism.codec.record.RecordView} is the allocation-light view the statistics read;
 * {@link org.walprism.codec.record.DecodedRecord} is the value a caller keeps.
 */
package org.walprism.codec.record;
