package org.walprism.spark;

import java.io.Serializable;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.PageLayout;
import org.walprism.analyzer.categories.WalTime;
import org.walprism.analyzer.desc.RecordCheck;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.read.TimelineHistory;
import org.walprism.codec.record.RecordView;

/**
 * One task's accumulator: every record, validated as {@code stats} validates it, counted into the
 * {@link WalStats} ({@code stats --stats=record}) and {@link CategoryStats} ({@code stats --categories}) of its
 * timeline and bucket. The counters are the analyzer's own; only the split by timeline and bucket is this module's.
 *
 * <p>The timeline of a record is the one whose part of the followed history holds its LSN (timeline.c
 * tliOfPointInHistory), so a root read across promotions splits into the parts {@code pg_waldump -t N} reads
 * between the switch points.
 *
 * <p>Buckets are LSN buckets (records starting in {@code [start, start + width)}) or time buckets
 * ({@link Spec#timeWidth}), placed as the CLI's {@code --bucket 1h} places records
 * ({@link org.walprism.analyzer.categories.TimeBuckets}): a record counts in the bucket of the latest commit or
 * abort time at or before it in LSN order ({@link WalTime#of}); the records of a task before its first such time
 * are kept in a {@link #PENDING} bucket, which the driver gives to the bucket the previous task ended in (or, for
 * the records before the root's first time, to the earliest bucket, as the CLI does).
 *
 * <p>Layout per bucket: each record is charged with the WAL bytes from the end of the record before it to its own
 * end (page headers, alignment padding and skipped bytes in between), so the buckets' layout figures add up to
 * the range's, whatever the buckets; the driver adds the bytes between two tasks to the first record of the later
 * task ({@link #layout()}).
 */
final class FleetSink implements ParallelWalScan.Sink {
    /** The bucket of a task's records before its first timestamp (time buckets only). */
    static final long PENDING = Long.MIN_VALUE;
    /** Layout figures charged per bucket: span, page headers, padding, skipped. */
    static final int SPAN = 0;
    static final int HEADERS = 1;
    static final int PADDING = 2;
    static final int SKIPPED = 3;

    /**
     * How records are split.
     *
     * @param lsnWidth  LSN bucket width in bytes (LSN buckets)
     * @param timeWidth time bucket width in microseconds; 0: LSN buckets
     * @param tlis      the timelines of the followed history, oldest first
     * @param begins    where each begins (the first: 0)
     */
    record Spec(long lsnWidth, long timeWidth, int[] tlis, long[] begins) implements Serializable {
        /** The split for the history {@code h}. */
        static Spec of(long lsnWidth, long timeWidth, TimelineHistory h) {
            List<TimelineHistory.Entry> e = h.entries();
            int[] t = new int[e.size()];
            long[] b = new long[e.size()];
            for (int i = 0; i < t.length; i++) {
                t[i] = e.get(i).tli();
                b[i] = i == 0 ? 0 : e.get(i).begin();
            }
            return new Spec(lsnWidth, timeWidth, t, b);
        }

        /** The timeline whose part of the history holds {@code lsn}. */
        int timelineOf(long lsn) {
            for (int i = tlis.length - 1; i > 0; i--) {
                if (Long.compareUnsigned(begins[i], lsn) <= 0) {
                    return tlis[i];
                }
            }
            return tlis[0];
        }

        boolean timeBuckets() {
            return timeWidth > 0;
        }
    }

    /** A bucket of one timeline within a task: {@code bucket} is its start (LSN, or Unix microseconds). */
    record Key(int tli, long bucket) implements Serializable, Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = Integer.compareUnsigned(tli, o.tli);
            return c != 0 ? c : Long.compare(bucket, o.bucket);
        }
    }

    /** The counters of one bucket. */
    static final class Bucket implements Serializable {
        private static final long serialVersionUID = 1L;
        final WalStats stats;
        final CategoryStats categories;
        /** {@link #SPAN}, {@link #HEADERS}, {@link #PADDING}, {@link #SKIPPED}: charged per record (class comment). */
        final long[] layout = new long[4];
        /** Earliest and latest commit or abort time of the bucket's records (Unix microseconds; 0: none). */
        long firstTime;
        long lastTime;

        Bucket(WalStats stats, CategoryStats categories) {
            this.stats = stats;
            this.categories = categories;
        }

        /** An empty bucket of the same version and sizes as {@code like}. */
        static Bucket empty(Bucket like) {
            return new Bucket(new WalStats(like.stats.version()), new CategoryStats(like.stats.version(),
                    like.categories.segmentSize(), like.categories.bucketSize()));
        }

        /** Adds {@code later}, counters of records after this one's first (the analyzer's merges). */
        Bucket merge(Bucket later) {
            stats.merge(later.stats);
            categories.merge(later.categories);
            for (int i = 0; i < layout.length; i++) {
                layout[i] += later.layout[i];
            }
            firstTime = firstTime == 0 ? later.firstTime : later.firstTime == 0 ? firstTime
                    : Math.min(firstTime, later.firstTime);
            lastTime = Math.max(lastTime, later.lastTime);
            return this;
        }
    }

    /**
     * What the driver needs of a task beside its buckets: the key of its first record, the time bucket it ended
     * in and its earliest (null: none), its records before its first time, the layout of all its records and of
     * each timeline's.
     */
    record Edges(Key firstKey, Long lastTimeBucket, Long earliestTimeBucket, long pendingRecords, PageLayout layout,
                 NavigableMap<Integer, PageLayout> timelines) implements Serializable {
    }

    private final RecordCheck check = new RecordCheck();
    private final long segmentSize;
    private final Spec spec;
    private final TreeMap<Key, Bucket> buckets = new TreeMap<>();
    private final PageLayout layout;
    private final TreeMap<Integer, PageLayout> timelines = new TreeMap<>();
    private final long[] before = new long[4];
    private Key currentKey;
    private Bucket current;
    private Long timeBucket;
    private Key firstKey;
    private Long earliest;
    private long pendingRecords;

    FleetSink(long segmentSize, Spec spec) {
        this.segmentSize = segmentSize;
        this.spec = spec;
        this.layout = new PageLayout(segmentSize);
    }

    @Override
    public void accept(RecordView v) {
        check.check(v);
        long lsn = v.lsn();
        int tli = spec.timelineOf(lsn);
        long stamp = WalTime.of(v);
        long b;
        if (spec.timeBuckets()) {
            if (stamp != 0) {
                timeBucket = Math.floorDiv(stamp, spec.timeWidth()) * spec.timeWidth();
                earliest = earliest == null ? timeBucket : Math.min(earliest, timeBucket);
            }
            if (timeBucket == null) {
                pendingRecords++;
            }
            b = timeBucket == null ? PENDING : timeBucket;
        } else {
            b = lsn - Long.remainderUnsigned(lsn, spec.lsnWidth());
        }
        if (currentKey == null || currentKey.tli() != tli || currentKey.bucket() != b) {
            currentKey = new Key(tli, b);
            current = buckets.computeIfAbsent(currentKey, k -> new Bucket(new WalStats(v.version()),
                    new CategoryStats(v.version(), segmentSize, spec.timeBuckets() ? 0 : spec.lsnWidth())));
        }
        if (firstKey == null) {
            firstKey = currentKey;
        }
        int len = v.totalLength();
        current.stats.add(v.rmid(), v.info(), Integer.toUnsignedLong(len), v.fpiLength());
        current.categories.add(v);
        if (stamp != 0) {
            current.firstTime = current.firstTime == 0 ? stamp : Math.min(current.firstTime, stamp);
            current.lastTime = Math.max(current.lastTime, stamp);
        }
        figures(layout, before);
        layout.add(lsn, len);
        long[] c = current.layout;
        c[SPAN] += layout.spanBytes() - before[SPAN];
        c[HEADERS] += layout.pageHeaderBytes() - before[HEADERS];
        c[PADDING] += layout.paddingBytes() - before[PADDING];
        c[SKIPPED] += layout.skippedBytes() - before[SKIPPED];
        timelines.computeIfAbsent(tli, k -> new PageLayout(segmentSize)).add(lsn, len);
    }

    /** The four charged figures of {@code l} into {@code out}. */
    static long[] figures(PageLayout l, long[] out) {
        out[SPAN] = l.spanBytes();
        out[HEADERS] = l.pageHeaderBytes();
        out[PADDING] = l.paddingBytes();
        out[SKIPPED] = l.skippedBytes();
        return out;
    }

    /** The buckets by timeline and start. */
    NavigableMap<Key, Bucket> buckets() {
        return buckets;
    }

    /** See {@link Edges}. */
    Edges edges() {
        return new Edges(firstKey, timeBucket, earliest, pendingRecords, layout, timelines);
    }

    /** The layout of all the task's records. */
    PageLayout layout() {
        return layout;
    }
}
