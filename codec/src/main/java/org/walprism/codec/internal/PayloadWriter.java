package org.walprism.codec.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.List;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.InvalidationMessage;

/** Internal, not API: little-endian writer for one payload part; the counterpart of {@link PayloadCursor}. */
public final class PayloadWriter {
    private final ByteBuf buf;

    /** A writer whose buffer starts at {@code expectedSize} bytes. */
    public PayloadWriter(int expectedSize) {
        this.buf = Unpooled.buffer(Math.max(expectedSize, 0));
    }

    /** Writes a uint8. */
    public PayloadWriter u8(int v) {
        buf.writeByte(v);
        return this;
    }

    /** Writes a little-endian uint16. */
    public PayloadWriter u16(int v) {
        buf.writeShortLE(v);
        return this;
    }

    /** Writes a little-endian uint32. */
    public PayloadWriter u32(long v) {
        buf.writeIntLE((int) v);
        return this;
    }

    /** Writes a little-endian int64. */
    public PayloadWriter i64(long v) {
        buf.writeLongLE(v);
        return this;
    }

    /** Writes a C {@code bool} (1 or 0). */
    public PayloadWriter bool(boolean v) {
        buf.writeByte(v ? 1 : 0);
        return this;
    }

    /** Writes {@code v} as is. */
    public PayloadWriter bytes(byte[] v) {
        buf.writeBytes(v);
        return this;
    }

    /** Writes {@code v}'s bytes as they are. */
    public PayloadWriter bytes(Bytes v) {
        buf.writeBytes(v.view());
        return this;
    }

    /** Writes each message's 16 bytes as they are. */
    public PayloadWriter invalidationMessages(List<InvalidationMessage> msgs) {
        for (InvalidationMessage m : msgs) {
            buf.writeBytes(m.toByteArray());
        }
        return this;
    }

    /** Writes each value as a little-endian uint16. */
    public PayloadWriter u16Array(int[] v) {
        for (int x : v) {
            buf.writeShortLE(x);
        }
        return this;
    }

    /** Bytes written. */
    public int size() {
        return buf.writerIndex();
    }

    /** A copy of the bytes written. */
    public byte[] toByteArray() {
        return ByteBufUtil.getBytes(buf, 0, buf.writerIndex());
    }
}
