package org.walprism.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.Callable;
import org.walprism.analyzer.generate.Generator;
import org.walprism.analyzer.generate.WorkloadModel;
import org.walprism.analyzer.stats.StatsFormatter;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.write.WalWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code walprism generate}: the records one PostgreSQL major's VACUUM and pruning write for a workload
 * model, encoded with the codec; written as WAL segments with {@code -o}.
 */
@Command(name = "generate", description = "Generate the vacuum/pruning WAL a PostgreSQL major writes for a workload model.",
        sortOptions = false)
public final class GenerateCommand implements Callable<Integer> {

    /** Output formats. */
    public enum Format { text, json }

    @Spec
    CommandSpec spec;

    // --version names the PostgreSQL major here (as the issue asks), so the standard -V/--version is not mixed in.
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = "--version", paramLabel = "N", required = true, converter = MajorConverter.class,
            description = "PostgreSQL major whose record design to use: 13..19 or master")
    WalVersion version;

    @Option(names = "--model", paramLabel = "FILE", required = true, description = "workload model (properties file)")
    Path model;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "write WAL segments into DIR")
    Path output;

    @Option(names = "--segment-size", paramLabel = "BYTES", defaultValue = "16777216",
            description = "WAL segment size (default ${DEFAULT-VALUE})")
    int segmentSize;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text: pg_waldump --stats=record table of the generated records; json: the model used, "
                    + "with the page groups it resolves to")
    Format format;

    @Override
    public Integer call() throws Exception {
        WalVersion v = version;
        WorkloadModel m;
        Generator.Result result;
        try {
            m = WorkloadModel.load(model);
            result = Generator.run(m, v);
        } catch (IllegalArgumentException e) {
            // a malformed or impossible model is a usage error: one line, exit 2
            throw new ParameterException(spec.commandLine(), "invalid model " + model + ": " + e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        Path dir = output != null ? output : Files.createTempDirectory("walprism-generate");
        long end;
        try {
            end = Generator.write(result, dir, WalWriter.options(v).segmentSize(segmentSize));
        } finally {
            if (output == null) {
                try (var files = Files.walk(dir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
        }
        if (format == Format.json) {
            out.println(m.toJson(result.derivation()));
        } else {
            WalStats stats = result.stats();
            stats.startLsn((long) segmentSize + org.walprism.codec.page.PageHeader.LONG_SIZE);
            stats.endLsn(end);
            out.print(StatsFormatter.text(stats, true));
            out.printf("%d records, %d index pass(es)%n", result.encoded().size(), result.indexPasses());
        }
        if (output != null) {
            spec.commandLine().getErr().printf("wrote %d records to %s, end LSN %s%n", result.encoded().size(),
                    output, Lsn.of(end).format(v));
            spec.commandLine().getErr().flush();
        }
        out.flush();
        return ExitCode.OK.code();
    }
}
