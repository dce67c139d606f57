package org.walprism.analyzer.generate;

import org.walprism.codec.image.PageImages;
import org.walprism.codec.record.BlockImage;

/**
 * Byte arithmetic of an 8 kB heap page: where {@code pd_lower} and {@code pd_upper} sit, which decides the
 * hole a full-page image leaves out.
 *
 * <p>{@code PageHeaderData} is 24 bytes, each {@code ItemIdData} 4, tuples are MAXALIGNed (8) and stored
 * from the end of the page (heap pages have no special space). Mirrors src/include/storage/bufpage.h.
 */
public final class HeapPage {
    /** {@code sizeof(ItemIdData)}. */
    public static final int ITEM_ID = 4;

    private HeapPage() {
    }

    /** MAXALIGN for 64-bit builds. */
    public static int maxAlign(int n) {
        return (n + 7) & ~7;
    }

    /** {@code pd_lower} with {@code linePointers} line pointers. */
    public static int lower(int linePointers) {
        return PageImages.SIZE_OF_PAGE_HEADER_DATA + ITEM_ID * linePointers;
    }

    /** {@code pd_upper} with {@code tuples} stored tuples of {@code storedLength} bytes each. */
    public static int upper(int tuples, int storedLength) {
        return BlockImage.BLCKSZ - tuples * storedLength;
    }

    /** Bytes a full-page image stores (the page minus its hole) for that layout. */
    public static int imageLength(int linePointers, int tuples, int storedLength) {
        int hole = upper(tuples, storedLength) - lower(linePointers);
        if (hole < 0) {
            throw new IllegalArgumentException("page overflows: " + linePointers + " line pointers, " + tuples
                    + " tuples of " + storedLength + " bytes");
        }
        return BlockImage.BLCKSZ - hole;
    }

    /** {@code PageGetHeapFreeSpace}: room between lower and upper minus one new line pointer, floored at 0. */
    public static int heapFreeSpace(int linePointers, int storageBytes) {
        int free = BlockImage.BLCKSZ - storageBytes - lower(linePointers) - ITEM_ID;
        return Math.max(free, 0);
    }
}
