package org.walprism.cli;

import java.io.IOException;
import java.io.PrintWriter;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.TableRollup;
import org.walprism.analyzer.report.TopFormatter;
import picocli.CommandLine.ParameterException;

/**
 * {@code walprism stats --by relation [--top N] [--sort wal|fpi|vacuum]}: the tables of the range, their indexes and
 * TOAST rolled up, ranked by WAL bytes, full-page-image bytes or vacuum bytes. Called by {@link StatsCommand}.
 */
final class TopRelations {
    private TopRelations() {
    }

    @SuppressWarnings("try") // the Progress resource is held for its close(): the bar draws itself on a timer
    static void print(StatsCommand c) throws IOException {
        TableRollup.Metric metric = TableRollup.Metric.parse(c.sort);
        if (metric == null) {
            throw new ParameterException(c.spec.commandLine(), "--sort: unknown metric \"" + c.sort
                    + "\" (known: wal, fpi, vacuum)");
        }
        if (c.top < 0) {
            throw new ParameterException(c.spec.commandLine(), "--top must be 0 (all) or more");
        }
        WalRangeOptions.Range r = c.range.range();
        CategoryStats stats;
        try (Progress p = Progress.of(r, false, false)) {
            stats = StatsCategories.analyze(r, c.bucket, c.jobs, null, c.names.open(0));
        }
        PrintWriter out = c.spec.commandLine().getOut();
        out.print(TopFormatter.format(stats, metric, c.top, StatsCategories.format(c.format), c.units()));
        out.flush();
        Notices.print(c.spec.commandLine().getErr(), stats.notices(), stats.version());
    }
}
