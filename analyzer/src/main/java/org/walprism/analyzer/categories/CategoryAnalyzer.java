package org.walprism.analyzer.categories;

import java.nio.file.Path;
import org.walprism.analyzer.desc.RecordCheck;
import java.util.ArrayList;
import java.util.List;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.analyzer.relmap.RelationTracker;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.read.ForkableSource;
import org.walprism.source.WalSources;
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
        return analyze(path, startLsn, endLsn, timeline, bucketSize, threads, (RelationMap) null);
    }

    /**
     * As {@link #analyze(Path, long, long, int, long, int)}; {@code validate} false skips {@link RecordCheck}, for
     * WAL walprism wrote itself (replay's converted stream, whose unchanged records keep their source layout).
     */
    public static CategoryStats analyze(Path path, long startLsn, long endLsn, int timeline, long bucketSize,
                                        int threads, boolean validate) {
        return scan(path, startLsn, endLsn, timeline, bucketSize, threads, new Extras(null, 0, validate));
    }

    /**
     * As {@link #analyze(Path, long, long, int, long, int)}, naming relations from {@code names} (null: none)
     * completed with what the range itself says (files created inside it: see {@link RelationTracker}); what
     * could not be followed is added to the notices.
     */
    public static CategoryStats analyze(Path path, long startLsn, long endLsn, int timeline, long bucketSize,
                                        int threads, RelationMap names) {
        CategoryStats stats = scan(path, startLsn, endLsn, timeline, bucketSize, threads, new Extras(names, 0, true));
        if (names != null) {
            name(stats, names);
        }
        return stats;
    }

    /**
     * As {@link #analyze(Path, long, long, int, long, int, RelationMap)} without naming yet: the relation events
     * are kept, {@link #name} names afterwards (after more relations were added to {@code names}, for example
     * those of the other databases the range touches).
     */
    public static CategoryStats scanFollowing(Path path, long startLsn, long endLsn, int timeline, long bucketSize,
                                              int threads, RelationMap names) {
        return scan(path, startLsn, endLsn, timeline, bucketSize, threads, new Extras(names, 0, true));
    }

    /**
     * As {@link #scanFollowing(Path, long, long, int, long, int, RelationMap)}, also counting per time bucket of
     * {@code timeBucketMicros} (0: none; see {@link TimeBuckets}); {@code names} may be null.
     */
    public static CategoryStats scan(Path path, long startLsn, long endLsn, int timeline, long bucketSize,
                                     int threads, RelationMap names, long timeBucketMicros) {
        return scan(path, startLsn, endLsn, timeline, bucketSize, threads,
                new Extras(names, timeBucketMicros, true));
    }

    /**
     * What a scan counts beside the attribution: relation events for names, time buckets; and whether every
     * record is validated as dump's describers do ({@link RecordCheck}).
     */
    private record Extras(RelationMap names, long timeMicros, boolean validate) {
        static final Extras NONE = new Extras(null, 0, true);
    }

    /**
     * Names the relations of {@code stats} from {@code names}, completed with the files the range created (its
     * relation events, when it was scanned following them); what could not be followed is added to the notices.
     */
    public static void name(CategoryStats stats, RelationMap names) {
        stats.names(names);
        if (stats.relationEvents() != null) {
            List<org.walprism.codec.WalMessage> notes = new ArrayList<>(stats.notices());
            notes.addAll(stats.relationEvents().replay(new RelationTracker(names).withInplace()));
            stats.notices(notes);
        }
    }

    /** The databases (OIDs, 0 = shared catalogs) whose relations {@code stats} counts. */
    public static java.util.Set<Long> databases(CategoryStats stats) {
        java.util.Set<Long> dbs = new java.util.TreeSet<>();
        for (RelationTable.Entry e : stats.relations().entries()) {
            dbs.add(e.dbOid);
        }
        return dbs;
    }

    private static CategoryStats scan(Path path, long startLsn, long endLsn, int timeline, long bucketSize,
                                      int threads, Extras names) {
        checkBuckets(startLsn, endLsn, bucketSize);
        if (threads <= 1) {
            try (WalReader reader = WalSources.reader(path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline)) {
                return analyze(reader, bucketSize, names);
            }
        }
        ParallelWalScan.Result<Sink> res;
        int segmentSize;
        // one source (directory, archive or repository layout), opened once: its segment size sizes the sinks
        try (ForkableSource src = WalSources.open(path, timeline)) {
            segmentSize = src.segmentSize();
            int size = segmentSize;
            res = new ParallelWalScan<>(() -> new Sink(size, bucketSize, names), Sink::merge, threads)
                    .scan(src, src::fork, Lsn.bound(startLsn), Lsn.bound(endLsn));
        }
        CategoryStats stats = res.sink().stats;
        if (stats == null) {
            stats = follow(new CategoryStats(res.version(), segmentSize, bucketSize), names);
        }
        stats.notices(res.notices());
        return checked(stats);
    }

    /** Attributes the records {@code reader} returns from its current position on. */
    public static CategoryStats analyze(WalReader reader, long bucketSize) {
        return analyze(reader, bucketSize, Extras.NONE);
    }

    private static CategoryStats follow(CategoryStats s, Extras x) {
        if (x == null) {
            return s;
        }
        if (x.names() != null) {
            s.followRelations(x.names());
        }
        if (x.timeMicros() > 0) {
            s.timeBuckets(x.timeMicros());
        }
        return s;
    }

    private static CategoryStats analyze(WalReader reader, long bucketSize, Extras names) {
        CategoryStats stats = null;
        RecordCheck check = names == null || names.validate() ? new RecordCheck(false) : null;
        RecordView v;
        while ((v = reader.nextView()) != null) {
            if (check != null) {
                check.check(v);
            }
            if (stats == null) {
                stats = follow(new CategoryStats(v.version(), reader.segmentSize(), bucketSize), names);
            }
            stats.add(v);
        }
        if (stats == null) {
            stats = follow(new CategoryStats(reader.version(), reader.segmentSize(), bucketSize), names);
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
        private final Extras names;
        private final RecordCheck check;
        CategoryStats stats;

        Sink(int segmentSize, long bucketSize, Extras names) {
            this.segmentSize = segmentSize;
            this.bucketSize = bucketSize;
            this.names = names;
            this.check = names == null || names.validate() ? new RecordCheck(false) : null;
        }

        @Override
        public void accept(RecordView v) {
            if (check != null) {
                check.check(v);
            }
            if (stats == null) {
                stats = follow(new CategoryStats(v.version(), segmentSize, bucketSize), names);
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
