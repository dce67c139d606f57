package org.walprism.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.walprism.analyzer.categories.BucketLimitException;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.report.CategoryFormatter;
import org.walprism.analyzer.report.OutputFormat;
import org.walprism.codec.Lsn;

/**
 * {@code walprism stats --categories}: the byte-exact category attribution of the range (records by what they
 * did, bytes by part, full-page images by cause, relations, LSN buckets). Called by {@link StatsCommand}.
 */
final class StatsCategories {
    private StatsCategories() {
    }

    static void print(WalRangeOptions.Range r, OutputFormat format, long bucketSize, int jobs, PrintWriter out,
                      PrintWriter err, NameOptions.Source names) throws java.io.IOException {
        CategoryStats stats = analyze(r, bucketSize, jobs, null, names);
        out.print(CategoryFormatter.format(stats, format));
        out.flush();
        Notices.print(err, stats.notices());
    }

    /**
     * Attributes range {@code r} with {@code jobs} threads; a {@code --bucket} width too narrow for it is a usage
     * error naming the option ({@code input}, when given, names the input on the command line).
     */
    static CategoryStats analyze(WalRangeOptions.Range r, long bucketSize, int jobs, String input) {
        try {
            return analyze(r, bucketSize, jobs, input, null);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** As {@link #analyze(WalRangeOptions.Range, long, int, String)}, naming relations from {@code names}. */
    static CategoryStats analyze(WalRangeOptions.Range r, long bucketSize, int jobs, String input,
                                 NameOptions.Source names) throws java.io.IOException {
        checkBucket(bucketSize);
        try {
            if (names == null) {
                return CategoryAnalyzer.analyze(r.path(), r.start(), r.end(), r.timeline(), bucketSize, jobs);
            }
            CategoryStats stats = CategoryAnalyzer.scanFollowing(r.path(), r.start(), r.end(), r.timeline(),
                    bucketSize, jobs, names.map());
            names.name(stats);
            return stats;
        } catch (BucketLimitException e) {
            throw new BadArgumentException(String.format(Locale.ROOT,
                    "--bucket %d: %s %s..%s spans %d bytes, %d buckets of that width; at most %d are allowed "
                            + "(use --bucket %d or more)", e.bucketSize(), input == null ? "the range" : input + ":",
                    Lsn.format(e.startLsn(), true), Lsn.format(e.endLsn(), true), e.endLsn() - e.startLsn(),
                    e.buckets(), CategoryStats.MAX_BUCKETS, e.minimumSize()));
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
