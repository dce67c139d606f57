package org.walprism.analyzer.replay;

import java.util.Arrays;

/** Little-endian reads and writes on a record part, and the splices the layout translations need. */
final class LeBytes {
    private LeBytes() {
    }

    static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    static int i32(byte[] b, int at) {
        return StreamFacts.i32(b, at);
    }

    static long u32(byte[] b, int at) {
        return StreamFacts.u32(b, at);
    }

    static long i64(byte[] b, int at) {
        return u32(b, at) | u32(b, at + 4) << 32;
    }

    static void put16(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
    }

    static void put32(byte[] b, int at, long v) {
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    static void put64(byte[] b, int at, long v) {
        put32(b, at, v);
        put32(b, at + 4, v >>> 32);
    }

    /** {@code b} with {@code remove} bytes at {@code at} replaced by {@code insert}. */
    static byte[] splice(byte[] b, int at, int remove, byte[] insert) {
        byte[] out = new byte[b.length - remove + insert.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(b, at + remove, out, at + insert.length, b.length - at - remove);
        return out;
    }

    /** {@code b} cut or zero-extended to {@code n} bytes. */
    static byte[] resize(byte[] b, int n) {
        return Arrays.copyOf(b, n);
    }
}
