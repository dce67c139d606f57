package org.walprism.codec.rmgr;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * An immutable run of bytes carried opaquely inside a typed record (tuple data, index tuples, two-phase
 * state records), compared by content. {@link #toByteArray()} gives a copy.
 */
public final class Bytes {
    /** No bytes. */
    public static final Bytes EMPTY = new Bytes(new byte[0]);

    private final byte[] bytes;

    private Bytes(byte[] bytes) {
        this.bytes = bytes;
    }

    /** A copy of {@code bytes}; null reads as empty. */
    public static Bytes of(byte[] bytes) {
        return bytes == null || bytes.length == 0 ? EMPTY : new Bytes(bytes.clone());
    }

    /** Wraps an array the caller gives up (decoders pass fresh copies). */
    static Bytes wrap(byte[] bytes) {
        return bytes.length == 0 ? EMPTY : new Bytes(bytes);
    }

    /** Number of bytes. */
    public int length() {
        return bytes.length;
    }

    /** Whether there are no bytes. */
    public boolean isEmpty() {
        return bytes.length == 0;
    }

    /** The byte at {@code index}, unsigned. */
    public int u8(int index) {
        return bytes[index] & 0xFF;
    }

    /** A copy of the bytes. */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    /** A read-only view of the bytes, without copying them. */
    public ByteBuffer view() {
        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Bytes b && Arrays.equals(bytes, b.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return bytes.length + " bytes";
    }
}
