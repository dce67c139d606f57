package org.walprism.analyzer.replay;

import static org.walprism.codec.image.PageImages.HEAP_XMIN_FROZEN;
import static org.walprism.codec.image.PageImages.LP_NORMAL;

import org.walprism.codec.record.BlockImage;

/**
 * Reads line pointers and tuple headers out of an uncompressed heap page image, to recover the counts a
 * source record left out because its block carried the image instead of data.
 *
 * <p>{@code ItemIdData => lp_off: 15 bits, lp_flags: 2 bits, lp_len: 15 bits} at 24 + 4 * (n - 1);
 * {@code HeapTupleHeaderData.t_infomask} at tuple offset 20. Mirrors src/include/storage/itemid.h and
 * src/include/access/htup_details.h.
 */
final class PageImages {

    private PageImages() {
    }

    /** Counts per line-pointer state (index = lp_flags) and of frozen tuples (index 4); null if unreadable. */
    static int[] census(BlockImage img) {
        if (img == null || img.isCompressed() || !img.hasBytes()) {
            return null;
        }
        byte[] b = img.bytes();
        int lower = img.holeLength() > 0 ? img.holeOffset() : u16(b, 12);
        if (lower < org.walprism.codec.image.PageImages.SIZE_OF_PAGE_HEADER_DATA || lower > b.length) {
            return null;
        }
        int[] out = new int[5];
        for (int off = org.walprism.codec.image.PageImages.SIZE_OF_PAGE_HEADER_DATA; off + 4 <= lower; off += 4) {
            long v = (b[off] & 0xFFL) | (b[off + 1] & 0xFFL) << 8 | (b[off + 2] & 0xFFL) << 16 | (b[off + 3] & 0xFFL) << 24;
            int lpOff = (int) (v & 0x7FFF);
            int flags = (int) ((v >>> 15) & 3);
            out[flags]++;
            if (flags == LP_NORMAL) {
                int at = lpOff >= img.holeOffset() + img.holeLength() ? lpOff - img.holeLength() : lpOff;
                if (at + 22 <= b.length && (u16(b, at + 20) & HEAP_XMIN_FROZEN) == HEAP_XMIN_FROZEN) {
                    out[4]++;
                }
            }
        }
        return out;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }
}
