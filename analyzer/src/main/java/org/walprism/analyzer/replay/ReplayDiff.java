package org.walprism.analyzer.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.codec.WalVersion;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.write.WalWriter;

/**
 * The before/after of a replay in {@code diff}'s terms: side A is the source range attributed by
 * {@link CategoryAnalyzer} as read, side B the replayed records written as WAL of the target major (same
 * segment size, timeline and first LSN as the source, into a temporary directory that is removed again)
 * and attributed by the same analyzer, so categories, record types, parts, FPI causes and page layout are
 * counted exactly as {@code walprism diff} counts two real ranges.
 */
public final class ReplayDiff {
    private ReplayDiff() {
    }

    /**
     * A replay and its comparison.
     *
     * @param compression the {@code wal_compression} side B's images were stored with ("off", "pglz", "lz4",
     *                    "zstd"), or null when they were carried over as the source stored them
     */
    public record Outcome(Replayer.Summary replay, StreamDiff diff, String compression) {
        /** A replay whose images were carried over. */
        public Outcome(Replayer.Summary replay, StreamDiff diff) {
            this(replay, diff, null);
        }
    }

    /** The {@code wal_compression} value that stores images with {@code c}. */
    static String setting(BlockImage.Compression c) {
        return c == BlockImage.Compression.NONE ? "off" : c.label();
    }

    /**
     * Replays {@code path} between {@code startLsn} and {@code endLsn} (0 = open ends) as {@code target} and
     * compares before with after. The replayed records go straight to WAL segments on disk as they are made.
     *
     * @param label how side A is named (the input as the user gave it)
     */
    public static Outcome run(Path path, long startLsn, long endLsn, int timeline, WalVersion target, String label) {
        return run(path, startLsn, endLsn, timeline, target, null, label);
    }

    /**
     * As {@link #run(Path, long, long, int, WalVersion, String)}, side B's images stored as
     * {@code wal_compression = compression} would store them (null: as carried over from the source).
     */
    public static Outcome run(Path path, long startLsn, long endLsn, int timeline, WalVersion target,
                              BlockImage.Compression compression, String label) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("walprism-replay");
            SegmentSink sink = new SegmentSink(dir);
            Replayer.Summary r;
            try (sink) {
                r = Replayer.replay(path, startLsn, endLsn, timeline, target, compression, sink);
            }
            CategoryStats before = CategoryAnalyzer.analyze(path, startLsn, endLsn, timeline, 0);
            CategoryStats after = sink.records == 0 ? new CategoryStats(r.to(), r.segmentSize(), 0)
                    // validated as dump validates: kept records are translated into the target's layout (Translator)
                    : CategoryAnalyzer.analyze(dir, r.firstLsn(), sink.end, r.timeline(), 0,
                            Runtime.getRuntime().availableProcessors(), true);
            String b = label + (target == r.from() && compression != null ? "" : " replayed as " + target.label())
                    + (compression == null ? "" : " with wal_compression=" + setting(compression));
            StreamDiff d = new StreamDiff(new StreamDiff.Side(label, new CategorySummary(before)),
                    new StreamDiff.Side(b, new CategorySummary(after)));
            return new Outcome(r, d, compression == null ? null : setting(compression));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the replayed records: " + e.getMessage(), e);
        } finally {
            if (dir != null) {
                delete(dir);
            }
        }
    }

    /**
     * Writes the replayed records of {@code r} (at least one) into {@code dir} as WAL segments of the target major
     * (same segment size, timeline and first LSN as the source) and returns the end LSN of the last one.
     */
    static long write(Replayer.Result r, Path dir) throws IOException {
        SegmentSink sink = new SegmentSink(dir);
        try (sink) {
            sink.begin(r.summary());
            r.after().forEach(sink::after);
        }
        return sink.end;
    }

    /** Writes replayed records as WAL segments of the target major as they come; source records are not kept. */
    private static final class SegmentSink implements Replayer.Sink, AutoCloseable {
        private final Path dir;
        private WalWriter writer;
        long records;
        long end;

        SegmentSink(Path dir) {
            this.dir = dir;
        }

        @Override
        public void begin(Replayer.Summary r) {
            // the bytes before the first record on its page belong to records outside the range: they are
            // declared a continued record (xlp_rem_len), so a reader looking for the first record skips them
            long page = r.firstLsn() - r.firstLsn() % PageHeader.XLOG_BLCKSZ;
            int header = page % r.segmentSize() == 0 ? PageHeader.LONG_SIZE : PageHeader.SHORT_SIZE;
            WalWriter.Options o = WalWriter.options(r.to()).segmentSize(r.segmentSize()).timeline(r.timeline())
                    .startLsn(r.firstLsn()).prevLsn(r.firstPrev())
                    .firstPageRemLen(Math.max(0, r.firstLsn() - page - header));
            try {
                writer = WalWriter.create(dir, o);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the replayed records: " + e.getMessage(), e);
            }
        }

        @Override
        public void before(PlanEncoder.Encoded e) {
        }

        @Override
        public void after(PlanEncoder.Encoded e) {
            writer.append(e.bytes());
            records++;
        }

        @Override
        public void close() throws IOException {
            if (writer != null) {
                end = writer.endLsn();
                writer.close();
            }
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // best effort: a leftover temporary directory is not an error of the replay
        }
    }
}
