package org.walprism.analyzer.desc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.internal.bytes.RawBytes;
import org.walprism.codec.rmgr.FieldReader;

/**
 * Bounds-checked little-endian view of a record's main data or block data, addressed by the byte offsets
 * of the C structs a describer mirrors. A reusable flyweight: {@link #set} points it at another part.
 *
 * <p>A read past the end is a {@link WalFormatException} naming the struct field, never an
 * IndexOutOfBoundsException.
 *
 * <p>The reads go through {@link RawBytes}, and the bounds check that comes first is small enough for C1 (the
 * launcher's JIT for short ranges) to inline, with the exception built out of line: dump calls these for every
 * field it describes.
 */
final class DescData implements FieldReader {
    private static final ByteBuf EMPTY = Unpooled.EMPTY_BUFFER;

    private ByteBuf buf = EMPTY;
    private int base;
    private int len;
    private long lsn;
    private String what = "";
    private final RawBytes raw = new RawBytes();

    /** A view of {@code bytes} of the record at {@code lsn}; {@code what} names the part in errors. */
    static DescData of(byte[] bytes, long lsn, String what) {
        return new DescData().set(Unpooled.wrappedBuffer(bytes), 0, bytes.length, lsn, what);
    }

    /** Points this view at {@code length} bytes at {@code index} of {@code buffer}. */
    DescData set(ByteBuf buffer, int index, int length, long recordLsn, String part) {
        this.buf = buffer;
        raw.reset(buffer);
        this.base = index;
        this.len = length;
        this.lsn = recordLsn;
        this.what = part;
        return this;
    }

    @Override
    public int length() {
        return len;
    }

    /** A copy of the bytes. */
    byte[] toByteArray() {
        byte[] out = new byte[len];
        buf.getBytes(base, out);
        return out;
    }

    private void check(int offset, int size, String field) {
        // with size >= 0 (checked first) len - size cannot wrap
        if ((offset | size) < 0 || offset > len - size) {
            throw tooShort(offset, size, field);
        }
    }

    private WalFormatException tooShort(int offset, int size, String field) {
        return new WalFormatException(what + " too short for " + field + ": needs " + ((long) offset + size)
                + " bytes, has " + len, lsn, null, -1);
    }

    /** Unsigned 8-bit field at {@code offset}. */
    @Override
    public int u8(int offset, String field) {
        check(offset, 1, field);
        return raw.u8(base + offset);
    }

    /** Signed 8-bit field at {@code offset}. */
    int i8(int offset, String field) {
        check(offset, 1, field);
        return (byte) raw.u8(base + offset);
    }

    /** Boolean (one byte, non-zero is true) at {@code offset}. */
    @Override
    public boolean bool(int offset, String field) {
        return u8(offset, field) != 0;
    }

    /** Unsigned 16-bit little-endian field at {@code offset}. */
    @Override
    public int u16(int offset, String field) {
        check(offset, 2, field);
        return raw.u16(base + offset);
    }

    /** Unsigned 32-bit little-endian field at {@code offset}. */
    @Override
    public long u32(int offset, String field) {
        check(offset, 4, field);
        return raw.u32(base + offset);
    }

    /** Signed 32-bit little-endian field at {@code offset}. */
    @Override
    public int i32(int offset, String field) {
        check(offset, 4, field);
        return raw.i32(base + offset);
    }

    /** Signed 64-bit little-endian field at {@code offset} (also used for uint64, printed unsigned by callers). */
    @Override
    public long i64(int offset, String field) {
        check(offset, 8, field);
        return raw.u64(base + offset);
    }

    /**
     * A count field validated against the bytes left: {@code count * elemSize} must fit from {@code from} (for any
     * count: the test cannot overflow).
     */
    @Override
    public int count(long count, int from, int elemSize, String field) {
        if (count < 0 || from > len || count > (len - (long) from) / elemSize) {
            throw new WalFormatException(what + " too short for " + count + " " + field + " at offset " + from
                    + ": has " + len + " bytes", lsn, null, -1);
        }
        return (int) count;
    }

    /** A NUL-terminated string starting at {@code offset}, at most {@code max} bytes (end of data ends it too). */
    String cstring(int offset, int max, String field) {
        check(offset, 0, field);
        int end = offset;
        int limit = (int) Math.min(len, (long) offset + max);
        while (end < limit && buf.getByte(base + end) != 0) {
            end++;
        }
        return buf.toString(base + offset, end - offset, StandardCharsets.UTF_8);
    }

    /** Index of the first byte after the NUL-terminated string at {@code offset}. */
    @Override
    public int afterCstring(int offset, String field) {
        int end = offset;
        while (end < len && buf.getByte(base + end) != 0) {
            end++;
        }
        if (end >= len) {
            throw new WalFormatException(what + ": unterminated " + field + " at offset " + offset, lsn, null, -1);
        }
        return end + 1;
    }
}
