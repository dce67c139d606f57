package org.walprism.codec.rmgr;

/**
 * Bounds-checked little-endian reads of one part of a record (its main data or one block's data), addressed by the
 * byte offsets of the C struct a layout view mirrors ({@link org.walprism.codec.rmgr.btree.BtreeView},
 * {@link org.walprism.codec.rmgr.xact.XactLayout}). An implementation is a reusable flyweight over the reader's
 * buffer (no copy, no allocation).
 *
 * <p>A read past the end throws {@link org.walprism.codec.WalFormatException} naming {@code field}, never an
 * IndexOutOfBoundsException.
 */
public interface FieldReader {
    /** Bytes in the part. */
    int length();

    /** Unsigned 8-bit field at {@code offset}. */
    int u8(int offset, String field);

    /** Boolean (one byte, non-zero is true) at {@code offset}. */
    boolean bool(int offset, String field);

    /** Unsigned 16-bit field at {@code offset}. */
    int u16(int offset, String field);

    /** Unsigned 32-bit field at {@code offset}. */
    long u32(int offset, String field);

    /** Signed 32-bit field at {@code offset}. */
    int i32(int offset, String field);

    /** Signed 64-bit field at {@code offset} (also uint64, printed unsigned by callers). */
    long i64(int offset, String field);

    /**
     * A count field validated against the bytes left: {@code count * elemSize} must fit from {@code from}.
     *
     * @return {@code count}
     */
    int count(long count, int from, int elemSize, String field);

    /** Index of the first byte after the NUL-terminated string at {@code offset}. */
    int afterCstring(int offset, String field);
}
