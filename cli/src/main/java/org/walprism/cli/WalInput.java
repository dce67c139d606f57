package org.walprism.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.analyzer.replay.CompressionEstimate;
import org.walprism.codec.Lsn;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * One WAL input of {@code diff} and {@code report}: {@code PATH[:START[:END]]}, a WAL directory (or one with a
 * pg_wal subdirectory, or a segment file) with an optional LSN range, e.g. {@code wal16:0/3000028:0/5000000}.
 * An empty START means from the first record ({@code wal::0/5000000}); START and END mean what pg_waldump's
 * {@code -s}/{@code -e} mean.
 */
record WalInput(String text, Path path, Long start, Long end) {
    private static final Pattern LSN = Pattern.compile("[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}");
    /** What a mistyped LSN looks like: one slash between short words, e.g. {@code 0/ZZ} or {@code 0/8F3B00G}. */
    private static final Pattern LSN_LIKE = Pattern.compile("[0-9A-Za-z]{0,9}/[0-9A-Za-z]{1,12}");

    /** Parses {@code PATH[:START[:END]]}: the last one or two {@code :}-separated fields that are LSNs or empty. */
    static WalInput parse(String text) {
        String[] f = text.split(":", -1);
        int n = f.length;
        Long start = null;
        Long end = null;
        int pathFields = n;
        if (n >= 3 && isLsnOrEmpty(f[n - 1]) && isLsnOrEmpty(f[n - 2])) {
            start = lsn(f[n - 2]);
            end = lsn(f[n - 1]);
            pathFields = n - 2;
        } else if (n >= 2 && isLsnOrEmpty(f[n - 1])) {
            start = lsn(f[n - 1]);
            pathFields = n - 1;
        }
        String path = String.join(":", java.util.Arrays.copyOf(f, pathFields));
        if (pathFields > 1 && !java.nio.file.Files.exists(Path.of(path))) {
            // a trailing field shaped like an LSN that does not parse is a bad LSN, not part of a missing path
            for (int i = Math.max(1, pathFields - 2); i < pathFields; i++) {
                if (LSN_LIKE.matcher(f[i]).matches() && !isLsnOrEmpty(f[i])) {
                    throw new TypeConversionException("invalid WAL location \"" + f[i] + "\" in \"" + text
                            + "\" (expected: PATH[:START[:END]], START and END as X/X in hex, e.g. 0/8F3B00)");
                }
            }
        }
        if (path.isEmpty()) {
            throw new TypeConversionException("missing WAL path in \"" + text + "\"");
        }
        return new WalInput(text, Path.of(path), start, end);
    }

    private static boolean isLsnOrEmpty(String s) {
        return s.isEmpty() || LSN.matcher(s).matches();
    }

    private static Long lsn(String s) {
        return s.isEmpty() ? null : Lsn.parse(s).value();
    }

    /** Resolves the path as pg_waldump does and attributes the range. */
    StreamDiff.Side analyze(long bucketSize) throws IOException {
        return analyze(Long.toString(bucketSize), null);
    }

    /** As {@link #analyze(long)}, naming relations from {@code names} (null: none). */
    @SuppressWarnings("try") // the Progress resource is held for its close(): the bar draws itself on a timer
    StreamDiff.Side analyze(String bucketSize, NameOptions.Source names) throws IOException {
        WalRangeOptions o = new WalRangeOptions();
        o.path = path;
        o.start = start;
        o.end = end;
        WalRangeOptions.Range r = o.range();
        // diff and report print after both inputs are read: a bar per input on a terminal's stderr
        try (Progress p = Progress.of(r, false, false)) {
            return new StreamDiff.Side(text, new CategorySummary(
                    StatsCategories.analyze(r, bucketSize, Runtime.getRuntime().availableProcessors(), text,
                            names)));
        }
    }

    /** What {@code wal_compression} would save on this range ({@code report --compression-estimate}). */
    @SuppressWarnings("try") // the Progress resource is held for its close(): the bar draws itself on a timer
    CompressionEstimate.Result compressionEstimate() throws IOException {
        WalRangeOptions o = new WalRangeOptions();
        o.path = path;
        o.start = start;
        o.end = end;
        WalRangeOptions.Range r = o.range();
        try (Progress p = Progress.of(r, false, false)) {
            return CompressionEstimate.estimate(r.path(), r.start(), r.end(), r.timeline());
        }
    }

    /** picocli converter. */
    static final class Converter implements ITypeConverter<WalInput> {
        @Override
        public WalInput convert(String value) {
            return parse(value);
        }
    }
}
