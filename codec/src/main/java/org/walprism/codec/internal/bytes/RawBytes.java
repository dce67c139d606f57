package org.walprism.codec.internal.bytes;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian reads of u8, u16, u32 and u64 at absolute indexes of a {@link ByteBuf}, as its {@code get*LE}
 * getters give them, but over the buffer's backing array (a {@code byteArrayViewVarHandle}) when it has one. Other
 * buffers (direct, composite) go through the getters: a view of a direct buffer's NIO buffer would have to be
 * allocated each time the reader moves between buffers, and dump allocates nothing per record. No
 * {@code sun.misc.Unsafe}.
 *
 * <p>A reader is pointed at one buffer with {@link #reset} and checks each index against that buffer's capacity
 * only (one comparison), not its reference count: the caller owns the buffer for as long as it reads it. Reset it
 * whenever the buffer is replaced or its capacity changes. {@link #reset} allocates nothing.
 */
public final class RawBytes {
    private static final VarHandle A16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle A32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle A64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int ARRAY = 0;
    private static final int GETTERS = 2;

    private ByteBuf buf;
    private int mode = GETTERS;
    private byte[] array;
    private int offset;
    private int capacity;

    /** Points this reader at {@code b}; returns this. */
    @SuppressWarnings("ReferenceEquality") // the same buffer object (ByteBuf.equals compares readable bytes)
    public RawBytes reset(ByteBuf b) {
        int cap = b.capacity();
        if (b == buf && cap == capacity && (mode != ARRAY || b.array() == array)) {
            return this;
        }
        buf = b;
        capacity = cap;
        array = null;
        if (b.hasArray()) {
            mode = ARRAY;
            array = b.array();
            offset = b.arrayOffset();
        } else {
            mode = GETTERS;
            offset = 0;
        }
        return this;
    }

    /** The buffer this reader reads. */
    public ByteBuf buffer() {
        return buf;
    }

    private int check(int index, int size) {
        if ((index | (capacity - size - index)) < 0) {
            throw new IndexOutOfBoundsException("index: " + index + ", length: " + size + " (expected: range(0, "
                    + capacity + "))");
        }
        return index + offset;
    }

    /** The unsigned byte at {@code index}. */
    public int u8(int index) {
        int i = check(index, 1);
        return switch (mode) {
            case ARRAY -> array[i] & 0xff;
            default -> buf.getUnsignedByte(index);
        };
    }

    /** The unsigned little-endian 16-bit value at {@code index}. */
    public int u16(int index) {
        int i = check(index, 2);
        return switch (mode) {
            case ARRAY -> (short) A16.get(array, i) & 0xffff;
            default -> buf.getUnsignedShortLE(index);
        };
    }

    /** The signed little-endian 32-bit value at {@code index}. */
    public int i32(int index) {
        int i = check(index, 4);
        return switch (mode) {
            case ARRAY -> (int) A32.get(array, i);
            default -> buf.getIntLE(index);
        };
    }

    /** The unsigned little-endian 32-bit value at {@code index}. */
    public long u32(int index) {
        return i32(index) & 0xffffffffL;
    }

    /** The little-endian 64-bit value at {@code index}. */
    public long u64(int index) {
        int i = check(index, 8);
        return switch (mode) {
            case ARRAY -> (long) A64.get(array, i);
            default -> buf.getLongLE(index);
        };
    }
}
