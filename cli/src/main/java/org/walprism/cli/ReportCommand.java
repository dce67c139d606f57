package org.walprism.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.analyzer.replay.CompressionEstimate;
import org.walprism.analyzer.report.HtmlReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code walprism report A [B] -o report.html}: one self-contained HTML page with charts of bytes and records per
 * category and record type, the full-page-image breakdown and, with B, the diff's explanations.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write one self-contained HTML page (inline SVG charts, no network needed) for a WAL range, "
                + "or for two compared side by side.",
            "A and B are PATH[:START[:END]] as for diff."})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", converter = WalInput.Converter.class,
            description = "the WAL range, PATH[:START[:END]]")
    WalInput a;

    @Parameters(index = "1", paramLabel = "B", arity = "0..1", converter = WalInput.Converter.class,
            description = "optional second WAL range to compare with")
    WalInput b;

    /** The input being read (null: none or both): its major formats the LSNs of an error ({@link ErrorReporter}). */
    WalInput reading;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "HTML file to write (must not exist)")
    Path output;

    @Option(names = "--bucket", paramLabel = "BYTES|DURATION", defaultValue = "0",
            description = "LSN bucket width in bytes, or a duration (30s, 1min, 2h) for time buckets; at most "
                    + "10000 buckets over a range (default: LSN buckets of the segment "
                    + "size, doubled as often as the range needs)")
    String bucket;

    @Option(names = "--compression-estimate",
            description = "add what wal_compression=pglz, lz4 or zstd would save on each range's uncompressed "
                    + "images (bytes, percent, CPU compressing took here; docs/compression.md)")
    boolean compressionEstimate;

    @picocli.CommandLine.Mixin
    NameOptions names;

    @Override
    public Integer call() throws Exception {
        if (StatsCategories.bucketMicros(bucket) == 0) {
            StatsCategories.checkBucket(StatsCategories.bucketBytes(bucket));
        }
        // as generate -o: an existing file is never replaced; checked first so no analysis is wasted, and again
        // atomically by CREATE_NEW in case the file appears meanwhile
        if (Files.exists(output, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileAlreadyExistsException(output.toString());
        }
        OutputException.checkCreatable(output);
        reading = a;
        StreamDiff.Side sa = a.analyze(bucket, names.open(0));
        reading = b;
        StreamDiff.Side sb = b == null ? null : b.analyze(bucket, names.open(1));
        String generated = java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC)
                .format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", java.util.Locale.ROOT));
        List<CompressionEstimate.Result> estimates = null;
        if (compressionEstimate) {
            estimates = new ArrayList<>();
            reading = a;
            estimates.add(a.compressionEstimate());
            if (b != null) {
                reading = b;
                estimates.add(b.compressionEstimate());
            }
        }
        reading = null;
        String html = HtmlReport.render(sa, sb, new Main.Version().getVersion()[0], generated, estimates);
        try {
            Files.writeString(output, html, StandardCharsets.UTF_8, StandardOpenOption.WRITE,
                    StandardOpenOption.CREATE_NEW);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (IOException e) {
            throw OutputException.of(output, e);
        }
        spec.commandLine().getOut().println("wrote " + output);
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
