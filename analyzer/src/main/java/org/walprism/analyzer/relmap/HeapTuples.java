package org.walprism.analyzer.relmap;

import io.netty.buffer.ByteBuf;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;

/**
 * Finds the user data of one heap tuple in a record: the block data of a Heap INPLACE record (the tuple from
 * {@code t_hoff} on), or, when block 0 carried an uncompressed full-page image instead, the tuple at a line
 * pointer of that image.
 *
 * <p>{@code ItemIdData => lp_off: 15 bits, lp_flags: 2 bits, lp_len: 15 bits} at {@code 24 + 4 * (offnum - 1)};
 * {@code HeapTupleHeaderData.t_hoff: uint8} at tuple offset 22. The image is stored without its hole
 * ({@code hole_offset .. hole_offset + hole_length}). Mirrors src/include/storage/itemid.h,
 * src/include/access/htup_details.h and heap_inplace_update (src/backend/access/heap/heapam.c), which logs
 * {@code t_data + t_hoff} as block 0 data.
 */
public final class HeapTuples {
    /** {@code SizeOfPageHeaderData}. */
    private static final int PAGE_HEADER = 24;
    private static final int LP_NORMAL = 1;
    /** {@code offsetof(HeapTupleHeaderData, t_hoff)}. */
    private static final int T_HOFF = 22;
    /** {@code SizeofHeapTupleHeader}. */
    private static final int TUPLE_HEADER = 23;

    private HeapTuples() {
    }

    /**
     * The user data of the tuple an INPLACE record wrote, copied: block 0's data, or the tuple at {@code offnum}
     * in block 0's uncompressed image; null when neither is readable (a compressed image, a line pointer that is
     * not LP_NORMAL or points outside the image).
     */
    public static byte[] inplaceTuple(RecordView v, int offnum) {
        int b = blockIndex(v, 0);
        if (b < 0) {
            return null;
        }
        ByteBuf buf = v.buffer();
        if (v.blockDataLength(b) > 0) {
            byte[] out = new byte[v.blockDataLength(b)];
            buf.getBytes(v.blockDataIndex(b), out);
            return out;
        }
        return imageTuple(v, b, offnum);
    }

    /** The user data of the tuple at {@code offnum} of block {@code b}'s image; null when unreadable. */
    public static byte[] imageTuple(RecordView v, int b, int offnum) {
        if ((v.forkFlags(b) & BlockRef.HAS_IMAGE) == 0 || offnum < 1
                || BlockImage.compressionOf(v.version(), v.bimgInfo(b)) != BlockImage.Compression.NONE) {
            return null;
        }
        ByteBuf buf = v.buffer();
        int img = v.imageIndex(b);
        int len = v.imageLength(b);
        int holeOff = v.holeLength(b) > 0 ? v.holeOffset(b) : BlockImage.BLCKSZ;
        int holeLen = v.holeLength(b);
        int lp = PAGE_HEADER + 4 * (offnum - 1);
        if (lp + 4 > Math.min(holeOff, len)) {
            return null;
        }
        long item = buf.getUnsignedIntLE(img + lp);
        int lpOff = (int) (item & 0x7FFF);
        int flags = (int) ((item >>> 15) & 3);
        int lpLen = (int) ((item >>> 17) & 0x7FFF);
        if (flags != LP_NORMAL || lpLen < TUPLE_HEADER || lpOff < holeOff + holeLen && lpOff + lpLen > holeOff) {
            return null;
        }
        int at = lpOff >= holeOff ? lpOff - holeLen : lpOff;
        if (at < 0 || at + lpLen > len) {
            return null;
        }
        int hoff = buf.getUnsignedByte(img + at + T_HOFF);
        if (hoff < TUPLE_HEADER || hoff > lpLen) {
            return null;
        }
        byte[] out = new byte[lpLen - hoff];
        buf.getBytes(img + at + hoff, out);
        return out;
    }

    /** Index of {@code census()}'s count of frozen tuples (xmin frozen: HEAP_XMIN_COMMITTED | HEAP_XMIN_INVALID). */
    public static final int FROZEN = 4;
    private static final int HEAP_XMIN_FROZEN = 0x0300;
    /** {@code offsetof(HeapTupleHeaderData, t_infomask)}. */
    private static final int T_INFOMASK = 20;

    /**
     * Counts the line pointers of block {@code b}'s uncompressed heap page image by state (index = lp_flags:
     * 0 unused, 1 normal, 2 redirect, 3 dead) and its frozen tuples (index {@link #FROZEN}); null when the block
     * has no image, a compressed one, or one that is not a readable heap page.
     */
    public static int[] census(RecordView v, int b) {
        if ((v.forkFlags(b) & BlockRef.HAS_IMAGE) == 0
                || BlockImage.compressionOf(v.version(), v.bimgInfo(b)) != BlockImage.Compression.NONE) {
            return null;
        }
        ByteBuf buf = v.buffer();
        int img = v.imageIndex(b);
        int len = v.imageLength(b);
        int holeLen = v.holeLength(b);
        int holeOff = holeLen > 0 ? v.holeOffset(b) : BlockImage.BLCKSZ;
        int lower = holeLen > 0 ? holeOff : buf.getUnsignedShortLE(img + 12);
        if (lower < PAGE_HEADER || lower > len) {
            return null;
        }
        int[] out = new int[5];
        for (int lp = PAGE_HEADER; lp + 4 <= lower; lp += 4) {
            long item = buf.getUnsignedIntLE(img + lp);
            int lpOff = (int) (item & 0x7FFF);
            int flags = (int) ((item >>> 15) & 3);
            out[flags]++;
            if (flags == LP_NORMAL) {
                int at = lpOff >= holeOff ? lpOff - holeLen : lpOff;
                if (at >= 0 && at + T_INFOMASK + 2 <= len
                        && (buf.getUnsignedShortLE(img + at + T_INFOMASK) & HEAP_XMIN_FROZEN) == HEAP_XMIN_FROZEN) {
                    out[FROZEN]++;
                }
            }
        }
        return out;
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
