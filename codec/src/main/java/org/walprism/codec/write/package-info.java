/**
 * Writing WAL: records to pages to segments with {@code xl_prev} chaining and CRC, as {@code XLogInsertRecord} and
 * {@code XLogRecordAssemble} lay them out ({@code access/transam/xlog.c}, {@code xloginsert.c}).
 */
package org.walprism.codec.write;
