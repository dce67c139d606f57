package org.walprism.analyzer.replay;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.walprism.analyzer.generate.Heap2Records;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.analyzer.generate.RecordPlanner;
import org.walprism.analyzer.generate.VacuumDesign;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.write.RecordBuilder;
import org.walprism.source.WalSources;

/**
 * Re-expresses a captured stream's vacuum and pruning records in another major's design: each page step
 * (a PG16 PRUNE + FREEZE_PAGE + VISIBLE run, a PG17 PRUNE_VACUUM_SCAN + VISIBLE, a PG19 prune record, a
 * second-pass VACUUM + VISIBLE, an on-access prune) is read into a design-free {@link PageOp} and written
 * again as the target design logs it, with the codec, carrying over the source's full-page images to the
 * first target record that registers the same block. Every other record is kept as it was.
 *
 * <p>Where a source record carried an image instead of its arrays and the target needs the arrays on a
 * record without the image (for example 17 to 16: the FREEZE_PAGE after an imaged PRUNE), counts are read
 * from the page image (frozen tuples, LP states).
 *
 * <p>The range is read twice and streamed through: the first pass gathers what the stream tells about its server
 * ({@link StreamFacts}) and decides each 13-16 lone PRUNE ({@link LonePrunes}), the second rewrites one step at a
 * time and hands each record to a {@link Sink}. Memory does not grow with the range (see {@link LonePrunes} and
 * {@link StreamFacts} for the little state they keep).
 */
public final class Replayer {
    private Replayer() {
    }

    /** Receives a replay's records in stream order. */
    public interface Sink {
        /** Called once, before the first record of either side, with where the source range lies. */
        default void begin(Summary where) {
        }

        /** A source record, as read. */
        void before(PlanEncoder.Encoded e);

        /** A replayed record. */
        void after(PlanEncoder.Encoded e);
    }

    /**
     * What a replay did, without its records.
     *
     * @param segmentSize the source's {@code wal_segment_size}
     * @param timeline    the source's timeline
     * @param firstLsn    LSN of the first source record (-1 when the range held none)
     * @param firstPrev   {@code xl_prev} of the first source record
     * @param beforeStats statistics of the records before the rewrite (null in {@link Sink#begin})
     * @param afterStats  statistics of the records after the rewrite (null in {@link Sink#begin})
     */
    public record Summary(WalVersion from, WalVersion to, int steps, int stepsFromRecords, int segmentSize,
                          int timeline, long firstLsn, long firstPrev, WalStats beforeStats, WalStats afterStats) {
    }

    /** A replay with its records, before and after, in stream order (for ranges that fit in memory). */
    public record Result(Summary summary, List<PlanEncoder.Encoded> before, List<PlanEncoder.Encoded> after) {
        /** Statistics of the records before the rewrite. */
        public WalStats beforeStats() {
            return summary.beforeStats();
        }

        /** Statistics of the records after the rewrite. */
        public WalStats afterStats() {
            return summary.afterStats();
        }

        /** The page steps rewritten. */
        public int steps() {
            return summary.steps();
        }

        /** The source records those steps replaced. */
        public int stepsFromRecords() {
            return summary.stepsFromRecords();
        }

        /** The source's timeline. */
        public int timeline() {
            return summary.timeline();
        }

        /** LSN of the first source record (-1 when the range held none). */
        public long firstLsn() {
            return summary.firstLsn();
        }
    }

    /** Replays the records of {@code path} between {@code startLsn} and {@code endLsn} (0 = open ends). */
    public static Result replay(Path path, long startLsn, long endLsn, WalVersion target) {
        return replay(path, startLsn, endLsn, 0, target);
    }

    /** As {@link #replay(Path, long, long, WalVersion)} on timeline {@code timeline} (0 = that of the files). */
    public static Result replay(Path path, long startLsn, long endLsn, int timeline, WalVersion target) {
        return replay(path, startLsn, endLsn, timeline, target, (BlockImage.Compression) null);
    }

    /**
     * As {@link #replay(Path, long, long, int, WalVersion)}, every image of the replayed records stored as
     * {@code wal_compression = compression} would store it ({@link ImageRecompression}; null: images as carried over).
     */
    public static Result replay(Path path, long startLsn, long endLsn, int timeline, WalVersion target,
                                BlockImage.Compression compression) {
        List<PlanEncoder.Encoded> before = new ArrayList<>();
        List<PlanEncoder.Encoded> after = new ArrayList<>();
        Summary s = replay(path, startLsn, endLsn, timeline, target, compression, new Sink() {
            @Override
            public void before(PlanEncoder.Encoded e) {
                before.add(e);
            }

            @Override
            public void after(PlanEncoder.Encoded e) {
                after.add(e);
            }
        });
        return new Result(s, before, after);
    }

    /**
     * Replays the records of {@code path} between {@code startLsn} and {@code endLsn} (0 = open ends) on timeline
     * {@code timeline} (0 = that of the files) as {@code target}, handing every record to {@code sink}.
     */
    public static Summary replay(Path path, long startLsn, long endLsn, int timeline, WalVersion target, Sink sink) {
        return replay(path, startLsn, endLsn, timeline, target, null, sink);
    }

    /**
     * As {@link #replay(Path, long, long, int, WalVersion, Sink)}, every image of the replayed records stored as
     * {@code wal_compression = compression} would store it (null: images as carried over from the source).
     *
     * @throws WalFormatException when {@code target} has no such compression method (lz4, zstd before 15)
     */
    public static Summary replay(Path path, long startLsn, long endLsn, int timeline, WalVersion target,
                                 BlockImage.Compression compression, Sink sink) {
        ImageRecompression recompression = compression == null ? null : new ImageRecompression(target, compression);
        StreamFacts facts = new StreamFacts();
        LonePrunes lonePrunes = new LonePrunes();
        try (WalReader reader = WalSources.reader(path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline)) {
            StepScanner scanner = new StepScanner(lonePrunes::observe, reader.timeline(), reader.segmentSize());
            DecodedRecord r;
            while ((r = reader.next()) != null) {
                facts.observe(r);
                scanner.add(r, null);
            }
            scanner.finish();
            lonePrunes.finish();
        }
        try (WalReader reader = WalSources.reader(path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline)) {
            WalVersion from = reader.version();
            Rewriter w = new Rewriter(from, target, facts, sink, reader.segmentSize(), reader.timeline(), lonePrunes,
                    recompression);
            WalStats beforeStats = new WalStats(from);
            StepScanner scanner = new StepScanner(w::write, reader.timeline(), reader.segmentSize());
            boolean first = true;
            DecodedRecord r;
            while ((r = reader.next()) != null) {
                if (first) {
                    sink.begin(new Summary(from, target, 0, 0, reader.segmentSize(), reader.timeline(),
                            reader.firstRecordLsn(), reader.firstRecordPrev(), null, null));
                    first = false;
                }
                PlanEncoder.Encoded original = new PlanEncoder.Encoded(r.rmid(), r.info(), r.bytes(), r.fpiLength());
                beforeStats.add(original.rmid(), original.info(), original.bytes().length, original.fpiLength());
                sink.before(original);
                // images the target cannot log (lz4, zstd into 13/14) are inflated before the translation
                DecodedRecord in = inflated(recompression, r, reader);
                scanner.add(in, encoded(in, r, original));
            }
            scanner.finish();
            return new Summary(from, target, w.steps, w.stepRecords, reader.segmentSize(), reader.timeline(),
                    first ? -1 : reader.firstRecordLsn(), first ? 0 : reader.firstRecordPrev(), beforeStats,
                    w.afterStats);
        }
    }

    /** {@code r} with the images {@code recompression}'s target cannot log inflated ({@code r} without one). */
    private static DecodedRecord inflated(ImageRecompression recompression, DecodedRecord r, WalReader reader) {
        if (recompression == null) {
            return r;
        }
        try {
            return recompression.inflateUnloggable(r);
        } catch (WalFormatException e) {
            throw Images.inFile(Images.at(e, r.recordLsn().value()), reader.timeline(), reader.segmentSize());
        }
    }

    /** {@code original} when {@code in} is the record read, else {@code in}'s bytes. */
    @SuppressWarnings("ReferenceEquality") // inflateUnloggable returns the very record when no image changes
    private static PlanEncoder.Encoded encoded(DecodedRecord in, DecodedRecord read, PlanEncoder.Encoded original) {
        return in == read ? original : new PlanEncoder.Encoded(in.rmid(), in.info(), in.bytes(), in.fpiLength());
    }

    /** Writes each slot of the second pass in the target design, in order. */
    private static final class Rewriter {
        private final WalVersion from;
        private final WalVersion target;
        private final Translator translator;
        private final VacuumDesign design;
        private final boolean sourceLogsCleanupInfo;
        private final Sink sink;
        private final int timeline;
        private final int segmentSize;
        private final LonePrunes lonePrunes;
        final WalStats afterStats;
        long lonePrune;
        int steps;
        int stepRecords;
        private PageOp lastScan;
        private final ImageRecompression recompression;

        Rewriter(WalVersion from, WalVersion target, StreamFacts facts, Sink sink, int segmentSize, int timeline,
                 LonePrunes lonePrunes, ImageRecompression recompression) {
            this.recompression = recompression;
            this.from = from;
            this.target = target;
            this.translator = new Translator(from, target, facts);
            this.design = VacuumDesign.of(target);
            this.sourceLogsCleanupInfo = VacuumDesign.of(from).logsCleanupInfo();
            this.sink = sink;
            this.segmentSize = segmentSize;
            this.timeline = timeline;
            this.lonePrunes = lonePrunes;
            this.afterStats = new WalStats(target);
        }

        private void emit(PlanEncoder.Encoded e) {
            if (recompression != null) {
                try {
                    e = recompression.apply(e);
                } catch (WalFormatException ex) {
                    throw Images.inFile(ex, timeline, segmentSize);
                }
            }
            afterStats.add(e.rmid(), e.info(), e.bytes().length, e.fpiLength());
            sink.after(e);
        }

        void write(StepScanner.Slot s) {
            if (s.kept() != null) {
                PlanEncoder.Encoded e = s.kept();
                if (isCleanupInfo(from, e)) {
                    if (design.logsCleanupInfo()) {
                        emit(e); // only a 13 stream has it, and only 13 keeps it: nothing to translate
                    }
                    lastScan = null;  // the source logged this round's horizon itself
                    return;
                }
                if (design.logsCleanupInfo() && !sourceLogsCleanupInfo && lastScan != null && isIndexVacuum(e)) {
                    emit(cleanupInfo(target, design, lastScan));
                    lastScan = null;
                }
                PlanEncoder.Encoded translated;
                try {
                    translated = translator.translate(e, s.keptLsn());
                } catch (WalFormatException ex) {
                    throw Images.inFile(Images.at(ex, s.keptLsn()), timeline, segmentSize);
                }
                if (translated != null) {
                    emit(translated);
                }
                return;
            }
            PageOp op = s.op();
            if (s.lonePrune()) {
                op.phase = lonePrunes.isScan(lonePrune++) ? PageOp.Phase.SCAN : PageOp.Phase.ON_ACCESS;
            }
            if (op.phase == PageOp.Phase.SCAN) {
                lastScan = op;
            }
            steps++;
            stepRecords += op.sourceRecords;
            try {
                new StepWriter(target, design, op).write().forEach(this::emit);
            } catch (WalFormatException e) {
                throw Images.inFile(e, timeline, segmentSize);
            }
        }
    }

    /** XLOG_HEAP2_CLEANUP_INFO of a 13 stream: no other design has it (its code means another record there). */
    private static boolean isCleanupInfo(WalVersion version, PlanEncoder.Encoded e) {
        return e.rmid() == RmgrTable.HEAP2 && Heap2Type.of(version, e.info()) == Heap2Type.CLEANUP_INFO;
    }

    /** Btree VACUUM: the records of an index-vacuuming round (lazy_vacuum_all_indexes). */
    private static boolean isIndexVacuum(PlanEncoder.Encoded e) {
        return e.rmid() == RmgrTable.BTREE && (e.info() & 0xF0) == RecordPlanner.BTREE_VACUUM;
    }

    /** The CLEANUP_INFO a 13 VACUUM logs before its index round: the heap relation and the scan's horizon. */
    private static PlanEncoder.Encoded cleanupInfo(WalVersion target, VacuumDesign design, PageOp scan) {
        var typed = Heap2Records.cleanupInfo(design, scan.rel, scan.horizon);
        byte[] bytes = RecordBuilder.of(target, RmgrTable.HEAP2, typed.info()).mainData(typed.record().encode()
                .mainData()).build();
        return new PlanEncoder.Encoded(RmgrTable.HEAP2, typed.info(), bytes, 0);
    }

    /** Per record type counts of a replay, keyed as pg_waldump --stats=record (before, after). */
    public static Map<String, long[]> table(Result r) {
        Map<String, long[]> out = new TreeMap<>();
        for (var row : r.beforeStats().rows(true)) {
            out.computeIfAbsent(row.name(), x -> new long[4]);
            out.get(row.name())[0] = row.count();
            out.get(row.name())[1] = row.combinedSize();
        }
        for (var row : r.afterStats().rows(true)) {
            out.computeIfAbsent(row.name(), x -> new long[4]);
            out.get(row.name())[2] = row.count();
            out.get(row.name())[3] = row.combinedSize();
        }
        return out;
    }
}
