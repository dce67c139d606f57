package org.walprism.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.walprism.analyzer.categories.BucketLimitException;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.report.CategoryFormatter;
import org.walprism.analyzer.replay.CompressionEstimate;
import org.walprism.analyzer.report.OutputFormat;
import org.walprism.codec.Lsn;

/**
 * {@code walprism stats --categories}: the byte-exact category attribution of the range (records by what they
 * did, bytes by part, full-page images by cause, relations, LSN buckets). Called by {@link StatsCommand}.
 */
final class StatsCategories {
    private StatsCategories() {
    }

    @SuppressWarnings("try") // the Progress resource is held for its close(): the bar draws itself on a timer
    static void print(WalRangeOptions.Range r, OutputFormat format, String bucket, int jobs, PrintWriter out,
                      PrintWriter err, NameOptions.Source names, boolean compressionEstimate,
                      org.walprism.analyzer.ByteUnits units)
            throws java.io.IOException {
        CategoryStats stats;
        CompressionEstimate.Result estimate = null;
        try (Progress p = Progress.of(r, false, false)) {
            stats = analyze(r, bucket, jobs, null, names);
            if (compressionEstimate) {
                // a second, single-threaded pass: the CPU figure is one thread's time in the compressors
                estimate = CompressionEstimate.estimate(r.path(), r.start(), r.end(), r.timeline());
            }
        }
        out.print(CategoryFormatter.format(stats, format, estimate, units));
        out.flush();
        Notices.print(err, stats.notices(), stats.version());
    }

    /**
     * Attributes range {@code r} with {@code jobs} threads; a {@code --bucket} width too narrow for it is a usage
     * error naming the option ({@code input}, when given, names the input on the command line).
     */
    static CategoryStats analyze(WalRangeOptions.Range r, long bucketSize, int jobs, String input) {
        try {
            return analyze(r, Long.toString(bucketSize), jobs, input, null);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * As {@link #analyze(WalRangeOptions.Range, long, int, String)} with {@code --bucket}'s text (a width in bytes
     * or a duration), naming relations from {@code names} (null: none).
     */
    static CategoryStats analyze(WalRangeOptions.Range r, String bucket, int jobs, String input,
                                 NameOptions.Source names) throws java.io.IOException {
        long micros = bucketMicros(bucket);
        long bucketSize = micros > 0 ? 0 : bucketBytes(bucket);
        checkBucket(bucketSize);
        try {
            if (names == null && micros == 0) {
                return CategoryAnalyzer.analyze(r.path(), r.start(), r.end(), r.timeline(), bucketSize, jobs);
            }
            CategoryStats stats = CategoryAnalyzer.scan(r.path(), r.start(), r.end(), r.timeline(), bucketSize,
                    jobs, names == null ? null : names.map(), micros);
            if (names != null) {
                names.name(stats);
            }
            if (stats.timeBuckets() != null && stats.timeBuckets().overflowed()) {
                long span = stats.timeBuckets().spanMicros() / 1_000_000L;
                throw new BadArgumentException(String.format(Locale.ROOT, "--bucket %s: %s spans %d s of "
                        + "timestamps, more than %d buckets of that width (use --bucket %ds or more)", bucket,
                        input == null ? "the range" : input, span, CategoryStats.MAX_BUCKETS,
                        span / (CategoryStats.MAX_BUCKETS - 1) + 1));
            }
            return stats;
        } catch (BucketLimitException e) {
            // the input is echoed as typed; the range's LSNs are values, printed as the WAL's major prints them
            throw new BadArgumentException(org.walprism.codec.WalMessage.of("--bucket " + e.bucketSize() + ": "
                    + (input == null ? "the range" : input + ":") + " ", Lsn.of(e.startLsn()), "..",
                    Lsn.of(e.endLsn()), String.format(Locale.ROOT, " spans %d bytes, %d buckets of that width; at "
                            + "most %d are allowed (use --bucket %d or more)", e.endLsn() - e.startLsn(),
                            e.buckets(), CategoryStats.MAX_BUCKETS, e.minimumSize())));
        }
    }

    /** {@code --bucket} as a duration ({@code 30s}, {@code 1min}, {@code 2h}, {@code 1d}): microseconds, else 0. */
    static long bucketMicros(String bucket) {
        long m = org.walprism.analyzer.categories.WalTime.duration(bucket);
        if (m == 0) {
            throw new BadArgumentException("--bucket " + bucket + ": a duration must be at least 1s");
        }
        return Math.max(m, 0);
    }

    /** {@code --bucket} as a width in bytes (0: the default). */
    static long bucketBytes(String bucket) {
        try {
            return Long.parseLong(bucket.strip());
        } catch (NumberFormatException e) {
            throw new BadArgumentException("--bucket " + bucket + ": neither a width in bytes nor a duration "
                    + "(30s, 1min, 2h, 1d)");
        }
    }

    /** {@code --bucket}: a width in bytes, or 0 for the default. */
    static void checkBucket(long bucketSize) {
        if (bucketSize < 0) {
            throw new BadArgumentException("--bucket must be a width in bytes, at least 1 (0 = the default), not "
                    + bucketSize);
        }
    }

    static OutputFormat format(StatsCommand.Format f) {
        return switch (f) {
            case text -> OutputFormat.TEXT;
            case json -> OutputFormat.JSON;
            case csv -> OutputFormat.CSV;
        };
    }
}
