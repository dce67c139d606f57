package org.walprism.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.walprism.analyzer.replay.Replayer;
import org.walprism.analyzer.report.Json;
import org.walprism.codec.WalVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code walprism replay --as N [PATH]}: re-express a captured stream's vacuum and pruning records in major N's
 * design and report records and bytes per record type, before and after.
 */
@Command(name = "replay", description = "Re-express captured vacuum/pruning records in another PostgreSQL major's design.",
        mixinStandardHelpOptions = true, sortOptions = false)
public final class ReplayCommand implements Callable<Integer> {

    /** Output formats. */
    public enum Format { text, json }

    @Spec
    CommandSpec spec;

    @Mixin
    WalRangeOptions range;

    @Option(names = "--as", paramLabel = "N", required = true, description = "target major: 13..19 or master")
    String target;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text or json")
    Format format;

    @Override
    public Integer call() throws Exception {
        WalRangeOptions.Range r = range.range();
        Replayer.Result result = Replayer.replay(r.path(), r.start(), r.end(), WalVersion.fromLabel(target));
        Map<String, long[]> table = Replayer.table(result);
        PrintWriter out = spec.commandLine().getOut();
        if (format == Format.json) {
            Json j = new Json().beginObject().field("from", result.from().label()).field("as", result.to().label())
                    .field("steps", result.steps()).key("types").beginArray();
            for (var e : table.entrySet()) {
                long[] v = e.getValue();
                j.beginObject().field("type", e.getKey()).field("count_before", v[0]).field("bytes_before", v[1])
                        .field("count_after", v[2]).field("bytes_after", v[3]).endObject();
            }
            out.println(j.endArray().endObject());
        } else {
            out.printf(Locale.ROOT, "replay %s as %s: %d page steps re-expressed (%d source records)%n",
                    result.from().label(), result.to().label(), result.steps(), result.stepsFromRecords());
            out.printf(Locale.ROOT, "%-40s %10s %12s %10s %12s%n", "Type", "N before", "bytes before", "N after",
                    "bytes after");
            long[] h = new long[4];
            for (var e : table.entrySet()) {
                long[] v = e.getValue();
                out.printf(Locale.ROOT, "%-40s %10d %12d %10d %12d%n", e.getKey(), v[0], v[1], v[2], v[3]);
                if (e.getKey().startsWith("Heap2/")) {
                    for (int i = 0; i < 4; i++) {
                        h[i] += v[i];
                    }
                }
            }
            out.printf(Locale.ROOT, "%-40s %10d %12d %10d %12d  (records %+.1f%%, bytes %+.1f%%)%n", "Heap2 total",
                    h[0], h[1], h[2], h[3], pct(h[2], h[0]), pct(h[3], h[1]));
        }
        out.flush();
        return ExitCode.OK.code();
    }

    private static double pct(long after, long before) {
        return before == 0 ? 0 : 100.0 * (after - before) / before;
    }
}
