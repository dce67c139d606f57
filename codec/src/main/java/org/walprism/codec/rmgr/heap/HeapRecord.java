package org.walprism.codec.rmgr.heap;

import org.walprism.codec.rmgr.RecordPayload;

/**
 * A typed Heap ({@code RM_HEAP_ID}, rmid 10) record: the row-level changes a CDC or backup tool follows
 * (INSERT, UPDATE, HOT_UPDATE, DELETE, LOCK, INPLACE, TRUNCATE, CONFIRM).
 *
 * <p>Values hold no buffers. {@link #encode()} gives back the exact main data and block data; tuple bytes
 * (the user columns, {@code t_bits} and data after the {@code xl_heap_header}) are carried opaquely. Where a
 * record type puts its payload in block 0 and block 0 carries a full-page image instead, the value says so
 * ({@link org.walprism.codec.rmgr.BlockDataPresence#IMAGE_INSTEAD}). Decode with {@link HeapCodec#decode}.
 */
public sealed interface HeapRecord permits HeapInsert, HeapDelete, HeapUpdate, HeapTruncate, HeapConfirm, HeapLock,
        HeapInplace {

    /** The record kind. */
    HeapType type();

    /** The bytes of this record: main data and the data of each block that carries data. */
    RecordPayload encode();
}
