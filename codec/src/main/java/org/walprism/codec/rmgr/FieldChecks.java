package org.walprism.codec.rmgr;

import java.util.List;

/** Range checks for typed-value constructors: a value out of its C type's range is a programming error. */
public final class FieldChecks {
    private FieldChecks() {
    }

    /** {@code v}, checked to be in uint8 range (else IllegalArgumentException naming {@code field}). */
    public static int u8(int v, String field) {
        if (v < 0 || v > 0xFF) {
            throw new IllegalArgumentException(field + " out of uint8 range: " + v);
        }
        return v;
    }

    /** {@code v}, checked to be in uint16 range (else IllegalArgumentException naming {@code field}). */
    public static int u16(int v, String field) {
        if (v < 0 || v > 0xFFFF) {
            throw new IllegalArgumentException(field + " out of uint16 range: " + v);
        }
        return v;
    }

    /** {@code v}, checked to be in uint32 range (else IllegalArgumentException naming {@code field}). */
    public static long u32(long v, String field) {
        if (v < 0 || v > 0xFFFFFFFFL) {
            throw new IllegalArgumentException(field + " out of uint32 range: " + v);
        }
        return v;
    }

    /** Every element of {@code xids} in uint32 range; returns an immutable copy. */
    public static List<Long> u32List(List<Long> xids, String field) {
        List<Long> copy = xids == null ? List.of() : List.copyOf(xids);
        for (Long x : copy) {
            u32(x, field);
        }
        return copy;
    }

    /** Throws IllegalArgumentException with {@code message} unless {@code ok}. */
    public static void that(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** {@code b} or {@link Bytes#EMPTY}. */
    public static Bytes nonNull(Bytes b) {
        return b == null ? Bytes.EMPTY : b;
    }
}
