package org.walprism.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.analyzer.report.DiffFormatter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code walprism diff A B}: records, bytes and full-page images per category, record type, part and FPI cause of
 * two WAL ranges side by side, deltas sorted by impact, and the causes it recognises.
 */
@Command(name = "diff", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare two WAL ranges (possibly of different PostgreSQL versions) by category, record type, "
                + "part and full-page-image cause, and explain the differences it recognises.",
            "A and B are PATH[:START[:END]]: a WAL directory (or segment file) with an optional LSN range, "
                + "e.g. wal16:0/3000028:0/5000000 or wal17::0/5000000 (START and END as pg_waldump's -s/-e)."})
public final class DiffCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", converter = WalInput.Converter.class,
            description = "the first WAL range, PATH[:START[:END]]")
    WalInput a;

    @Parameters(index = "1", paramLabel = "B", converter = WalInput.Converter.class,
            description = "the second WAL range, PATH[:START[:END]]")
    WalInput b;

    /** The input being read (null: none or both): its major formats the LSNs of an error ({@link ErrorReporter}). */
    WalInput reading;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (80 columns), json or csv")
    StatsCommand.Format format;

    @Option(names = "--rows", paramLabel = "N|all", defaultValue = "12", converter = RowsConverter.class,
            description = "text: rows per table (default ${DEFAULT-VALUE}; all: every row); json and csv list all")
    int rows;

    @Option(names = "--human", description = StatsCommand.HUMAN)
    boolean human;

    @picocli.CommandLine.Mixin
    NameOptions names;

    @Override
    public Integer call() throws Exception {
        reading = a;
        StreamDiff.Side sa = a.analyze("0", names.open(0));
        reading = b;
        StreamDiff.Side sb = b.analyze("0", names.open(1));
        reading = null;
        StreamDiff d = new StreamDiff(sa, sb);
        PrintWriter out = spec.commandLine().getOut();
        out.print(DiffFormatter.format(d, StatsCategories.format(format), rows,
                human ? org.walprism.analyzer.ByteUnits.PRETTY : org.walprism.analyzer.ByteUnits.BYTES));
        out.flush();
        return ExitCode.OK.code();
    }
}
