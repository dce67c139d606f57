package org.walprism.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.walprism.analyzer.dump.DumpFilter;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.StatsFormatter;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;
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
    public enum Format {
        /** Text, as pg_waldump prints it. */
        text,
        /** JSON. */
        json,
        /** Comma-separated values. */
        csv
    }

    /** {@code --human}'s description, shared by the commands that print byte counts. */
    static final String HUMAN = "text: byte counts with a unit, as PostgreSQL's pg_size_pretty writes them "
            + "(2123 kB, 75 MB); json and csv keep the numbers";

    @Spec
    CommandSpec spec;

    @Mixin
    WalRangeOptions range;

    @Option(names = {"-z", "--stats"}, arity = "0..1", paramLabel = "record", fallbackValue = "rmgr",
            defaultValue = "rmgr",
            description = "rmgr (default): one row per resource manager; record: one row per record type")
    String mode;

    @Mixin
    RecordFilterOptions filters;

    @Option(names = {"-n", "--limit"}, paramLabel = "N",
            description = "count only the first N records that pass the filters, as pg_waldump --stats -n")
    String limit;

    @Option(names = {"-q", "--quiet"},
            description = "print no statistics, only errors (the WAL is still read and checked), as pg_waldump")
    boolean quiet;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (pg_waldump's table), json or csv (keys of pg_get_wal_stats)")
    Format format;

    @Option(names = "--human", description = HUMAN)
    boolean human;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "decode N segments in parallel (default: the number of processors, ${DEFAULT-VALUE})")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Option(names = "--categories",
            description = "attribute every byte to categories (prune, freeze, vm, ...), parts and FPI causes instead")
    boolean categories;

    @Option(names = "--compression-estimate",
            description = "with --categories: what wal_compression=pglz, lz4 or zstd would save on the range's "
                    + "uncompressed images (bytes, percent, CPU compressing took here; docs/compression.md)")
    boolean compressionEstimate;

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

    @Option(names = {"-f", "--follow"},
            description = "keep reading as the server writes, waiting at the end of valid WAL (pg_waldump's "
                    + "--follow); Ctrl-C prints the statistics so far and exits 0")
    boolean follow;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "0",
            description = "with --follow (or stream): one row per SECONDS seconds with that interval's figures "
                    + "(text, JSON lines or CSV) instead of one table at the end")
    double interval;

    @Override
    @SuppressWarnings("try") // the Progress resource is held for its close(): the bar draws itself on a timer
    public Integer call() throws Exception {
        Phases.mark("parsed");
        if (jobs < 1) {
            throw new ParameterException(spec.commandLine(), "--jobs must be at least 1");
        }
        if (filters.listRequested()) {
            RecordFilterOptions.listRmgrs(range.givenVersion(), spec.commandLine().getOut());
            spec.commandLine().getOut().flush();
            return ExitCode.OK.code();
        }
        long max = parseLimit();
        DumpFilter staticFilter = filters.staticFilter();
        if (interval < 0 || (interval > 0 && !follow)) {
            throw new ParameterException(spec.commandLine(), interval < 0 ? "--interval must be positive"
                    : "--interval needs --follow");
        }
        if (compressionEstimate && (follow || by != null)) {
            throw new ParameterException(spec.commandLine(), "--compression-estimate cannot be combined with "
                    + (follow ? "--follow" : "--by"));
        }
        if (follow) {
            if (human) {
                // the live rows (LiveViews) print the numbers; say so rather than ignore the option
                throw new ParameterException(spec.commandLine(), "--human cannot be combined with --follow");
            }
            if (filters.any() || max > 0 || quiet) {
                throw new ParameterException(spec.commandLine(),
                        "--follow cannot be combined with -r, -x, -R, -B, -F, -w, -n or -q");
            }
            return follow();
        }
        if (by != null) {
            if (!by.equals("relation")) {
                throw new ParameterException(spec.commandLine(), "--by: unknown grouping \"" + by
                        + "\" (known: relation)");
            }
            if (filters.any() || max > 0 || quiet) {
                throw new ParameterException(spec.commandLine(),
                        "--by cannot be combined with -r, -x, -R, -B, -F, -w, -n or -q");
            }
            TopRelations.print(this);
            return ExitCode.OK.code();
        }
        if (categories) {
            if (filters.any() || max > 0 || quiet) {
                throw new ParameterException(spec.commandLine(),
                        "--categories cannot be combined with -r, -x, -R, -B, -F, -w, -n or -q");
            }
            StatsCategories.print(range.range(), StatsCategories.format(format), bucket, jobs,
                    spec.commandLine().getOut(), spec.commandLine().getErr(), names.open(0), compressionEstimate,
                    units());
            return ExitCode.OK.code();
        }
        if (compressionEstimate) {
            throw new ParameterException(spec.commandLine(), "--compression-estimate needs --categories");
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
        Phases.mark("range");
        PrintWriter out = spec.commandLine().getOut();
        WalStats stats;
        // Ctrl-C (or SIGTERM) prints the statistics of the WAL read so far and exits 0, as pg_waldump 15+ does
        Interrupts.install();
        Phases.mark("signals");
        try (Progress p = Progress.of(r, quiet, false)) {
            stats = filters.any() || max > 0
                    ? filtered(r, staticFilter, max)
                    : StatsCollector.collect(r.path(), r.start(), r.end(), r.timeline(), jobs,
                    Interrupts::stopRequested);
        } catch (RuntimeException e) {
            // pg_waldump prints the first-record note before it meets the error: so does this, from its own look
            try {
                FirstRecordNote.print(r, format == Format.text, out, spec.commandLine().getErr());
            } catch (IOException | RuntimeException noNote) {
                e.addSuppressed(noNote);
            }
            throw e;
        }
        Phases.mark("scanned");
        // the note comes before anything else the command prints, from the scan's own first record (pg_waldump's
        // XLogFindNextRecord result) rather than a second opening of the range
        FirstRecordNote.printAfterScan(r, stats.startLsn(), stats.count(), stats.version(), format == Format.text,
                out, spec.commandLine().getErr());
        Phases.mark("note");
        if (Interrupts.stopRequested()) {
            spec.commandLine().getErr().println("walprism: note: stopped by a signal: the statistics cover "
                    + (stats.count() > 0 ? "the WAL read up to " + org.walprism.codec.Lsn.of(stats.endLsn()).format(stats.version())
                    : "no record"));
        }
        if (quiet) {
            Notices.print(spec.commandLine().getErr(), stats.notices(), stats.version());
            return ExitCode.OK.code();
        }
        String result = switch (format) {
            case text -> StatsFormatter.text(stats, perRecord, units());
            case json -> StatsFormatter.json(stats, perRecord);
            case csv -> StatsFormatter.csv(stats, perRecord);
        };
        out.print(result);
        out.flush();
        Phases.mark("printed");
        Notices.print(spec.commandLine().getErr(), stats.notices(), stats.version());
        return ExitCode.OK.code();
    }

    /**
     * pg_waldump's main loop with {@code --stats} and filters: every record is read and checked (a broken one is an
     * error whether it passes the filters or not); those that pass are counted, up to {@code max} of them;
     * {@code stats.endptr} is the end of the last one counted. One sequential reader: the filtered forms are not the
     * benchmarked path.
     */
    private WalStats filtered(WalRangeOptions.Range r, DumpFilter staticFilter, long max) {
        try (WalReader reader = WalSources.reader(r.path(), Lsn.bound(r.start()), Lsn.bound(r.end()), r.timeline())) {
            DumpFilter filter = filters.withRmgrs(staticFilter, reader.version());
            WalStats stats = new WalStats(reader.version());
            stats.startLsn(reader.firstRecordLsn());
            // a record that passes the filters is validated as a filtered dump describes it (RecordCheck)
            org.walprism.analyzer.desc.RecordCheck check = new org.walprism.analyzer.desc.RecordCheck();
            long counted = 0;
            for (RecordView v = reader.nextView(); v != null && !Interrupts.stopRequested(); v = reader.nextView()) {
                if (!filter.test(v)) {
                    continue;
                }
                check.check(v);
                stats.add(v.rmid(), v.info(), Integer.toUnsignedLong(v.totalLength()), v.fpiLength(),
                        reader.endOfLastRecord());
                counted++;
                if (max > 0 && counted >= max) {
                    // stopped by -n: pg_waldump does not reach the end of WAL, so there is nothing to note
                    return stats;
                }
            }
            stats.notices(reader.notices());
            return stats;
        }
    }

    private long parseLimit() {
        if (limit == null) {
            return -1;
        }
        try {
            return Integer.parseInt(limit.trim());
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), "invalid value \"" + limit + "\" for option -n/--limit");
        }
    }

    private int follow() throws Exception {
        WalRangeOptions.Range r = range.range();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long millis = Math.round(interval * 1000);
        try (var source = LiveViews.followed(r)) {
            if (categories) {
                if (StatsCategories.bucketMicros(bucket) > 0) {
                    throw new ParameterException(spec.commandLine(), "--follow takes --bucket in bytes, not a "
                            + "duration (--interval gives rows per time)");
                }
                long bucketBytes = StatsCategories.bucketBytes(bucket);
                StatsCategories.checkBucket(bucketBytes);
                LiveViews.categories(source, r.start(), r.end(), bucketBytes, format, millis, out, err);
            } else {
                LiveViews.stats(source, r.start(), r.end(), perRecord(), format, millis, out, err);
            }
        }
        return ExitCode.OK.code();
    }

    /** How text output writes byte counts: {@code --human} as pg_size_pretty does. */
    org.walprism.analyzer.ByteUnits units() {
        return human ? org.walprism.analyzer.ByteUnits.PRETTY : org.walprism.analyzer.ByteUnits.BYTES;
    }

    /** {@code -z record}: one row per record type. */
    boolean perRecord() {
        return switch (mode) {
            case "record" -> true;
            case "rmgr" -> false;
            default -> throw new ParameterException(spec.commandLine(),
                    "unrecognized value for option --stats: " + mode);
        };
    }
}
