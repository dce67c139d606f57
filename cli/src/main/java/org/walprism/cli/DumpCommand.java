package org.walprism.cli;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.walprism.analyzer.dump.BlockRows;
import org.walprism.analyzer.dump.DumpFilter;
import org.walprism.analyzer.dump.FullPageFiles;
import org.walprism.analyzer.dump.OrderedDump;
import org.walprism.analyzer.dump.RecordEnds;
import org.walprism.analyzer.dump.RecordJson;
import org.walprism.analyzer.dump.WalDumpFormatter;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.source.WalSources;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code walprism dump}: pg_waldump's per-record output over a WAL range, the same text byte for byte as
 * the pg_waldump of the WAL's major version (plain, or {@code -b} block details), with pg_waldump's filters;
 * or one JSON object per record.
 */
@Command(name = "dump", description = "Print WAL records as pg_waldump does (or as JSON).",
        mixinStandardHelpOptions = true, sortOptions = false)
public final class DumpCommand implements Callable<Integer> {

    /** Output formats (csv: {@code --blocks} only). */
    public enum Format {
        /** Text, as pg_waldump prints it. */
        text,
        /** JSON. */
        json,
        /** Comma-separated values. */
        csv
    }

    @Spec
    CommandSpec spec;

    @Mixin
    WalRangeOptions range;

    @Option(names = {"-b", "--bkp-details"}, description = "output detailed information about backup blocks")
    boolean bkpDetails;

    @Option(names = {"-n", "--limit"}, paramLabel = "N", description = "number of records to display")
    String limit;

    @Option(names = {"-q", "--quiet"}, description = "do not print any output, except for errors")
    boolean quiet;

    @Mixin
    RecordFilterOptions filters;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (pg_waldump's lines) or json (one object per record); with --blocks also csv")
    Format format;

    @Option(names = "--save-fullpage", paramLabel = "DIR",
            description = "save full page images to DIR (pg_waldump's file names and bytes)")
    Path saveFullPage;

    @Option(names = "--blocks",
            description = "one row per block reference (as pg_walinspect's pg_get_wal_block_info) instead of records")
    boolean blocks;

    @Option(names = "--with-data", description = "with --blocks: add the block data and the restored page (hex)")
    boolean withData;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "format N segments in parallel (default: the number of processors, ${DEFAULT-VALUE}); "
                    + "the output is the same whatever N")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Option(names = {"-f", "--follow"},
            description = "keep reading as the server writes, waiting at the end of valid WAL (pg_waldump's "
                    + "--follow); Ctrl-C ends it")
    boolean follow;

    @picocli.CommandLine.Mixin
    NameOptions nameOptions;

    @Option(names = "--names", description = "after each rel SPC/DB/REL of the text, the relation's name in "
            + "parentheses (needs --relmap or --dbname; without --names the text is pg_waldump's)")
    boolean withNames;

    @SuppressWarnings("try") // the Progress resource is held for its close(): the bar draws itself on a timer
    @Override
    public Integer call() throws Exception {
        Phases.mark("parsed");
        PrintWriter out = spec.commandLine().getOut();
        if (filters.listRequested()) {
            RecordFilterOptions.listRmgrs(range.givenVersion(), out);
            out.flush();
            return ExitCode.OK.code();
        }
        if (withNames != nameOptions.any()) {
            throw usage(withNames ? "--names needs --relmap FILE or --dbname CONNINFO"
                    : "--relmap and --dbname name relations in dump only with --names");
        }
        if (withNames && (blocks || saveFullPage != null)) {
            throw usage("--names adds names to the record lines and JSON only (not --blocks or --save-fullpage)");
        }
        int max = parseLimit();
        if (jobs < 1) {
            throw usage("--jobs must be at least 1");
        }
        DumpFilter staticFilter = filters.staticFilter();
        PageOutput.checkOptions(blocks, withData, format);
        FullPageFiles pages = PageOutput.saveFullPage(saveFullPage);
        if (follow && (blocks || pages != null)) {
            throw usage("--follow prints records (text or json), not --blocks or --save-fullpage");
        }
        if (follow) {
            WalRangeOptions.Range r = range.range();
            try (var source = LiveViews.followed(r)) {
                OutputStream bytes = Stdout.bytesOf(out);
                try {
                    LiveViews.dump(source, r.start(), r.end(), livePrinter(staticFilter, source.segmentSize()), max, bytes,
                            spec.commandLine().getErr());
                } catch (Stdout.ClosedException e) {
                    // the reader of our output went away
                }
            }
            return ExitCode.OK.code();
        }
        WalRangeOptions.Range r = range.range();
        FirstRecordNote.print(r, format == Format.text && !blocks, out, spec.commandLine().getErr());
        if (blocks || pages != null) {
            return pageOutput(staticFilter, max, pages, out);
        }
        DumpFilter filter = staticFilter;
        if (!filters.rmgrs.isEmpty()) {
            // resource manager names depend on the version, read from the first page
            try (WalReader reader = WalSources.reader(r.path(), Lsn.bound(r.start()), Lsn.bound(r.end()), r.timeline())) {
                filter = filters.withRmgrs(staticFilter, reader.version());
            }
        }
        DumpFilter f = filter;
        int segmentSize = format == Format.json && !quiet ? segmentSize(r) : 0;
        java.util.List<org.walprism.codec.WalMessage> nameNotes = java.util.List.of();
        org.walprism.analyzer.dump.RelationNames names = null;
        if (withNames) {
            NameOptions.Source src = nameOptions.open(0);
            org.walprism.analyzer.relmap.RangeRelations.Result rr = org.walprism.analyzer.relmap.RangeRelations
                    .scan(r.path(), r.start(), r.end(), r.timeline(), jobs, src.map());
            nameNotes = new java.util.ArrayList<>(src.complete(rr.databases()));
            nameNotes.addAll(rr.follow(src.map()));
            names = new org.walprism.analyzer.dump.RelationNames(src.map());
        }
        org.walprism.analyzer.dump.RelationNames nm = names;
        Supplier<OrderedDump.RecordPrinter> printers = switch (format) {
            case text -> () -> textPrinter(f, nm == null ? null : new org.walprism.analyzer.dump.RelationNames(
                    src(nm)));
            case json -> () -> jsonPrinter(f, segmentSize, nm == null ? null : nm.map());
            case csv -> throw new AssertionError("csv is for --blocks only");
        };
        OutputStream bytes = Stdout.bytesOf(out);
        try (Progress p = Progress.of(r, quiet, true)) {
            OrderedDump.Outcome o = new OrderedDump(printers, jobs, max)
                    .run(r.path(), r.start(), r.end(), r.timeline(), bytes);
            bytes.flush();
            java.util.List<org.walprism.codec.WalMessage> all = new java.util.ArrayList<>(nameNotes);
            all.addAll(o.notices());
            Notices.print(spec.commandLine().getErr(), all, Notices.versionOf(range));
        } catch (Stdout.ClosedException e) {
            // the reader of our output went away (| head): stop reading, as pg_waldump stops on SIGPIPE
        } finally {
            bytes.flush();
        }
        return ExitCode.OK.code();
    }

    /**
     * The printer for WAL read as it grows: the resource managers of {@code -r} are looked up in the version of
     * the first record (not known before it is written).
     */
    OrderedDump.RecordPrinter livePrinter(DumpFilter staticFilter, int segmentSize) {
        OrderedDump.RecordPrinter[] p = {null};
        return (v, out) -> {
            if (p[0] == null) {
                DumpFilter f = filters == null ? staticFilter : filters.withRmgrs(staticFilter, v.version());
                p[0] = format == Format.json ? jsonPrinter(f, segmentSize, null) : textPrinter(f);
            }
            return p[0].print(v, out);
        };
    }

    private static org.walprism.analyzer.relmap.RelationMap src(org.walprism.analyzer.dump.RelationNames n) {
        return n.map();
    }

    private OrderedDump.RecordPrinter textPrinter(DumpFilter f) {
        return textPrinter(f, null);
    }

    private OrderedDump.RecordPrinter textPrinter(DumpFilter f, org.walprism.analyzer.dump.RelationNames names) {
        WalDumpFormatter text = new WalDumpFormatter();
        boolean b = bkpDetails;
        boolean q = quiet;
        return (v, out) -> {
            if (!f.test(v)) {
                return false;
            }
            int mark = out.length();
            text.format(v, b, out);
            if (names != null) {
                names.annotate(out, mark);
            }
            if (q) {
                // -q prints nothing but validates each record as the printed forms do
                out.setLength(mark);
            }
            return true;
        };
    }

    private OrderedDump.RecordPrinter jsonPrinter(DumpFilter f, int segmentSize,
                                                  org.walprism.analyzer.relmap.RelationMap names) {
        if (quiet) {
            return textPrinter(f);
        }
        RecordJson json = new RecordJson(names);
        boolean b = bkpDetails;
        return (v, out) -> {
            if (!f.test(v)) {
                return false;
            }
            // the printers run on the parallel scan's workers, which do not share a reader: the end is computed
            long end = RecordEnds.end(v.lsn(), Integer.toUnsignedLong(v.totalLength()), segmentSize, v.rmid(),
                    v.info());
            out.append(json.format(v.toDecoded(), end, b)).append('\n');
            return true;
        };
    }

    /** The segment size of the WAL of {@code r}, from its first page. */
    private static int segmentSize(WalRangeOptions.Range r) {
        try (WalReader reader = WalSources.reader(r.path(), Lsn.bound(r.start()), Lsn.bound(r.end()), r.timeline())) {
            return reader.segmentSize();
        }
    }

    /**
     * {@code --blocks} and {@code --save-fullpage}: one sequential reader of decoded records (the page images are
     * restored and written record by record).
     */
    private int pageOutput(DumpFilter staticFilter, int max, FullPageFiles pages, PrintWriter out) throws Exception {
        try (WalReader reader = range.open()) {
            DumpFilter filter = filters.withRmgrs(staticFilter, reader.version());
            if (blocks) {
                new PageOutput(new BlockRows(PageOutput.rowFormat(format), withData), pages, quiet)
                        .blocks(reader, filter, max, out);
                out.flush();
                Notices.print(spec.commandLine().getErr(), reader.notices(), reader.version());
                return ExitCode.OK.code();
            }
            WalDumpFormatter text = new WalDumpFormatter();
            RecordJson json = new RecordJson();
            int shown = 0;
            for (DecodedRecord r = reader.next(); r != null; r = reader.next()) {
                if (!filter.test(r)) {
                    continue;
                }
                if (quiet) {
                    // -q prints nothing but validates each record as the printed forms do
                    text.format(r, bkpDetails);
                } else {
                    switch (format) {
                        case text -> out.print(text.format(r, bkpDetails));
                        case json -> out.println(json.format(r, reader.endOfLastRecord(), bkpDetails));
                        default -> throw new AssertionError(format);
                    }
                }
                pages.save(r, reader.lastRecordTimeline());
                shown++;
                if (max > 0 && shown >= max) {
                    break;
                }
            }
            out.flush();
            Notices.print(spec.commandLine().getErr(), reader.notices(), reader.version());
        } finally {
            out.flush();
        }
        return ExitCode.OK.code();
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    private int parseLimit() {
        if (limit == null) {
            return -1;
        }
        try {
            return Integer.parseInt(limit.trim());
        } catch (NumberFormatException e) {
            throw usage("invalid value \"" + limit + "\" for option -n/--limit");
        }
    }
}
