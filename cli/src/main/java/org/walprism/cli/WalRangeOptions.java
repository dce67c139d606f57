package org.walprism.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.read.WalDirectory;
import org.walprism.codec.read.WalReader;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * pg_waldump's input options, shared by every command that reads a WAL range: {@code -p/--path},
 * {@code -s/--start}, {@code -e/--end}, {@code -t/--timeline}, with pg_waldump's meaning.
 */
public final class WalRangeOptions {

    @Option(names = {"-p", "--path"}, paramLabel = "PATH", defaultValue = ".",
            description = "directory with WAL segment files, a directory with a pg_wal subdirectory, "
                    + "or one segment file (then only that segment by default); default: current directory")
    Path path;

    @Option(names = {"-s", "--start"}, paramLabel = "RECPTR", converter = LsnConverter.class,
            description = "start reading at WAL location RECPTR (the first record at or after it); "
                    + "default: the first record of the first segment")
    Long start;

    @Option(names = {"-e", "--end"}, paramLabel = "RECPTR", converter = LsnConverter.class,
            description = "stop reading at WAL location RECPTR (records must end at or before it); "
                    + "default: the end of WAL")
    Long end;

    @Option(names = {"-t", "--timeline"}, paramLabel = "TLI", converter = TimelineConverter.class,
            description = "timeline to read (decimal or 0x hex; default: the timeline of the files, else 1)")
    Long timeline;

    /** The selected range, resolved as pg_waldump does. */
    record Range(Path path, long start, long end, int timeline) {
    }

    /** Opens a reader over the selected range. */
    WalReader open() throws IOException {
        Range r = range();
        return WalReader.open(r.path(), r.start(), r.end(), r.timeline());
    }

    /**
     * The path, start, end and timeline to read: a segment file given as {@code -p} stands for pg_waldump's
     * STARTSEG, i.e. that one segment unless {@code -s}/{@code -e} say otherwise.
     */
    Range range() throws IOException {
        Path p = resolvePath();
        long s = start == null ? 0 : start;
        long e = end == null ? 0 : end;
        int tli = timeline == null ? 0 : (int) (long) timeline;
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        if (Files.isRegularFile(p) && WalFileName.isSegmentName(name)) {
            // one segment file is pg_waldump's STARTSEG: by default, exactly that segment
            WalDirectory dir = WalDirectory.open(p, tli);
            int segSize = dir.segmentSize();
            dir.close();
            long segno = WalFileName.segno(name, segSize);
            if (start == null) {
                s = segno * segSize;
            }
            if (end == null) {
                e = (segno + 1) * segSize;
            }
        }
        return new Range(p, s, e, tli);
    }

    /** {@code -p} as pg_waldump reads it: the directory itself, else its pg_wal subdirectory. */
    Path resolvePath() throws IOException {
        if (!Files.exists(path)) {
            throw new NoSuchFileException(path.toString());
        }
        if (!Files.isReadable(path)) {
            throw new AccessDeniedException(path.toString());
        }
        if (Files.isDirectory(path) && !hasSegments(path) && Files.isDirectory(path.resolve("pg_wal"))) {
            return path.resolve("pg_wal");
        }
        return path;
    }

    private static boolean hasSegments(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> WalFileName.isSegmentName(p.getFileName().toString()));
        }
    }

    /** {@code X/Y} in hex, as pg_waldump's {@code %X/%08X} scan accepts. */
    public static final class LsnConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Lsn.parse(value).value();
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("invalid WAL location: \"" + value + "\"");
            }
        }
    }

    /** A timeline id, 1 .. 2^32-1, decimal or {@code 0x} hex. */
    public static final class TimelineConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            long v;
            try {
                String t = value.trim();
                v = t.startsWith("0x") || t.startsWith("0X") ? Long.parseLong(t.substring(2), 16) : Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("invalid value \"" + value + "\" for option -t/--timeline");
            }
            if (v < 1 || v > 0xFFFFFFFFL) {
                throw new TypeConversionException("-t/--timeline must be in range 1..4294967295");
            }
            return v;
        }
    }
}
