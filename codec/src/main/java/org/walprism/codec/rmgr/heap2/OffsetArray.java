package org.walprism.codec.rmgr.heap2;

import java.util.Arrays;

/**
 * An immutable {@code OffsetNumber[]} (uint16 line-pointer numbers, 1-based), compared by content.
 *
 * <p>Redirect arrays hold {@code (from, to)} pairs flattened, as PostgreSQL stores them.
 */
public final class OffsetArray {
    /** No offsets. */
    public static final OffsetArray EMPTY = new OffsetArray(new int[0]);

    private final int[] values;

    private OffsetArray(int[] values) {
        this.values = values;
    }

    /** A copy of {@code values}; each must be 0..65535. */
    public static OffsetArray of(int... values) {
        for (int v : values) {
            if (v < 0 || v > 0xFFFF) {
                throw new IllegalArgumentException("OffsetNumber out of range: " + v);
            }
        }
        return values.length == 0 ? EMPTY : new OffsetArray(values.clone());
    }

    static OffsetArray wrap(int[] values) {
        return values.length == 0 ? EMPTY : new OffsetArray(values);
    }

    /** Number of uint16 values. */
    public int size() {
        return values.length;
    }

    /** True when there is no offset. */
    public boolean isEmpty() {
        return values.length == 0;
    }

    /** The {@code i}-th offset. */
    public int get(int i) {
        return values[i];
    }

    /** Bytes these values occupy in WAL: {@code 2 * size()}. */
    public int byteSize() {
        return 2 * values.length;
    }

    /** A copy of the offsets. */
    public int[] toArray() {
        return values.clone();
    }

    /** Values {@code from} (inclusive) to {@code to} (exclusive). */
    public OffsetArray slice(int from, int to) {
        return wrap(Arrays.copyOfRange(values, from, to));
    }

    int[] raw() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OffsetArray other && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
