package org.walprism.codec.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.rmgr.InvalidPayloadException;

/**
 * Internal, not API: bounds-checked little-endian reader over one payload part (a record's main data or one block's data).
 *
 * <p>Every read checks the remaining length first and throws {@link InvalidPayloadException} naming the
 * field, so no IndexOutOfBoundsException escapes and no array is allocated from a length the bytes have
 * not backed. Offsets in messages are relative to the start of the part, which is also the alignment base
 * PostgreSQL uses for block data (the block-data buffer is MAXALIGNed).
 */
public final class PayloadCursor {
    private final ByteBuf buf;
    private final String part;

    private PayloadCursor(byte[] bytes, String part) {
        this.buf = Unpooled.wrappedBuffer(bytes);
        this.part = part;
    }

    /** A cursor over {@code bytes}; {@code part} names it in error messages. A null array reads as empty. */
    public static PayloadCursor of(byte[] bytes, String part) {
        return new PayloadCursor(bytes == null ? new byte[0] : bytes, part);
    }

    /** The part's name, as error messages give it. */
    public String part() {
        return part;
    }

    /** Bytes not consumed yet. */
    public int remaining() {
        return buf.readableBytes();
    }

    /** Bytes consumed so far. */
    public int position() {
        return buf.readerIndex();
    }

    /** Total length of the part. */
    public int length() {
        return buf.writerIndex();
    }

    private void need(int n, String field) {
        if (n < 0 || buf.readableBytes() < n) {
            throw new InvalidPayloadException(part, buf.readerIndex(), String.format(
                    "%s needs %d bytes at offset %d but %d remain (length %d)",
                    field, n < 0 ? Integer.MAX_VALUE : n, buf.readerIndex(), buf.readableBytes(), buf.writerIndex()));
        }
    }

    /** Throws unless at least {@code n} bytes remain, without consuming them. */
    public void require(long n, String field) {
        if (n > Integer.MAX_VALUE) {
            need(-1, field);
        }
        need((int) n, field);
    }

    /** Reads a uint8 named {@code field}. */
    public int u8(String field) {
        need(1, field);
        return buf.readUnsignedByte();
    }

    /** Reads a little-endian uint16 named {@code field}. */
    public int u16(String field) {
        need(2, field);
        return buf.readUnsignedShortLE();
    }

    /** Reads a little-endian uint32 named {@code field}. */
    public long u32(String field) {
        need(4, field);
        return buf.readUnsignedIntLE();
    }

    /** Reads a little-endian int32 named {@code field}. */
    public int i32(String field) {
        need(4, field);
        return buf.readIntLE();
    }

    /** Reads a little-endian int64 named {@code field}. */
    public long i64(String field) {
        need(8, field);
        return buf.readLongLE();
    }

    /** A C {@code bool}: 0 or 1; any other byte is rejected so that encoding gives the same byte back. */
    public boolean bool(String field) {
        int at = buf.readerIndex();
        int b = u8(field);
        if (b > 1) {
            throw new InvalidPayloadException(part, at, String.format("%s is %d (expected: 0 or 1)", field, b));
        }
        return b == 1;
    }

    /** {@code n} bytes, copied. */
    public byte[] bytes(int n, String field) {
        need(n, field);
        byte[] out = new byte[n];
        buf.readBytes(out);
        return out;
    }

    /** Everything that remains, copied. */
    public byte[] rest() {
        return bytes(buf.readableBytes(), "rest");
    }

    /** {@code n} uint16 values ({@code OffsetNumber[n]}). */
    public int[] u16Array(long n, String field) {
        require(n * 2, field);
        int[] out = new int[(int) n];
        for (int i = 0; i < out.length; i++) {
            out[i] = buf.readUnsignedShortLE();
        }
        return out;
    }

    /** {@code n} invalidation messages ({@code n} from the record, checked against the bytes left first). */
    public List<InvalidationMessage> invalidationMessages(long n, String field) {
        if (n < 0) {
            throw new InvalidPayloadException(part, position(), field + " count is negative: " + n);
        }
        require(n * InvalidationMessage.SIZE, field);
        List<InvalidationMessage> out = new ArrayList<>((int) n);
        for (int i = 0; i < n; i++) {
            out.add(InvalidationMessage.of(bytes(InvalidationMessage.SIZE, field)));
        }
        return List.copyOf(out);
    }

    /** Throws unless every byte was consumed: the declared counts must account for the whole part. */
    public void expectEnd(String what) {
        if (buf.isReadable()) {
            throw new InvalidPayloadException(part, buf.readerIndex(), String.format(
                    "%d unexpected bytes after %s at offset %d (length %d)",
                    buf.readableBytes(), what, buf.readerIndex(), buf.writerIndex()));
        }
    }
}
