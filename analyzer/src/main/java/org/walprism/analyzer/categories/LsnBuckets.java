package org.walprism.analyzer.categories;

import java.util.Arrays;

/**
 * Per LSN bucket counters ({@code B_*} of {@link CategoryStats}) in one flat array, from the first record's bucket to
 * the last's, at most {@link #MAX_BUCKETS} of them, so that memory and output stay bounded whatever the span.
 *
 * <p>A width the user chose is kept: a range needing more buckets {@linkplain #overflowed() overflows} (the
 * counters are dropped; the caller refuses the width). The default width, the segment size, doubles instead
 * until the range fits; buckets start at multiples of their width, so two buckets fold exactly into one. Merging
 * the buckets of consecutive chunks gives what one pass over the whole range gives: the width ends as the
 * smallest of segment size times a power of two at which the whole range fits, whatever the chunks.
 */
final class LsnBuckets implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** Most buckets a range may have. */
    static final int MAX_BUCKETS = 10_000;

    private final int width;
    /** Counters kept as the least / greatest non-zero value instead of a sum (timestamps), or -1. */
    private int minField = -1;
    private int maxField = -1;
    private final boolean fixedWidth;
    private long size;
    private long first = -1;
    private int count;
    private long[] data = new long[0];
    private boolean overflowed;

    /**
     * @param size       bucket width in bytes
     * @param fixedWidth true when the user chose the width (then too many buckets overflow), false to double it
     * @param width      counters per bucket
     */
    LsnBuckets(long size, boolean fixedWidth, int width) {
        if (size <= 0) {
            throw new IllegalArgumentException("bucket size " + size);
        }
        this.size = size;
        this.fixedWidth = fixedWidth;
        this.width = width;
    }

    /** Makes counter {@code min} keep the least non-zero value and {@code max} the greatest, not sums. */
    LsnBuckets extremes(int min, int max) {
        this.minField = min;
        this.maxField = max;
        return this;
    }

    /** How two values of counter {@code k} combine: summed, or the least / greatest non-zero one. */
    private long combine(int k, long a, long b) {
        if (k == minField) {
            return a == 0 ? b : b == 0 ? a : Math.min(a, b);
        }
        if (k == maxField) {
            return Math.max(a, b);
        }
        return a + b;
    }

    /** Buckets from {@code firstLsn}'s to {@code lastLsn}'s at width {@code size}. */
    static long count(long firstLsn, long lastLsn, long size) {
        return Long.divideUnsigned(lastLsn, size) - Long.divideUnsigned(firstLsn, size) + 1;
    }

    /**
     * A width at which any range from {@code firstLsn} to {@code lastLsn} has at most {@link #MAX_BUCKETS} buckets,
     * and so has every wider one: {@code floor(d / w) + 2} buckets at most for a distance {@code d}.
     */
    static long minimumSize(long firstLsn, long lastLsn) {
        return (lastLsn - firstLsn) / (MAX_BUCKETS - 1) + 1;
    }

    /**
     * Index in {@link #data()} of the counters of the bucket holding {@code lsn}, or -1 after an overflow. Records
     * come in LSN order. May reallocate the array: call {@link #data()} after this.
     */
    int index(long lsn) {
        if (cachedStart >= 0 && lsn >= cachedStart && lsn - cachedStart < size) {
            return cachedIndex;
        }
        if (overflowed) {
            return -1;
        }
        long b = Long.divideUnsigned(lsn, size);
        if (first < 0) {
            first = b;
        }
        long idx = b - first;
        if (idx >= count) {
            if (idx >= MAX_BUCKETS) {
                if (!fit(idx + 1)) {
                    return -1;
                }
                idx = Long.divideUnsigned(lsn, size) - first;
            }
            grow((int) idx + 1);
        }
        cachedStart = (first + idx) * size;
        cachedIndex = (int) idx * width;
        return cachedIndex;
    }

    // The bucket of the last index() call: records mostly fall in the same one (no division then).
    private long cachedStart = -1;
    private int cachedIndex;

    /** The counters, {@code width} per bucket. */
    long[] data() {
        return data;
    }

    private void grow(int n) {
        if (n * width > data.length) {
            data = Arrays.copyOf(data, Math.min(MAX_BUCKETS, Math.max(n, 2 * count + 16)) * width);
        }
        count = n;
    }

    /** Makes room for {@code needed} buckets from the first: widens, or overflows a fixed width. */
    private boolean fit(long needed) {
        if (fixedWidth) {
            overflow();
            return false;
        }
        long last = first + needed - 1;
        while (last - first + 1 > MAX_BUCKETS) {
            widen();
            last /= 2;
        }
        return true;
    }

    private void overflow() {
        cachedStart = -1;
        overflowed = true;
        data = new long[0];
        count = 0;
    }

    /** Doubles the width, folding pairs of buckets. */
    private void widen() {
        cachedStart = -1;
        size *= 2;
        if (first < 0) {
            return;
        }
        long newFirst = first / 2;
        int newCount = (int) ((first + count - 1) / 2 - newFirst + 1);
        long[] folded = new long[Math.max(newCount * width, data.length)];
        for (int i = 0; i < count; i++) {
            int to = (int) ((first + i) / 2 - newFirst) * width;
            int from = i * width;
            for (int k = 0; k < width; k++) {
                folded[to + k] = combine(k, folded[to + k], data[from + k]);
            }
        }
        first = newFirst;
        count = newCount;
        data = folded;
    }

    /** Adds the buckets of {@code o}, whose records all come after this one's. */
    void merge(LsnBuckets o) {
        cachedStart = -1;
        if (overflowed) {
            return;
        }
        if (o.overflowed) {
            overflow();
            return;
        }
        if (o.first < 0) {
            return;
        }
        while (size < o.size) {
            widen();
        }
        LsnBuckets other = o;
        if (o.size < size) {
            other = o.copy();
            while (other.size < size) {
                other.widen();
            }
        }
        if (first < 0) {
            first = other.first;
        }
        long needed = other.first + other.count - first;
        if (needed > MAX_BUCKETS) {
            if (fit(needed)) {
                merge(o);
            }
            return;
        }
        grow((int) Math.max(count, needed));
        int at = (int) (other.first - first) * width;
        for (int i = 0; i < other.count * width; i++) {
            data[at + i] = combine(i % width, data[at + i], other.data[i]);
        }
    }

    private LsnBuckets copy() {
        LsnBuckets c = new LsnBuckets(size, fixedWidth, width).extremes(minField, maxField);
        c.first = first;
        c.count = count;
        c.data = data.clone();
        return c;
    }

    /** True when a fixed width would need more than {@link #MAX_BUCKETS} buckets. */
    boolean overflowed() {
        return overflowed;
    }

    long size() {
        return size;
    }

    int count() {
        return count;
    }

    /** Start LSN of bucket {@code i}. */
    long start(int i) {
        return (first + i) * size;
    }

    /** Counters of bucket {@code i} (a copy). */
    long[] get(int i) {
        return Arrays.copyOfRange(data, i * width, (i + 1) * width);
    }
}
