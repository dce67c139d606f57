package org.walprism.codec.page;

import io.netty.buffer.ByteBuf;

/** Reads and writes {@link PageHeader}s at a buffer index. */
public final class PageHeaderCodec {
    private PageHeaderCodec() {
    }

    /** Decodes the header at {@code index}; the caller guarantees 40 readable bytes for a long header. */
    public static PageHeader decode(ByteBuf buf, int index) {
        int magic = buf.getUnsignedShortLE(index);
        int info = buf.getUnsignedShortLE(index + 2);
        long tli = buf.getUnsignedIntLE(index + 4);
        long addr = buf.getLongLE(index + 8);
        long rem = buf.getUnsignedIntLE(index + 16);
        if ((info & PageHeader.LONG_HEADER) != 0) {
            return new PageHeader(magic, info, tli, addr, rem, buf.getLongLE(index + 24),
                    buf.getUnsignedIntLE(index + 32), buf.getUnsignedIntLE(index + 36));
        }
        return new PageHeader(magic, info, tli, addr, rem, 0, 0, 0);
    }

    /** Writes {@code h} at {@code index}: 24 bytes, or 40 for a long header; padding is zero. */
    public static void encode(PageHeader h, ByteBuf buf, int index) {
        buf.setShortLE(index, h.magic());
        buf.setShortLE(index + 2, h.info());
        buf.setIntLE(index + 4, (int) h.timeline());
        buf.setLongLE(index + 8, h.pageAddr());
        buf.setIntLE(index + 16, (int) h.remLen());
        buf.setIntLE(index + 20, 0);
        if (h.isLong()) {
            buf.setLongLE(index + 24, h.sysid());
            buf.setIntLE(index + 32, (int) h.segSize());
            buf.setIntLE(index + 36, (int) h.blockSize());
        }
    }
}
