package org.walprism.cli;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.walprism.analyzer.generate.Generator;
import org.walprism.analyzer.generate.WorkloadModel;
import org.walprism.analyzer.stats.StatsFormatter;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalVersion;
import org.walprism.codec.write.WalWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code walprism generate}: the records one PostgreSQL major's VACUUM and pruning write for a workload
 * model, encoded with the codec; written as WAL segments with {@code -o}.
 */
@Command(name = "generate", description = "Generate the vacuum/pruning WAL a PostgreSQL major writes for a workload model.",
        sortOptions = false)
public final class GenerateCommand implements Callable<Integer> {

    /** Output formats. */
    public enum Format {
        /** Text, as pg_waldump prints it. */
        text,
        /** JSON. */
        json
    }

    @Spec
    CommandSpec spec;

    // --version names the PostgreSQL major here (as the issue asks), so the standard -V/--version is not mixed in.
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = "-V", versionHelp = true, description = "Print version information and exit.")
    boolean versionHelp;

    @Option(names = {"--major", "--as"}, paramLabel = "N", converter = MajorConverter.class,
            description = "PostgreSQL major whose record design to use (required): ${sys:walprism.labels}")
    WalVersion version;

    /** The old spelling of {@code --major}, refused with a hint: {@code --version} is walprism's version. */
    @Option(names = "--version", paramLabel = "N", hidden = true, arity = "0..1", fallbackValue = "")
    String oldVersion;

    @Option(names = "--model", paramLabel = "FILE", required = true, description = "workload model (properties file)")
    Path model;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "write WAL segments into DIR (existing segment files are not overwritten)")
    Path output;

    @Option(names = "--segment-size", paramLabel = "BYTES", defaultValue = "16777216",
            converter = SegmentSizeConverter.class,
            description = "WAL segment size: a power of two between 1 MB and 1 GB (default ${DEFAULT-VALUE})")
    int segmentSize;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text: pg_waldump --stats=record table of the generated records; json: the model used, "
                    + "with the page groups it resolves to")
    Format format;

    @Override
    public Integer call() throws Exception {
        if (oldVersion != null) {
            String n = oldVersion.isEmpty() ? "N" : oldVersion;
            throw new ParameterException(spec.commandLine(), "generate takes the PostgreSQL major as --major "
                    + n + " (or --as " + n + "); --version no longer names it (-V prints walprism's "
                    + "version)");
        }
        if (version == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--major=N'");
        }
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
        WalWriter.Options options = WalWriter.options(v).segmentSize(segmentSize);
        // without -o nothing touches the disk: the records are only laid out, for the end LSN
        long end = output == null ? Generator.endLsn(result, options) : writeSegments(result, options);
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

    /**
     * Writes the segments into {@code -o}. A shutdown hook aborts the writer on SIGTERM or SIGINT, so an
     * interrupted run leaves no {@code *.walprism-partial} file (SIGKILL cannot be caught); any failure aborts it too.
     */
    private long writeSegments(Generator.Result result, WalWriter.Options options) throws IOException {
        // The hook is in place before the first segment file exists: creating the writer and the hook's abort are
        // serialised on one lock, so a signal at any moment leaves no partial file.
        AtomicBoolean interrupted = new AtomicBoolean();
        Object lock = new Object();
        WalWriter[] writer = new WalWriter[1];
        Thread hook = new Thread(() -> {
            synchronized (lock) {
                interrupted.set(true);
                try {
                    if (writer[0] != null) {
                        writer[0].abort();
                    }
                } catch (IOException e) {
                    // the JVM is exiting; nothing left to report to
                }
            }
        }, "walprism-generate-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        WalWriter w;
        synchronized (lock) {
            if (interrupted.get()) {
                throw new InterruptedIOException("interrupted before any segment was written");
            }
            try {
                w = WalWriter.create(output, options);
            } catch (IOException e) {
                throw outputError(e);
            }
            writer[0] = w;
        }
        try {
            long end = Generator.write(result, w);
            w.close();
            return end;
        } catch (IOException | RuntimeException e) {
            w.abort();
            if (interrupted.get()) {
                throw new InterruptedIOException("interrupted; removed the partial segments in " + output);
            }
            if (e instanceof IOException io) {
                throw outputError(io);
            }
            if (e instanceof java.io.UncheckedIOException u) {
                throw outputError(u.getCause());
            }
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutdown in progress: the hook runs (or ran) anyway
            }
        }
    }

    /** A failure to write into {@code -o} as an output error (exit 8); an existing segment stays a usage error. */
    private IOException outputError(IOException e) {
        return e instanceof java.nio.file.FileAlreadyExistsException ? e : OutputException.of(output, e);
    }

    /** {@code --segment-size}: IsValidWalSegSize, as initdb's --wal-segsize checks it (here in bytes). */
    static final class SegmentSizeConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            long v;
            try {
                v = Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                v = -1;
            }
            if (!WalFileName.isValidSegmentSize(v)) {
                throw new TypeConversionException("\"" + value + "\" is not a power of two between 1 MB and 1 GB "
                        + "(1048576 .. 1073741824 bytes)");
            }
            return (int) v;
        }
    }
}
