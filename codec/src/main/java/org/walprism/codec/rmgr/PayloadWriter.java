package org.walprism.codec.rmgr;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

/** Little-endian writer for one payload part; the counterpart of {@link PayloadCursor}. */
public final class PayloadWriter {
    private final ByteBuf buf;

    public PayloadWriter(int expectedSize) {
        this.buf = Unpooled.buffer(Math.max(expectedSize, 0));
    }

    public PayloadWriter u8(int v) {
        buf.writeByte(v);
        return this;
    }

    public PayloadWriter u16(int v) {
        buf.writeShortLE(v);
        return this;
    }

    public PayloadWriter u32(long v) {
        buf.writeIntLE((int) v);
        return this;
    }

    public PayloadWriter i64(long v) {
        buf.writeLongLE(v);
        return this;
    }

    public PayloadWriter bool(boolean v) {
        buf.writeByte(v ? 1 : 0);
        return this;
    }

    public PayloadWriter bytes(byte[] v) {
        buf.writeBytes(v);
        return this;
    }

    public PayloadWriter u16Array(int[] v) {
        for (int x : v) {
            buf.writeShortLE(x);
        }
        return this;
    }

    public int size() {
        return buf.writerIndex();
    }

    public byte[] toByteArray() {
        return ByteBufUtil.getBytes(buf, 0, buf.writerIndex());
    }
}
