package org.walprism.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Lsn#format(long, boolean)} is C's {@code %X/%X} and {@code %X/%08X} of the two halves, for every shape. */
class LsnFormatTest {

    private static void check(long lsn) {
        long hi = lsn >>> 32;
        long lo = lsn & 0xFFFFFFFFL;
        assertEquals(String.format(Locale.ROOT, "%X/%X", hi, lo), Lsn.format(lsn, false));
        assertEquals(String.format(Locale.ROOT, "%X/%08X", hi, lo), Lsn.format(lsn, true));
    }

    @Test
    void sameAsPrintf() {
        long[] edges = {0, 1, 0xF, 0x10, 0xFFFFFFFFL, 0x100000000L, 0x1_0000_0028L, 0xA3E1F8L, -1L, Long.MIN_VALUE,
            0x7FFFFFFF_FFFFFFFFL, 0xFFFFFFFF_00000000L};
        for (long e : edges) {
            check(e);
        }
        SplittableRandom r = new SplittableRandom(9);
        for (int i = 0; i < 100_000; i++) {
            // every digit count of either half
            check((r.nextLong() >>> r.nextInt(64)) << 32 | (r.nextLong() >>> r.nextInt(64)) & 0xFFFFFFFFL);
        }
    }
}
