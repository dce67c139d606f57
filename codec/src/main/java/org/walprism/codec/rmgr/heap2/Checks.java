package org.walprism.codec.rmgr.heap2;

/** Range checks for typed-value constructors (programming errors, not WAL errors). */
final class Checks {
    private Checks() {
    }

    static void u8(int v, String field) {
        if (v < 0 || v > 0xFF) {
            throw new IllegalArgumentException(field + " out of uint8 range: " + v);
        }
    }

    static void u16(int v, String field) {
        if (v < 0 || v > 0xFFFF) {
            throw new IllegalArgumentException(field + " out of uint16 range: " + v);
        }
    }

    static void u32(long v, String field) {
        if (v < 0 || v > 0xFFFFFFFFL) {
            throw new IllegalArgumentException(field + " out of uint32 range: " + v);
        }
    }

    static void that(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    static OffsetArray nonNull(OffsetArray a) {
        return a == null ? OffsetArray.EMPTY : a;
    }
}
