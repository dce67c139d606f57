package org.walprism.analyzer.categories;

import java.nio.file.Path;
import org.walprism.analyzer.desc.RecordCheck;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.WalSources;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;

/**
 * Reads a WAL range once and attributes it into a {@link CategoryStats}. With more than one thread the range is
 * decoded segment by segment in parallel ({@link ParallelWalScan}) and the chunks' attributions merged in LSN
 * order, which gives exactly the sequential result.
 *
 * <p>Every record is validated as {@code dump} validates it before it is attributed: {@link RecordCheck}, except
 * for the Heap2 vacuum records, which the attribution reads in place and, where that fails, the codec's decoder
 * rejects with the describer's message.
 */
public final class CategoryAnalyzer {
    private CategoryAnalyzer() {
    }

    /**
     * Attributes every record of the range on all processors.
     *
     * @param path       WAL directory or segment file
     * @param startLsn   first record at or after this LSN; 0 = from the first record
     * @param endLsn     records ending at or before this LSN; 0 = to the end of WAL
     * @param bucketSize LSN bucket width in bytes; 0 = one segment (widened for long ranges)
     * @throws BucketLimitException when {@code bucketSize} would need more than {@link CategoryStats#MAX_BUCKETS}
     */
    public static CategoryStats analyze(Path path, long startLsn, long endLsn, long bucketSize) {
        return analyze(path, startLsn, endLsn, 0, bucketSize);
    }

    /** As {@link #analyze(Path, long, long, long)} on timeline {@code timeline} (0 = that of the files). */
    public static CategoryStats analyze(Path path, long startLsn, long endLsn, int timeline, long bucketSize) {
        return analyze(path, startLsn, endLsn, timeline, bucketSize, Runtime.getRuntime().availableProcessors());
    }

    /** As {@link #analyze(Path, long, long, int, long)} with {@code threads} threads (1 = on this thread). */
    public static CategoryStats analyze(Path path, long startLsn, long endLsn, int timeline, long bucketSize,
                                        int threads) {
        return analyze(path, startLsn, endLsn, timeline, bucketSize, threads, true);
    }

    /**
     * As {@link #analyze(Path, long, long, int, long, int)}; {@code validate} false skips {@link RecordCheck}, for
     * WAL walprism wrote itself (replay's converted stream, whose unchanged records keep their source layout).
     */
    public static CategoryStats analyze(Path path, long startLsn, long endLsn, int timeline, long bucketSize,
                                        int threads, boolean validate) {
        checkBuckets(startLsn, endLsn, bucketSize);
        if (threads <= 1) {
            try (WalReader reader = WalReader.open(path, startLsn, endLsn, timeline)) {
                return analyze(reader, bucketSize, validate);
            }
        }
        ParallelWalScan.Result<Sink> res;
        int segmentSize;
        // one source (directory, archive or repository layout), opened once: its segment size sizes the sinks
        try (ForkableSource src = WalSources.open(path, timeline)) {
            segmentSize = src.segmentSize();
            int size = segmentSize;
            res = new ParallelWalScan<>(() -> new Sink(size, bucketSize, validate), Sink::merge, threads)
                    .scan(src, src::fork, startLsn, endLsn);
        }
        CategoryStats stats = res.sink().stats;
        if (stats == null) {
            stats = new CategoryStats(res.version(), segmentSize, bucketSize);
        }
        stats.notices(res.notices());
        return checked(stats);
    }

    /** Attributes the records {@code reader} returns from its current position on. */
    public static CategoryStats analyze(WalReader reader, long bucketSize) {
        return analyze(reader, bucketSize, true);
    }

    private static CategoryStats analyze(WalReader reader, long bucketSize, boolean validate) {
        CategoryStats stats = null;
        RecordCheck check = validate ? new RecordCheck(false) : null;
        RecordView v;
        while ((v = reader.nextView()) != null) {
            if (check != null) {
                check.check(v);
            }
            if (stats == null) {
                stats = new CategoryStats(v.version(), reader.segmentSize(), bucketSize);
            }
            stats.add(v);
        }
        if (stats == null) {
            stats = new CategoryStats(reader.version(), reader.segmentSize(), bucketSize);
        }
        stats.notices(reader.notices());
        return checked(stats);
    }

    /** Refuses, before reading, a range from {@code startLsn} to {@code endLsn} too long for {@code bucketSize}. */
    private static void checkBuckets(long startLsn, long endLsn, long bucketSize) {
        if (bucketSize < 0) {
            throw new IllegalArgumentException("bucket size " + bucketSize);
        }
        if (bucketSize > 0 && startLsn != 0 && endLsn != 0 && Long.compareUnsigned(startLsn, endLsn) < 0) {
            long last = endLsn - 1;
            long n = CategoryStats.bucketsNeeded(startLsn, last, bucketSize);
            if (n > CategoryStats.MAX_BUCKETS) {
                throw new BucketLimitException(bucketSize, startLsn, endLsn, n,
                        CategoryStats.minimumBucketSize(startLsn, last));
            }
        }
    }

    private static CategoryStats checked(CategoryStats s) {
        if (s.bucketsOverflowed()) {
            long last = s.lastRecordLsn();
            throw new BucketLimitException(s.bucketSize(), s.startLsn(), s.endLsn(),
                    CategoryStats.bucketsNeeded(s.startLsn(), last, s.bucketSize()),
                    CategoryStats.minimumBucketSize(s.startLsn(), last));
        }
        return s;
    }

    /** Per-chunk attribution for the parallel scan. */
    static final class Sink implements ParallelWalScan.Sink {
        private final int segmentSize;
        private final long bucketSize;
        private final RecordCheck check;
        CategoryStats stats;

        Sink(int segmentSize, long bucketSize, boolean validate) {
            this.segmentSize = segmentSize;
            this.bucketSize = bucketSize;
            this.check = validate ? new RecordCheck(false) : null;
        }

        @Override
        public void accept(RecordView v) {
            if (check != null) {
                check.check(v);
            }
            if (stats == null) {
                stats = new CategoryStats(v.version(), segmentSize, bucketSize);
            }
            stats.add(v);
        }

        static Sink merge(Sink a, Sink b) {
            if (b.stats == null) {
                return a;
            }
            if (a.stats == null) {
                return b;
            }
            a.stats.merge(b.stats);
            // The scan keeps every chunk's sink to the end: drop the merged counters so the heap stays flat.
            b.stats = null;
            return a;
        }
    }
}
