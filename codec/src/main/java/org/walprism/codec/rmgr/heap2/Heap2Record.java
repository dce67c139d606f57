package org.walprism.codec.rmgr.heap2;

/**
 * A typed Heap2 ({@code RM_HEAP2_ID}, rmid 9) record payload: one sealed family per record kind, one
 * implementation per distinct byte layout, named after the first PostgreSQL major that writes it.
 *
 * <p>Values hold no buffers; {@link #encode()} gives back the exact main data and block 0 data bytes, and
 * {@link #parts()} attributes each of those bytes to what it describes. Decode with
 * {@link Heap2Codec#decode}, or {@link Heap2Codec#decodeWithImage} to learn whether block 0 carried a full-page
 * image instead of its data (then the block-data fields are empty and the image holds the page).
 */
public sealed interface Heap2Record
        permits HeapPrune, HeapVacuum, FreezePage, CleanupInfo, Visible, PruneFreeze, MultiInsert, LockUpdated,
        NewCid, Rewrite {

    /** The bytes of this record: main data and block 0 data. */
    Heap2Payload encode();

    /** Attribution of {@code encode()}'s bytes; {@code parts().total()} equals their combined length. */
    Heap2Parts parts();
}
