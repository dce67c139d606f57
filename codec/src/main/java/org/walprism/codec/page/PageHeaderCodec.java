package org.walprism.codec.page;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads and writes {@link PageHeader}s at an index of a byte array or {@link ByteBuffer}, little-endian whatever
 * the buffer's own order: {@code XLogPageHeaderData} (24 bytes) and {@code XLogLongPageHeaderData} (40 bytes)
 * of access/xlog_internal.h.
 */
public final class PageHeaderCodec {
    private PageHeaderCodec() {
    }

    /** Decodes the header at {@code index} of {@code bytes}; 40 bytes must be there for a long header. */
    public static PageHeader decode(byte[] bytes, int index) {
        return decode(ByteBuffer.wrap(bytes), index);
    }

    /**
     * Decodes the header at absolute {@code index} of {@code buf} (position and order untouched); 40 bytes must
     * be there for a long header.
     */
    public static PageHeader decode(ByteBuffer buf, int index) {
        ByteBuffer b = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int magic = Short.toUnsignedInt(b.getShort(index));             // xlp_magic
        int info = Short.toUnsignedInt(b.getShort(index + 2));          // xlp_info
        long tli = Integer.toUnsignedLong(b.getInt(index + 4));         // xlp_tli
        long addr = b.getLong(index + 8);                               // xlp_pageaddr
        long rem = Integer.toUnsignedLong(b.getInt(index + 16));        // xlp_rem_len
        if ((info & PageHeader.LONG_HEADER) != 0) {
            return new PageHeader(magic, info, tli, addr, rem, b.getLong(index + 24), // xlp_sysid
                    Integer.toUnsignedLong(b.getInt(index + 32)),                      // xlp_seg_size
                    Integer.toUnsignedLong(b.getInt(index + 36)));                     // xlp_xlog_blcksz
        }
        return new PageHeader(magic, info, tli, addr, rem, 0, 0, 0);
    }

    /** Writes {@code h} at {@code index} of {@code bytes}: 24 bytes, or 40 for a long header; padding is zero. */
    public static void encode(PageHeader h, byte[] bytes, int index) {
        encode(h, ByteBuffer.wrap(bytes), index);
    }

    /**
     * Writes {@code h} at absolute {@code index} of {@code buf} (position and order untouched): 24 bytes, or 40
     * for a long header; padding is zero.
     */
    public static void encode(PageHeader h, ByteBuffer buf, int index) {
        ByteBuffer b = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        b.putShort(index, (short) h.magic());
        b.putShort(index + 2, (short) h.info());
        b.putInt(index + 4, (int) h.timeline());
        b.putLong(index + 8, h.pageAddr());
        b.putInt(index + 16, (int) h.remLen());
        b.putInt(index + 20, 0);                                        // padding to MAXALIGN
        if (h.isLong()) {
            b.putLong(index + 24, h.sysid());
            b.putInt(index + 32, (int) h.segSize());
            b.putInt(index + 36, (int) h.blockSize());
        }
    }
}
