/**
 * WAL page headers: {@code XLogPageHeaderData} (short) and {@code XLogLongPageHeaderData} (first page of a
 * segment), as in {@code access/xlog_internal.h}.
 */
package org.walprism.codec.page;
