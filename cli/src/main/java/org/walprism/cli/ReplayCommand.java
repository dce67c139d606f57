package org.walprism.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.walprism.analyzer.replay.ReplayDiff;
import org.walprism.analyzer.replay.ReplayLimitException;
import org.walprism.analyzer.report.ReplayFormatter;
import org.walprism.codec.WalVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code walprism replay --as N [STARTSEG|DIR]}: re-express a captured stream's vacuum and pruning records in major
 * N's design and compare before with after as {@code walprism diff} does (same categories, record types, parts,
 * FPI causes and layout; A = as captured, B = replayed).
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Re-express captured vacuum/pruning records in another PostgreSQL major's design and "
                + "compare before (A) with after (B) by the categories of \"walprism diff\".")
public final class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    WalRangeOptions range;

    @Option(names = "--as", paramLabel = "N", required = true, converter = MajorConverter.class,
            description = "target major: ${sys:walprism.labels}")
    WalVersion target;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (80 columns), json or csv, as diff")
    StatsCommand.Format format;

    @Option(names = "--rows", paramLabel = "N|all", defaultValue = "12", converter = RowsConverter.class,
            description = "text: rows per table (default ${DEFAULT-VALUE}; all: every row); json and csv list all")
    int rows;

    @Override
    public Integer call() throws Exception {
        WalRangeOptions.Range r = range.range();
        ReplayDiff.Outcome o;
        try {
            o = ReplayDiff.run(r.path(), r.start(), r.end(), r.timeline(), target, r.path().toString());
        } catch (ReplayLimitException e) {
            throw new BadArgumentException("replay of " + r.path() + ": the record at " + e.lsnText() + " goes past "
                    + e.getMessage() + "; replay a shorter range (-s, -e)");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(ReplayFormatter.format(o, StatsCategories.format(format), rows));
        out.flush();
        return ExitCode.OK.code();
    }
}
