package org.walprism.spark;

import java.io.Serializable;
import java.util.TreeMap;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.desc.RecordCheck;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.record.RecordView;

/**
 * One task's accumulator: every record, validated as {@code stats} validates it, counted into the
 * {@link WalStats} ({@code stats --stats=record}) and {@link CategoryStats} ({@code stats --categories}) of the LSN
 * bucket it starts in. The counters are the analyzer's own; only the split by bucket is this module's.
 */
final class FleetSink implements ParallelWalScan.Sink {
    private final RecordCheck check = new RecordCheck();
    private final long segmentSize;
    private final long bucketSize;
    private final TreeMap<Long, Bucket> buckets = new TreeMap<>();
    private long currentStart = -1;
    private Bucket current;

    /** The counters of one LSN bucket (records starting at {@code start} up to {@code start + bucketSize}). */
    static final class Bucket implements Serializable {
        private static final long serialVersionUID = 1L;
        final WalStats stats;
        final CategoryStats categories;

        Bucket(WalStats stats, CategoryStats categories) {
            this.stats = stats;
            this.categories = categories;
        }

        /** Adds {@code later}, the counters of the records right after this one's (the analyzer's merges). */
        Bucket merge(Bucket later) {
            stats.merge(later.stats);
            categories.merge(later.categories);
            return this;
        }
    }

    FleetSink(long segmentSize, long bucketSize) {
        this.segmentSize = segmentSize;
        this.bucketSize = bucketSize;
    }

    @Override
    public void accept(RecordView v) {
        check.check(v);
        long start = v.lsn() - Long.remainderUnsigned(v.lsn(), bucketSize);
        if (start != currentStart) {
            currentStart = start;
            current = buckets.computeIfAbsent(start,
                    k -> new Bucket(new WalStats(v.version()), new CategoryStats(v.version(), segmentSize, bucketSize)));
        }
        current.stats.add(v.rmid(), v.info(), Integer.toUnsignedLong(v.totalLength()), v.fpiLength());
        current.categories.add(v);
    }

    /** The buckets by start LSN. */
    java.util.NavigableMap<Long, Bucket> buckets() {
        return buckets;
    }
}
