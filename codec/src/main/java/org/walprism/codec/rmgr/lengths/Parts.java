package org.walprism.codec.rmgr.lengths;

import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;

/** Where a record's parts lie in its buffer, and the one count rule every length walk shares. */
final class Parts {
    private Parts() {
    }

    /** Position of the first block reference with {@code block_id} 0, or -1. */
    static int block0(RecordView v) {
        for (int i = 0; i < v.blockCount(); i++) {
            if (v.blockId(i) == 0) {
                return i;
            }
        }
        return -1;
    }

    /** Data length of block 0 (0 when the record has no block 0). */
    static int block0Length(RecordView v, int b0) {
        return b0 < 0 ? 0 : v.blockDataLength(b0);
    }

    /** Whether block 0 exists and carries a page image ({@code BKPBLOCK_HAS_IMAGE}). */
    static boolean block0Image(RecordView v, int b0) {
        return b0 >= 0 && (v.forkFlags(b0) & BlockRef.HAS_IMAGE) != 0;
    }

    /** Whether block 0 exists and carries data ({@code BKPBLOCK_HAS_DATA}). */
    static boolean block0HasData(RecordView v, int b0) {
        return b0 >= 0 && (v.forkFlags(b0) & BlockRef.HAS_DATA) != 0;
    }

    /**
     * Whether {@code count} elements of {@code size} bytes fit in a part of {@code length} bytes from {@code from}:
     * a negative count, or a start past the end, never does. Free of overflow for any count.
     */
    static boolean fits(long count, long from, int size, int length) {
        return count >= 0 && from <= length && count <= (length - from) / size;
    }
}
