package org.walprism.codec.page;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;

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
        ByteBuf b = whole(buf);
        int magic = b.getUnsignedShortLE(index);                        // xlp_magic
        int info = b.getUnsignedShortLE(index + 2);                     // xlp_info
        long tli = b.getUnsignedIntLE(index + 4);                       // xlp_tli
        long addr = b.getLongLE(index + 8);                             // xlp_pageaddr
        long rem = b.getUnsignedIntLE(index + 16);                      // xlp_rem_len
        if ((info & PageHeader.LONG_HEADER) != 0) {
            return new PageHeader(magic, info, tli, addr, rem, b.getLongLE(index + 24), // xlp_sysid
                    b.getUnsignedIntLE(index + 32),                                      // xlp_seg_size
                    b.getUnsignedIntLE(index + 36));                                     // xlp_xlog_blcksz
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
        ByteBuf b = whole(buf);
        b.setShortLE(index, h.magic());
        b.setShortLE(index + 2, h.info());
        b.setIntLE(index + 4, (int) h.timeline());
        b.setLongLE(index + 8, h.pageAddr());
        b.setIntLE(index + 16, (int) h.remLen());
        b.setIntLE(index + 20, 0);                                      // padding to MAXALIGN
        if (h.isLong()) {
            b.setLongLE(index + 24, h.sysid());
            b.setIntLE(index + 32, (int) h.segSize());
            b.setIntLE(index + 36, (int) h.blockSize());
        }
    }

    /** {@code buf} from index 0 to its capacity as a Netty buffer sharing its bytes (Netty stays inside). */
    private static ByteBuf whole(ByteBuffer buf) {
        ByteBuffer d = buf.duplicate();
        d.clear();
        return Unpooled.wrappedBuffer(d);
    }
}
