package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The digit-by-digit timestamp and number formatting gives what java.time and the JDK give. */
class DescFormatTest {

    private static void same(long t) {
        for (TimestampStyle style : TimestampStyle.values()) {
            String expected = DescFormat.timestamptzAnyYear(t, style);
            assertEquals(expected, DescFormat.timestamptz(new TextBuffer(8), t, style).toString(), "t=" + t);
        }
    }

    @Test
    void timestampsEqualJavaTimeInEveryYearTheyCover() {
        // 2000-01-01 (the epoch), before it (negative microseconds), leap days, the ends of years 1 and 9999
        long[] fixed = {0, 1, -1, 999_999, -999_999, 1_000_000, -1_000_001, 5_097_600_000_000L,
            -63_082_281_600_000_000L, -63_082_281_599_999_999L, 252_455_615_999_999_999L, 252_455_615_999_000_000L,
            Long.MAX_VALUE, Long.MIN_VALUE, 817_502_158_419_670L};
        for (long t : fixed) {
            same(t);
        }
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 200_000; i++) {
            same(random.nextLong(-70_000_000_000_000_000L, 260_000_000_000_000_000L));
        }
    }

    @Test
    void numbersEqualTheJdkText() {
        SplittableRandom random = new SplittableRandom(7);
        TextBuffer b = new TextBuffer(8);
        long[] fixed = {0, 9, 10, 99, 100, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, Integer.MIN_VALUE,
            Long.MAX_VALUE, Long.MIN_VALUE, -1, 4_294_967_295L};
        for (int i = 0; i < 100_000 + fixed.length; i++) {
            long v = i < fixed.length ? fixed[i] : random.nextLong() >> random.nextInt(64);
            assertEquals(Long.toString(v), b.clear().append(v).toString());
            assertEquals(Long.toUnsignedString(v), b.clear().appendUnsigned(v).toString());
            assertEquals(Long.toHexString(v).toUpperCase(java.util.Locale.ROOT), b.clear().appendHex(v, 1).toString());
            assertEquals(String.format("%08X", v), b.clear().appendHex(v, 8).toString());
            assertEquals(Long.toHexString(v), b.clear().appendHexLower(v).toString());
            if (v >= 0) {
                assertEquals(String.format("%10d", v), b.clear().appendPadded(v, 10).toString());
            }
        }
        assertEquals("x\u00e9\u4e2d\ud83d\ude00y", b.clear().append("x\u00e9\u4e2d\ud83d\ude00y").toString());
        assertEquals("\u00e9", b.clear().append('\u00e9').toString());
    }
}
