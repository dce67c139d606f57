package org.walprism.cli;

import java.io.PrintWriter;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.report.CategoryFormatter;
import org.walprism.analyzer.report.OutputFormat;

/**
 * {@code walprism stats --categories}: the byte-exact category attribution of the range (records by what they
 * did, bytes by part, full-page images by cause, relations, LSN buckets). Called by {@link StatsCommand}.
 */
final class StatsCategories {
    private StatsCategories() {
    }

    static void print(WalRangeOptions.Range r, OutputFormat format, long bucketSize, PrintWriter out,
                      PrintWriter err) {
        CategoryStats stats = CategoryAnalyzer.analyze(r.path(), r.start(), r.end(), r.timeline(), bucketSize);
        out.print(CategoryFormatter.format(stats, format));
        out.flush();
        Notices.print(err, stats.notices());
    }

    static OutputFormat format(StatsCommand.Format f) {
        return switch (f) {
            case text -> OutputFormat.TEXT;
            case json -> OutputFormat.JSON;
            case csv -> OutputFormat.CSV;
        };
    }
}
