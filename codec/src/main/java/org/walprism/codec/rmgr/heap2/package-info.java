/**
 * Typed Heap2 records ({@code access/heapam_xlog.h}): one sealed family per record type, one layout class per byte
 * layout, with their decoder and encoder.
 */
package org.walprism.codec.rmgr.heap2;
