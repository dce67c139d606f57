package org.walprism.analyzer.categories;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Counters per time bucket ({@code --bucket 1min}): a record counts in the bucket of the latest timestamp before
 * it in LSN order ({@link WalTime}: commits, aborts, checkpoints), as PostgreSQL wrote it after that moment; the
 * records before the range's first timestamp count in that timestamp's bucket. Buckets start at multiples of
 * their width since the Unix epoch (UTC), so they line up whatever the range.
 *
 * <p>Chunks of a parallel scan merge exactly: a chunk keeps the records before its own first timestamp apart,
 * and the merge gives them to the bucket the previous chunk ended in.
 */
public final class TimeBuckets {
    /** Most time buckets a range may have. */
    public static final int MAX_BUCKETS = LsnBuckets.MAX_BUCKETS;

    private final long width;
    private final int fields;
    private final TreeMap<Long, long[]> buckets = new TreeMap<>();
    private long[] pending;
    private Long current;
    private boolean overflowed;

    /** Buckets of {@code micros} microseconds, {@code fields} counters each ({@code CategoryStats.B_*}). */
    TimeBuckets(long micros, int fields) {
        if (micros <= 0) {
            throw new IllegalArgumentException("time bucket " + micros);
        }
        this.width = micros;
        this.fields = fields;
        this.pending = new long[fields];
    }

    /** Counts a record: {@code vm} of its {@code len} bytes are {@link Category#VM}'s (see {@link CategoryStats}). */
    void add(long stamp, int len, int fpi, int images, int ci, int vm) {
        long[] k;
        if (stamp != 0) {
            current = Math.floorDiv(stamp, width);
            k = bucket(current);
        } else {
            k = current == null ? pending : buckets.get(current);
        }
        if (k == null) {
            return;
        }
        k[CategoryStats.B_RECORDS]++;
        k[CategoryStats.B_BYTES] += len;
        k[CategoryStats.B_FPI_BYTES] += fpi;
        k[CategoryStats.B_IMAGES] += images;
        k[CategoryStats.B_CATEGORY + ci] += len - vm;
        k[CategoryStats.B_CATEGORY + Category.VM.ordinal()] += vm;
        if (stamp != 0) {
            long f = k[CategoryStats.B_TIME_FIRST];
            k[CategoryStats.B_TIME_FIRST] = f == 0 ? stamp : Math.min(f, stamp);
            k[CategoryStats.B_TIME_LAST] = Math.max(k[CategoryStats.B_TIME_LAST], stamp);
        }
    }

    private long[] bucket(long key) {
        long[] k = buckets.get(key);
        if (k == null) {
            if (overflowed || buckets.size() >= MAX_BUCKETS) {
                overflowed = true;
                return null;
            }
            k = new long[fields];
            buckets.put(key, k);
        }
        return k;
    }

    /** Adds {@code o}, the chunk after this one. */
    void merge(TimeBuckets o) {
        long[] into = current == null ? pending : buckets.get(current);
        if (into != null) {
            add(into, o.pending);
        }
        for (Map.Entry<Long, long[]> e : o.buckets.entrySet()) {
            long[] k = bucket(e.getKey());
            if (k != null) {
                add(k, e.getValue());
            }
        }
        overflowed |= o.overflowed;
        if (o.current != null) {
            current = o.current;
        }
    }

    private static void add(long[] to, long[] from) {
        for (int i = 0; i < to.length; i++) {
            if (i == CategoryStats.B_TIME_FIRST) {
                to[i] = to[i] == 0 ? from[i] : from[i] == 0 ? to[i] : Math.min(to[i], from[i]);
            } else if (i == CategoryStats.B_TIME_LAST) {
                to[i] = Math.max(to[i], from[i]);
            } else {
                to[i] += from[i];
            }
        }
    }

    /** Bucket width in microseconds. */
    public long width() {
        return width;
    }

    /** True when the range spans more than {@link #MAX_BUCKETS} buckets of this width. */
    public boolean overflowed() {
        return overflowed || (!buckets.isEmpty() && buckets.lastKey() - buckets.firstKey() + 1 > MAX_BUCKETS);
    }

    /** Microseconds from the first timestamp to the last (0 without two). */
    public long spanMicros() {
        long first = Long.MAX_VALUE;
        long last = 0;
        for (long[] b : buckets.values()) {
            if (b[CategoryStats.B_TIME_FIRST] != 0) {
                first = Math.min(first, b[CategoryStats.B_TIME_FIRST]);
            }
            last = Math.max(last, b[CategoryStats.B_TIME_LAST]);
        }
        return last == 0 ? 0 : last - first;
    }

    /** Records before the range's first timestamp (counted in its bucket). */
    public long untimedRecords() {
        return pending[CategoryStats.B_RECORDS];
    }

    /**
     * The buckets by start (Unix microseconds), from the first to the last with records, empty ones included;
     * the records before the first timestamp are in the first.
     */
    public NavigableMap<Long, long[]> buckets() {
        TreeMap<Long, long[]> out = new TreeMap<>();
        if (buckets.isEmpty() || overflowed()) {
            return out;
        }
        long first = buckets.firstKey();
        long last = buckets.lastKey();
        for (long k = first; k <= last; k++) {
            long[] b = buckets.get(k);
            long[] c = b == null ? new long[fields] : b.clone();
            if (k == first) {
                add(c, pending);
            }
            out.put(k * width, c);
        }
        return out;
    }
}
