package org.walprism.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.walprism.analyzer.replay.ReplayDiff;
import org.walprism.analyzer.replay.ReplayLimitException;
import org.walprism.analyzer.report.ReplayFormatter;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.source.WalSources;
import org.walprism.codec.record.BlockImage;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code walprism replay --as N [STARTSEG|DIR]}: re-express a captured stream's vacuum and pruning records in major
 * N's design and compare before with after as {@code walprism diff} does (same categories, record types, parts,
 * FPI causes and layout; A = as captured, B = replayed). {@code --compression METHOD} (alone or with {@code --as})
 * stores every image of side B as {@code wal_compression = METHOD} would have (docs/compression.md).
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Re-express captured vacuum/pruning records in another PostgreSQL major's design and "
                + "compare before (A) with after (B) by the categories of \"walprism diff\".")
public final class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    WalRangeOptions range;

    @Option(names = "--as", paramLabel = "N", converter = MajorConverter.class,
            description = "target major: ${sys:walprism.labels} (default: the source's, with --compression)")
    WalVersion target;

    @Option(names = "--compression", paramLabel = "METHOD", converter = CompressionConverter.class,
            description = "store every full-page image as wal_compression=METHOD would: pglz, lz4, zstd or off "
                    + "(lz4 and zstd: 15 and later)")
    BlockImage.Compression compression;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (80 columns), json or csv, as diff")
    StatsCommand.Format format;

    @Option(names = "--rows", paramLabel = "N|all", defaultValue = "12", converter = RowsConverter.class,
            description = "text: rows per table (default ${DEFAULT-VALUE}; all: every row); json and csv list all")
    int rows;

    @Override
    public Integer call() throws Exception {
        if (target == null && compression == null) {
            throw new ParameterException(spec.commandLine(), "give --as N, --compression METHOD or both");
        }
        WalRangeOptions.Range r = range.range();
        WalVersion to = target;
        if (to == null) {
            try (WalReader reader = WalSources.reader(r.path(), Lsn.bound(r.start()), Lsn.bound(r.end()), r.timeline())) {
                to = reader.version();
            }
        }
        if (compression != null && !compression.loggableIn(to)) {
            throw new ParameterException(spec.commandLine(), "--compression " + compression.label()
                    + ": PostgreSQL " + to.label() + " has no " + compression.label()
                    + " image compression (13 and 14: pglz only)");
        }
        ReplayDiff.Outcome o;
        try {
            o = ReplayDiff.run(r.path(), r.start(), r.end(), r.timeline(), to, compression, r.path().toString());
        } catch (ReplayLimitException e) {
            throw new BadArgumentException("replay of " + r.path() + ": the record at " + e.lsnText() + " goes past "
                    + e.getMessage() + "; replay a shorter range (-s, -e)");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(ReplayFormatter.format(o, StatsCategories.format(format), rows));
        out.flush();
        return ExitCode.OK.code();
    }


    /** {@code pglz}, {@code lz4}, {@code zstd} or {@code off} (also {@code on} = pglz, as 13/14 name it). */
    static final class CompressionConverter implements CommandLine.ITypeConverter<BlockImage.Compression> {
        @Override
        public BlockImage.Compression convert(String value) {
            return switch (value) {
                case "off", "none" -> BlockImage.Compression.NONE;
                case "pglz", "on" -> BlockImage.Compression.PGLZ;
                case "lz4" -> BlockImage.Compression.LZ4;
                case "zstd" -> BlockImage.Compression.ZSTD;
                default -> throw new CommandLine.TypeConversionException("'" + value
                        + "' is not a method (expected: pglz, lz4, zstd or off)");
            };
        }
    }
}
