package org.walprism.codec.internal.bytes;

import io.netty.buffer.ByteBuf;
import io.netty.util.internal.PlatformDependent;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Little-endian reads of u8, u16, u32 and u64 at absolute indexes of a {@link ByteBuf}, as its {@code get*LE}
 * getters give them, but over the buffer's backing array (a {@code byteArrayViewVarHandle}) when it has one, and
 * over a little-endian NIO view of a direct buffer's memory when it is one piece (the getters' reference-count
 * check and bounds checks cost a measurable share of a record-heavy scan). The view of the last direct buffer is
 * kept while the reader moves to another buffer and back (a WAL reader alternates between its page window and its
 * reassembly buffer), so that dump allocates nothing per record. Other buffers (composite) go through the
 * getters. No {@code sun.misc.Unsafe}.
 *
 * <p>A reader is pointed at one buffer with {@link #reset} and checks each index against that buffer's capacity
 * only (one comparison), not its reference count: the caller owns the buffer for as long as it reads it. Reset it
 * whenever the buffer is replaced or its capacity changes. {@link #reset} allocates nothing.
 */
public final class RawBytes {
    private static final VarHandle A16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle A32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle A64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    // ADDRESS is 0: the hot path tests it with one ifne
    private static final int ADDRESS = 0;
    private static final int ARRAY = 1;
    private static final int DIRECT = 2;
    private static final int GETTERS = 3;

    /** Whether direct buffers are read at their memory address (see the class comment). */
    static final boolean RAW_ADDRESS = rawAddress();

    private final boolean raw;
    private ByteBuf buf;
    private int mode = GETTERS;
    private byte[] array;
    private int offset;
    private int capacity;
    private ByteBuffer view;
    private long address;
    // capacity - width for a buffer read at its address, else -1: (index | (limitN - index)) >= 0 says both "ADDRESS
    // mode" and "index and width in range"
    private int limit1 = -1;
    private int limit2 = -1;
    private int limit4 = -1;
    private int limit8 = -1;
    // the last direct buffer seen, its capacity and its view: kept across resets to other buffers
    private ByteBuf direct;
    private int directCapacity;
    private ByteBuffer directView;

    /** A reader that reads direct buffers at their address when Netty uses {@code Unsafe}. */
    public RawBytes() {
        this(RAW_ADDRESS);
    }

    /** A reader that reads direct buffers at their address only if {@code rawAddress} (tests: the NIO path). */
    RawBytes(boolean rawAddress) {
        this.raw = rawAddress && RAW_ADDRESS;
    }

    /** Whether this reader reads its current buffer at its memory address (tests). */
    boolean atAddress() {
        return mode == ADDRESS;
    }

    /** Points this reader at {@code b}; returns this. */
    @SuppressWarnings("ReferenceEquality") // the same buffer object (ByteBuf.equals compares readable bytes)
    public RawBytes reset(ByteBuf b) {
        // the same buffer again (a record read resets to the page window several times): small enough for C1 to inline
        if (b == buf && b.capacity() == capacity && mode != ARRAY) {
            return this;
        }
        return point(b);
    }

    @SuppressWarnings("ReferenceEquality")
    private RawBytes point(ByteBuf b) {
        int cap = b.capacity();
        if (b == buf && cap == capacity && (mode != ARRAY || b.array() == array)) {
            return this;
        }
        buf = b;
        capacity = cap;
        array = null;
        view = null;
        offset = 0;
        address = 0;
        limit1 = -1;
        limit2 = -1;
        limit4 = -1;
        limit8 = -1;
        if (b.hasArray()) {
            mode = ARRAY;
            array = b.array();
            offset = b.arrayOffset();
        } else if (raw && b.hasMemoryAddress()) {
            mode = ADDRESS;
            address = b.memoryAddress();
            // a capacity under the width gives a negative limit: every read of that width takes the checked path
            limit1 = cap - 1;
            limit2 = cap - 2;
            limit4 = cap - 4;
            limit8 = cap - 8;
        } else if (b.isDirect() && b.nioBufferCount() == 1) {
            mode = DIRECT;
            if (b != direct || cap != directCapacity) {
                direct = b;
                directCapacity = cap;
                directView = b.nioBuffer(0, cap).order(ByteOrder.LITTLE_ENDIAN);
            }
            view = directView;
        } else {
            mode = GETTERS;
        }
        return this;
    }

    private static boolean rawAddress() {
        try {
            return PlatformDependent.hasUnsafe() && PlatformDependent.isUnaligned()
                    && ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
        } catch (LinkageError e) {
            return false;
        }
    }

    /** The buffer this reader reads. */
    public ByteBuf buffer() {
        return buf;
    }

    /** {@code index} checked to hold {@code size} bytes in the buffer, as an offset into the array (if any). */
    private int check(int index, int size) {
        if ((index | (capacity - size - index)) < 0) {
            throw outOfRange(index, size);
        }
        return index + offset;
    }

    private IndexOutOfBoundsException outOfRange(int index, int size) {
        return new IndexOutOfBoundsException("index: " + index + ", length: " + size + " (expected: range(0, "
                + capacity + "))");
    }

    /** The unsigned byte at {@code index}. */
    public int u8(int index) {
        if ((index | (limit1 - index)) >= 0) {
            return PlatformDependent.getByte(address + index) & 0xff;
        }
        return u8Other(index);
    }

    private int u8Other(int index) {
        int i = check(index, 1);
        return switch (mode) {
            case ADDRESS -> PlatformDependent.getByte(address + i) & 0xff;
            case ARRAY -> array[i] & 0xff;
            case DIRECT -> view.get(i) & 0xff;
            default -> buf.getUnsignedByte(index);
        };
    }

    /** The unsigned little-endian 16-bit value at {@code index}. */
    public int u16(int index) {
        if ((index | (limit2 - index)) >= 0) {
            return PlatformDependent.getShort(address + index) & 0xffff;
        }
        return u16Other(index);
    }

    private int u16Other(int index) {
        int i = check(index, 2);
        return switch (mode) {
            case ADDRESS -> PlatformDependent.getShort(address + i) & 0xffff;
            case ARRAY -> (short) A16.get(array, i) & 0xffff;
            case DIRECT -> view.getShort(i) & 0xffff;
            default -> buf.getUnsignedShortLE(index);
        };
    }

    /** The signed little-endian 32-bit value at {@code index}. */
    public int i32(int index) {
        if ((index | (limit4 - index)) >= 0) {
            return PlatformDependent.getInt(address + index);
        }
        return i32Other(index);
    }

    private int i32Other(int index) {
        int i = check(index, 4);
        return switch (mode) {
            case ADDRESS -> PlatformDependent.getInt(address + i);
            case ARRAY -> (int) A32.get(array, i);
            case DIRECT -> view.getInt(i);
            default -> buf.getIntLE(index);
        };
    }

    /** The unsigned little-endian 32-bit value at {@code index}. */
    public long u32(int index) {
        if ((index | (limit4 - index)) >= 0) {
            return PlatformDependent.getInt(address + index) & 0xffffffffL;
        }
        return u32Other(index);
    }

    private long u32Other(int index) {
        return i32Other(index) & 0xffffffffL;
    }

    /** The little-endian 64-bit value at {@code index}. */
    public long u64(int index) {
        if ((index | (limit8 - index)) >= 0) {
            return PlatformDependent.getLong(address + index);
        }
        return u64Other(index);
    }

    private long u64Other(int index) {
        int i = check(index, 8);
        return switch (mode) {
            case ADDRESS -> PlatformDependent.getLong(address + i);
            case ARRAY -> (long) A64.get(array, i);
            case DIRECT -> view.getLong(i);
            default -> buf.getLongLE(index);
        };
    }
}
