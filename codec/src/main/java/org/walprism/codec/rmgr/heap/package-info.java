/**
 * Typed Heap records ({@code access/heapam_xlog.h}): INSERT, DELETE, UPDATE, HOT_UPDATE, TRUNCATE, CONFIRM, LOCK
 * and INPLACE as one sealed family, with their decoder and encoder ({@link org.walprism.codec.rmgr.heap.HeapCodec}).
 */
package org.walprism.codec.rmgr.heap;
