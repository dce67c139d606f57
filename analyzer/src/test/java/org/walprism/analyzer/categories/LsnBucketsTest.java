package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * LSN buckets: bounded by {@link LsnBuckets#MAX_BUCKETS}, a fixed width overflows, the default width doubles, and
 * buckets counted in chunks and merged equal those counted in one pass.
 */
class LsnBucketsTest {
    private static final int WIDTH = 2;

    private static LsnBuckets count(long[] lsns, int from, int to, long size, boolean fixed) {
        LsnBuckets b = new LsnBuckets(size, fixed, WIDTH);
        for (int i = from; i < to; i++) {
            int k = b.index(lsns[i]);
            if (k >= 0) {
                b.data()[k]++;
                b.data()[k + 1] += lsns[i] % 1000;
            }
        }
        return b;
    }

    private static long[] lsns(Random r, int n, long start, long maxStep) {
        long[] out = new long[n];
        long at = start;
        for (int i = 0; i < n; i++) {
            at += 24 + (long) (r.nextDouble() * r.nextDouble() * maxStep);
            out[i] = at;
        }
        return out;
    }

    private static void assertSameBuckets(LsnBuckets want, LsnBuckets got, String what) {
        assertEquals(want.overflowed(), got.overflowed(), "overflowed " + what);
        assertEquals(want.size(), got.size(), "size " + what);
        assertEquals(want.count(), got.count(), "count " + what);
        for (int i = 0; i < want.count(); i++) {
            assertEquals(want.start(i), got.start(i), "start " + i + " " + what);
            assertArrayEquals(want.get(i), got.get(i), "bucket " + i + " " + what);
        }
    }

    /** What one pass must give: every LSN in bucket {@code lsn / size} of the final width, sums kept. */
    private static void assertExact(long[] lsns, LsnBuckets b) {
        long first = lsns[0] / b.size();
        long[] total = new long[WIDTH];
        for (int i = 0; i < b.count(); i++) {
            assertEquals((first + i) * b.size(), b.start(i));
            long[] k = b.get(i);
            total[0] += k[0];
            total[1] += k[1];
        }
        assertEquals(lsns[lsns.length - 1] / b.size() - first + 1, b.count(), "first to last bucket");
        assertEquals(lsns.length, total[0]);
        assertEquals(Arrays.stream(lsns).map(l -> l % 1000).sum(), total[1]);
        long inFirst = Arrays.stream(lsns).filter(l -> l / b.size() == first).count();
        assertEquals(inFirst, b.get(0)[0], "records of the first bucket");
    }

    @Test
    void chunksMergeIntoTheOnePassResult() {
        Random r = new Random(42);
        for (int round = 0; round < 60; round++) {
            long size = 1L << (4 + r.nextInt(6));
            boolean fixed = r.nextBoolean();
            // spans from a few buckets to far more than the limit
            long[] lsns = lsns(r, 2000 + r.nextInt(20_000), r.nextInt(1 << 20), 4 * size * (1 + r.nextInt(12)));
            LsnBuckets whole = count(lsns, 0, lsns.length, size, fixed);
            if (!whole.overflowed()) {
                assertExact(lsns, whole);
                assertTrue(whole.count() <= LsnBuckets.MAX_BUCKETS, "count " + whole.count());
            }
            int chunks = 1 + r.nextInt(8);
            int[] cuts = r.ints(chunks - 1, 1, lsns.length).sorted().toArray();
            LsnBuckets merged = null;
            int from = 0;
            for (int i = 0; i <= cuts.length; i++) {
                int to = i < cuts.length ? cuts[i] : lsns.length;
                LsnBuckets part = count(lsns, from, to, size, fixed);
                if (merged == null) {
                    merged = part;
                } else {
                    merged.merge(part);
                }
                from = to;
            }
            assertSameBuckets(whole, merged, "round " + round + " size " + size + " fixed " + fixed);
        }
    }

    @Test
    void aFixedWidthOverflowsAndTheDefaultDoubles() {
        long[] lsns = {0x1000028L, 0x1000028L + 16L * LsnBuckets.MAX_BUCKETS + 5};
        LsnBuckets fixed = count(lsns, 0, 2, 16, true);
        assertTrue(fixed.overflowed());
        assertEquals(0, fixed.count());
        assertEquals(-1, fixed.index(0x1000028L), "no counting after an overflow");
        LsnBuckets widened = count(lsns, 0, 2, 16, false);
        assertEquals(32, widened.size());
        assertExact(lsns, widened);
        long[] fits = {0x1000028L, 0x1000028L + 16L * (LsnBuckets.MAX_BUCKETS - 2)};
        assertEquals(16, count(fits, 0, 2, 16, true).size());
    }

    @Test
    void theSuggestedWidthFits() {
        Random r = new Random(7);
        for (int i = 0; i < 10_000; i++) {
            long first = r.nextLong() >>> 2;
            long last = first + (r.nextLong() >>> (2 + r.nextInt(60)));
            long w = LsnBuckets.minimumSize(first, last);
            assertTrue(LsnBuckets.count(first, last, w) <= LsnBuckets.MAX_BUCKETS, first + ".." + last + " at " + w);
            assertTrue(LsnBuckets.count(first, last, w + 1 + r.nextInt(1000)) <= LsnBuckets.MAX_BUCKETS);
        }
    }
}
