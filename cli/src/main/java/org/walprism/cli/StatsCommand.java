package org.walprism.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.StatsFormatter;
import org.walprism.analyzer.stats.WalStats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code walprism stats}: pg_waldump {@code --stats} / {@code --stats=record} over a WAL range, the same
 * text byte for byte, or JSON / CSV with the same figures.
 */
@Command(name = "stats", description = "Summarise WAL by resource manager or record type, as pg_waldump --stats does.",
        mixinStandardHelpOptions = true, sortOptions = false)
public final class StatsCommand implements Callable<Integer> {

    /** Output formats. */
    public enum Format { text, json, csv }

    @Spec
    CommandSpec spec;

    @Mixin
    WalRangeOptions range;

    @Option(names = {"-z", "--stats"}, arity = "0..1", paramLabel = "record", fallbackValue = "rmgr",
            defaultValue = "rmgr",
            description = "rmgr (default): one row per resource manager; record: one row per record type")
    String mode;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (pg_waldump's table), json or csv (keys of pg_get_wal_stats)")
    Format format;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "decode N segments in parallel (default: the number of processors, ${DEFAULT-VALUE})")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Option(names = "--categories",
            description = "attribute every byte to categories (prune, freeze, vm, ...), parts and FPI causes instead")
    boolean categories;

    @Option(names = "--bucket", paramLabel = "BYTES|DURATION", defaultValue = "0",
            description = "with --categories: LSN bucket width in bytes, or a duration (30s, 1min, 2h) for time "
                    + "buckets beside the LSN buckets; at most 10000 buckets over the range "
                    + "(default: the segment size, doubled as often as the range needs)")
    String bucket;

    @picocli.CommandLine.Mixin
    NameOptions names;

    @Option(names = "--by", paramLabel = "relation",
            description = "relation: rank tables (their indexes and TOAST rolled up) by WAL, FPI and vacuum bytes")
    String by;

    @Option(names = "--top", paramLabel = "N", defaultValue = "20",
            description = "with --by relation: the N largest tables (default ${DEFAULT-VALUE}; 0: all)")
    int top;

    @Option(names = "--sort", paramLabel = "METRIC", defaultValue = "wal",
            description = "with --by relation: wal (default), fpi or vacuum bytes")
    String sort;

    @Override
    public Integer call() throws Exception {
        if (jobs < 1) {
            throw new ParameterException(spec.commandLine(), "--jobs must be at least 1");
        }
        if (by != null) {
            if (!by.equals("relation")) {
                throw new ParameterException(spec.commandLine(), "--by: unknown grouping \"" + by
                        + "\" (known: relation)");
            }
            TopRelations.print(this);
            return ExitCode.OK.code();
        }
        if (categories) {
            StatsCategories.print(range.range(), StatsCategories.format(format), bucket, jobs,
                    spec.commandLine().getOut(), spec.commandLine().getErr(), names.open(0));
            return ExitCode.OK.code();
        }
        if (names.any()) {
            throw new ParameterException(spec.commandLine(), "--relmap and --dbname name relations: use them with "
                    + "--categories or --by relation");
        }
        boolean perRecord;
        switch (mode) {
            case "record" -> perRecord = true;
            case "rmgr" -> perRecord = false;
            default -> throw new ParameterException(spec.commandLine(),
                    "unrecognized value for option --stats: " + mode);
        }
        WalRangeOptions.Range r = range.range();
        WalStats stats = StatsCollector.collect(r.path(), r.start(), r.end(), r.timeline(), jobs);
        String result = switch (format) {
            case text -> StatsFormatter.text(stats, perRecord);
            case json -> StatsFormatter.json(stats, perRecord);
            case csv -> StatsFormatter.csv(stats, perRecord);
        };
        PrintWriter out = spec.commandLine().getOut();
        out.print(result);
        out.flush();
        Notices.print(spec.commandLine().getErr(), stats.notices());
        return ExitCode.OK.code();
    }
}
