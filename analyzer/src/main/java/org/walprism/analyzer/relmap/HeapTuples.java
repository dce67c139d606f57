package org.walprism.analyzer.relmap;

import static org.walprism.codec.image.PageImages.HEAP_XMIN_FROZEN;
import static org.walprism.codec.image.PageImages.LP_NORMAL;

import org.walprism.codec.WalFormatException;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;

/**
 * Reads heap tuples and line pointers out of a record: the block data of a Heap INPLACE record (the tuple from
 * {@code t_hoff} on), or, when a block carried a full-page image instead, the page that image restores (plain or
 * compressed: {@link PageImages}).
 *
 * <p>{@code ItemIdData => lp_off: 15 bits, lp_flags: 2 bits, lp_len: 15 bits} at {@code 24 + 4 * (offnum - 1)};
 * {@code HeapTupleHeaderData => ..., t_infomask: uint16 at 20, t_hoff: uint8 at 22}; {@code pd_lower: uint16} at 12.
 * Mirrors src/include/storage/itemid.h, src/include/storage/bufpage.h, src/include/access/htup_details.h and
 * heap_inplace_update (src/backend/access/heap/heapam.c), which logs {@code t_data + t_hoff} as block 0 data.
 *
 * <p>An instance keeps a page buffer and is not thread-safe.
 */
public final class HeapTuples {
    private static final int PD_LOWER = 12;
    /** {@code offsetof(HeapTupleHeaderData, t_infomask)}. */
    private static final int T_INFOMASK = 20;
    /** {@code offsetof(HeapTupleHeaderData, t_hoff)}. */
    private static final int T_HOFF = 22;
    /** {@code SizeofHeapTupleHeader}. */
    private static final int TUPLE_HEADER = 23;
    /** Index of {@link #census}'s count of frozen tuples. */
    public static final int FROZEN = 4;

    private final PageImages images = new PageImages();
    private final byte[] page = new byte[BlockImage.BLCKSZ];

    /**
     * The user data of the tuple an INPLACE record wrote, copied: block 0's data, or the tuple at {@code offnum}
     * in the page block 0's image restores; null when neither is readable.
     */
    public byte[] inplaceTuple(RecordView v, int offnum) {
        int b = blockIndex(v, 0);
        if (b < 0) {
            return null;
        }
        if (v.blockDataLength(b) > 0) {
            byte[] out = new byte[v.blockDataLength(b)];
            v.copyBytes(v.blockDataIndex(b), out, 0, out.length);
            return out;
        }
        return imageTuple(v, b, offnum);
    }

    /**
     * The user data of the tuple at {@code offnum} of the page block {@code b}'s image restores; null when the block
     * has no image, it does not restore, or the line pointer is not a normal one inside the page.
     */
    public byte[] imageTuple(RecordView v, int b, int offnum) {
        if (offnum < 1 || !restore(v, b)) {
            return null;
        }
        int lp = PageImages.SIZE_OF_PAGE_HEADER_DATA + 4 * (offnum - 1);
        if (lp + 4 > lower()) {
            return null;
        }
        long item = u32(lp);
        int lpOff = (int) (item & 0x7FFF);
        int flags = (int) ((item >>> 15) & 3);
        int lpLen = (int) ((item >>> 17) & 0x7FFF);
        if (flags != LP_NORMAL || lpLen < TUPLE_HEADER || lpOff + lpLen > page.length) {
            return null;
        }
        int hoff = page[lpOff + T_HOFF] & 0xFF;
        if (hoff < TUPLE_HEADER || hoff > lpLen) {
            return null;
        }
        byte[] out = new byte[lpLen - hoff];
        System.arraycopy(page, lpOff + hoff, out, 0, out.length);
        return out;
    }

    /**
     * Counts the line pointers of the heap page block {@code b}'s image restores, by state (index = lp_flags:
     * 0 unused, 1 normal, 2 redirect, 3 dead), and its frozen tuples (index {@link #FROZEN}); null when the block
     * has no image, it does not restore, or it is not a readable heap page.
     */
    public int[] census(RecordView v, int b) {
        if (!restore(v, b)) {
            return null;
        }
        int lower = lower();
        if (lower < PageImages.SIZE_OF_PAGE_HEADER_DATA) {
            return null;
        }
        int[] out = new int[5];
        for (int lp = PageImages.SIZE_OF_PAGE_HEADER_DATA; lp + 4 <= lower; lp += 4) {
            long item = u32(lp);
            int lpOff = (int) (item & 0x7FFF);
            int flags = (int) ((item >>> 15) & 3);
            out[flags]++;
            if (flags == LP_NORMAL && lpOff + T_INFOMASK + 2 <= page.length
                    && (u16(lpOff + T_INFOMASK) & HEAP_XMIN_FROZEN) == HEAP_XMIN_FROZEN) {
                out[FROZEN]++;
            }
        }
        return out;
    }

    private boolean restore(RecordView v, int b) {
        if ((v.forkFlags(b) & BlockRef.HAS_IMAGE) == 0) {
            return false;
        }
        try {
            images.restore(v, b, page);
            return true;
        } catch (WalFormatException e) {
            // an image that does not restore leaves the figure unknown; reading WAL is not this class's job
            return false;
        }
    }

    private int lower() {
        int lower = u16(PD_LOWER);
        return Math.min(lower, page.length);
    }

    private int u16(int at) {
        return (page[at] & 0xFF) | (page[at + 1] & 0xFF) << 8;
    }

    private long u32(int at) {
        return (u16(at) | (long) u16(at + 2) << 16) & 0xFFFFFFFFL;
    }

    /** Index of the block reference with id {@code id}, or -1. */
    static int blockIndex(RecordView v, int id) {
        for (int i = 0; i < v.blockCount(); i++) {
            if (v.blockId(i) == id) {
                return i;
            }
        }
        return -1;
    }
}
