package org.walprism.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalInputException;
import org.walprism.codec.read.SegmentSource;
import org.walprism.source.StoredSegmentName;
import org.walprism.source.WalDirectory;
import org.walprism.codec.read.WalReader;
import org.walprism.source.WalSources;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

/**
 * pg_waldump's input options, shared by every command that reads a WAL range: {@code -p/--path},
 * {@code -s/--start}, {@code -e/--end}, {@code -t/--timeline}, with pg_waldump's meaning.
 */
public final class WalRangeOptions {

    @Option(names = {"-p", "--path"}, paramLabel = "PATH",
            description = "where the WAL is: a directory with WAL segment files (plain or compressed: gzip, lz4, "
                    + "zstd, bzip2, xz, found by content), a directory with a pg_wal subdirectory, one segment file "
                    + "(then only that segment by default), a tar archive (pg_wal.tar, base.tar, plain or "
                    + "compressed), or the root of a pgBackRest, WAL-G or barman repository; default: the directory "
                    + "of STARTSEG, else the current directory or its pg_wal, else $PGDATA/pg_wal (as pg_waldump)")
    Path path;

    @Parameters(index = "0", arity = "0..1", paramLabel = "STARTSEG",
            description = "pg_waldump's STARTSEG: the WAL segment file to start with (its directory is read "
                    + "unless -p says otherwise; reading starts at its beginning unless -s says otherwise; "
                    + "without ENDSEG and -e only this segment is read). A directory here stands for -p.")
    String startSegment;

    @Parameters(index = "1", arity = "0..1", paramLabel = "ENDSEG",
            description = "pg_waldump's ENDSEG: the last WAL segment file to read (unless -e says otherwise)")
    String endSegment;

    @Option(names = {"-s", "--start"}, paramLabel = "RECPTR", converter = LsnConverter.class,
            description = "start reading at WAL location RECPTR (the first record at or after it); "
                    + "default: the first record of the first segment")
    Long start;

    @Option(names = {"-e", "--end"}, paramLabel = "RECPTR", converter = LsnConverter.class,
            description = "stop reading at WAL location RECPTR (records must end at or before it); "
                    + "default: the end of WAL")
    Long end;

    @Option(names = {"-t", "--timeline"}, paramLabel = "TLI", converter = TimelineConverter.class,
            description = "timeline to read, as pg_waldump's -t (decimal, 0x hex or 0 octal). With its history file "
                    + "(TLI.history beside the segments) a range crossing a promotion follows the timeline switches "
                    + "as recovery does. Default: the timeline of STARTSEG, else the only one present, else 1")
    Long timeline;

    @Option(names = "--since", paramLabel = "TIME",
            description = "start after the last commit or abort before TIME (ISO 8601 or "
                    + "'2026-12-01 16:34:05+00'; no zone: UTC), within -s/-e")
    String since;

    @Option(names = "--until", paramLabel = "TIME",
            description = "end after the last commit or abort at or before TIME, within -s/-e")
    String until;

    private Range resolved;

    /**
     * The selected range, resolved as pg_waldump does; {@code segmentSize} is the size of the segments when resolving
     * read it (STARTSEG given), else 0.
     */
    record Range(Path path, long start, long end, int timeline, int segmentSize) {
        Range(Path path, long start, long end, int timeline) {
            this(path, start, end, timeline, 0);
        }

        /** Whether {@code start} is known to be the start of a segment (then there is no first-record note). */
        boolean startsAtSegment() {
            return segmentSize > 0 && Long.remainderUnsigned(start, segmentSize) == 0;
        }
    }

    /**
     * The version of the WAL named by {@code -p} or STARTSEG, read from its first page; null when neither was given
     * (then nothing is read).
     */
    org.walprism.codec.WalVersion givenVersion() throws IOException {
        if (path == null && startSegment == null) {
            return null;
        }
        try (WalReader r = open()) {
            return r.version();
        }
    }

    /** Opens a reader over the selected range. */
    WalReader open() throws IOException {
        Range r = range();
        return WalSources.reader(r.path(), Lsn.bound(r.start()), Lsn.bound(r.end()), r.timeline());
    }

    /**
     * The path, start, end and timeline to read, resolved as pg_waldump resolves {@code -p}, STARTSEG, ENDSEG,
     * {@code -s}, {@code -e} and {@code -t}. A segment file given as {@code -p} stands for STARTSEG.
     *
     * @throws BadArgumentException when the segments and locations contradict each other
     */
    Range range() throws IOException {
        if (resolved == null) {
            resolved = timeRange(lsnRange());
        }
        return resolved;
    }

    /** {@code r} narrowed to {@code --since} / {@code --until}, mapped to LSNs by the stream's own timestamps. */
    private Range timeRange(Range r) {
        if (since == null && until == null) {
            return r;
        }
        long from = time("--since", since);
        long to = time("--until", until);
        if (from != 0 && to != 0 && to < from) {
            throw new BadArgumentException("--until " + until + " is before --since " + since);
        }
        org.walprism.analyzer.categories.TimeRange.Lsns l = org.walprism.analyzer.categories.TimeRange.resolve(
                r.path(), r.start(), r.end(), r.timeline(), Runtime.getRuntime().availableProcessors(), from, to);
        long start;
        long end;
        try {
            long[] n = org.walprism.analyzer.categories.TimeRange.narrow(r.start(), r.end(), from, to, l, since, until);
            start = n[0];
            end = n[1];
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(e.getMessage());
        }
        return new Range(r.path(), start, end, r.timeline(), r.segmentSize());
    }

    private static long time(String option, String text) {
        if (text == null) {
            return 0;
        }
        try {
            return org.walprism.analyzer.categories.WalTime.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(option + ": " + e.getMessage());
        }
    }

    private Range lsnRange() throws IOException {
        // pg_waldump: 0/0 is InvalidXLogRecPtr, the same as not giving -s or -e
        Long start = this.start == null || this.start == 0 ? null : this.start;
        Long end = this.end == null || this.end == 0 ? null : this.end;
        Path p = path;
        String startSeg = startSegment;
        if (startSeg != null) {
            Path sp = Path.of(startSeg);
            if (Files.isDirectory(sp)) {
                if (p == null) {
                    p = sp;
                }
                startSeg = null;
            } else if (p == null && Files.isRegularFile(sp)
                    && StoredSegmentName.segmentOf(sp.getFileName().toString()) == null) {
                // a file not named like a segment (a tar archive, say) where pg_waldump takes STARTSEG: the input
                // itself, as -p would give it; a name that is neither fails below naming the file
                p = sp;
                startSeg = null;
            } else {
                Path dir = sp.getParent();
                if (p == null && dir != null) {
                    p = dir;
                }
                startSeg = sp.getFileName().toString();
            }
        }
        if (p == null) {
            p = defaultPath();
        }
        p = resolvePath(p);
        if (startSeg == null && Files.isRegularFile(p)
                && StoredSegmentName.parse(p.getFileName().toString()) != null) {
            // -p naming one segment file is STARTSEG in its directory
            startSeg = p.getFileName().toString();
            p = p.toAbsolutePath().getParent();
        }
        long s = start == null ? 0 : start;
        long e = end == null ? 0 : end;
        int tli = timeline == null ? 0 : (int) (long) timeline;
        if (start != null && end != null && Long.compareUnsigned(end, start) <= 0) {
            // pg_waldump reads nothing then ("could not find a valid record after"): say why instead
            throw new BadArgumentException(org.walprism.codec.WalMessage.of("end WAL location ", Lsn.of(end),
                    " is not after start WAL location ", Lsn.of(start)));
        }
        if (startSeg == null) {
            if (endSegment != null) {
                throw new BadArgumentException("ENDSEG " + endSegment + " given without STARTSEG");
            }
            return new Range(p, s, e, tli);
        }
        String first = segmentName(startSeg);
        if (tli == 0) {
            tli = WalFileName.timeline(first);
        }
        String last = endSegment == null ? first : segmentName(Path.of(endSegment).getFileName().toString());
        int segSize;
        if (Files.isDirectory(p) && hasSegments(p)) {
            // a directory of segment files: both must be there, as pg_waldump opens them in the directory
            String file = fileOf(p, first);
            if (file == null) {
                throw new NoSuchFileException(p.resolve(first).toString());
            }
            if (fileOf(p, last) == null) {
                throw new NoSuchFileException(p.resolve(last).toString());
            }
            try (WalDirectory dir = WalDirectory.open(p.resolve(file), tli)) {
                segSize = dir.segmentSize();
            }
        } else {
            // a tar archive or an archiver's repository: the segments are looked up in it
            try (SegmentSource src = WalSources.open(p, tli)) {
                segSize = src.segmentSize();
                for (String n : List.of(first, last)) {
                    long sn = WalFileName.segno(n, segSize);
                    if (src.nextSegment(sn - 1) != sn) {
                        throw new WalInputException("WAL segment " + n + " is not in " + p);
                    }
                }
            }
        }
        long segno = WalFileName.segno(first, segSize);
        if (start == null) {
            s = segno * segSize;
        } else if (s / segSize != segno) {
            throw new BadArgumentException(org.walprism.codec.WalMessage.of("start WAL location ", Lsn.of(s),
                    " is not inside file \"" + first + "\""));
        }
        long lastSeg = WalFileName.segno(last, segSize);
        if (endSegment != null) {
            if (lastSeg < segno) {
                throw new BadArgumentException("ENDSEG " + last + " is before STARTSEG " + first);
            }
        }
        if (end == null) {
            e = (lastSeg + 1) * segSize;
        } else if (e / segSize != lastSeg && e != (lastSeg + 1) * segSize) {
            throw new BadArgumentException(org.walprism.codec.WalMessage.of("end WAL location ", Lsn.of(e),
                    " is not inside file \"" + last + "\""));
        }
        return new Range(p, s, e, tli, segSize);
    }

    /** The segment name of a stored file name ({@code NAME}, {@code NAME.zst}, {@code NAME.partial}, ...). */
    private static String segmentName(String fileName) {
        String n = StoredSegmentName.segmentOf(fileName);
        if (n == null) {
            throw new BadArgumentException("could not parse WAL file name \"" + fileName + "\"");
        }
        return n;
    }

    /**
     * The file of segment {@code name} in {@code dir} (plain, compressed or partial: the one the reader prefers),
     * or null when {@code dir} has none.
     */
    private static String fileOf(Path dir, String name) throws IOException {
        if (Files.isRegularFile(dir.resolve(name))) {
            return name;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString())
                    .filter(f -> name.equals(StoredSegmentName.segmentOf(f)) && Files.isRegularFile(dir.resolve(f)))
                    .min(java.util.Comparator.comparing((String f) -> f.contains(".partial")).thenComparing(f -> f))
                    .orElse(null);
        }
    }

    /**
     * {@code -p} as pg_waldump reads it: the directory itself, else its pg_wal subdirectory; or a segment file.
     *
     * @throws IOException (exit code 3) when the path is missing, unreadable, neither a directory nor a regular
     *                     file (a FIFO, a device), or a directory without any WAL segment file, archive or
     *                     archiver's layout
     */
    static Path resolvePath(Path path) throws IOException {
        if (!Files.exists(path)) {
            throw new NoSuchFileException(path.toString());
        }
        if (!Files.isReadable(path)) {
            throw new AccessDeniedException(path.toString());
        }
        if (Files.isRegularFile(path)) {
            return path;
        }
        if (!Files.isDirectory(path)) {
            throw new IOException("could not open \"" + path + "\": not a directory or WAL segment file");
        }
        if (hasSegments(path)) {
            return path;
        }
        Path pgWal = path.resolve("pg_wal");
        if (Files.isDirectory(pgWal) && hasSegments(pgWal)) {
            return pgWal;
        }
        if (WalSources.isStore(path)) {
            // an archiver's repository or a pg_basebackup -Ft directory: WalSources finds the segments
            return path;
        }
        throw new IOException("could not find any WAL file in \"" + path + "\"" + subdirectoryHint(path));
    }

    /** The environment, replaceable by tests. */
    static java.util.function.UnaryOperator<String> env = System::getenv;

    /**
     * Where pg_waldump looks without a path (pg_waldump.c identify_target_directory): the current directory, its
     * pg_wal, else {@code $PGDATA/pg_wal} when PGDATA is set.
     */
    static Path defaultPath() throws IOException {
        Path here = Path.of(".");
        if (hasSegments(here) || (Files.isDirectory(here.resolve("pg_wal")) && hasSegments(here.resolve("pg_wal")))) {
            return here;
        }
        String pgdata = env.apply("PGDATA");
        if (pgdata != null && !pgdata.isEmpty() && Files.isDirectory(Path.of(pgdata, "pg_wal"))) {
            return Path.of(pgdata, "pg_wal");
        }
        return here;
    }

    /** The most subdirectories {@link #subdirectoryHint} looks into. */
    private static final int HINT_SUBDIRECTORIES = 64;

    /**
     * {@code " (WAL segment files are in its subdirectory "wal": -p DIR/wal)"} when a subdirectory of {@code dir}
     * holds segments, else empty: a capture's or an archive's folder often keeps them one level down.
     */
    private static String subdirectoryHint(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.limit(HINT_SUBDIRECTORIES).sorted()
                    .filter(d -> Files.isDirectory(d, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                    .filter(d -> {
                        try {
                            return hasSegments(d);
                        } catch (IOException | java.io.UncheckedIOException e) {
                            return false;
                        }
                    })
                    .findFirst()
                    .map(d -> " (WAL segment files are in its subdirectory \"" + d.getFileName() + "\": -p " + d + ")")
                    .orElse("");
        } catch (IOException | java.io.UncheckedIOException e) {
            return "";
        }
    }

    /** Whether {@code dir} holds a regular file named like a segment ({@link StoredSegmentName}). */
    private static boolean hasSegments(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> StoredSegmentName.segmentOf(p.getFileName().toString()) != null
                    && Files.isRegularFile(p));
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

    /**
     * A timeline id, 1 .. 2^32-1, read as pg_waldump 16+ reads {@code -t} ({@code strtoul} with base 0): decimal,
     * {@code 0x} hex or {@code 0} octal, blanks around it and a sign allowed; anything else after the number is an
     * invalid value, and a value outside 1 .. 2^32-1 (negative ones included) is out of range.
     */
    public static final class TimelineConverter implements ITypeConverter<Long> {
        private static final String RANGE = "-t/--timeline must be in range 1..4294967295";

        @Override
        public Long convert(String value) {
            int i = 0;
            int n = value.length();
            while (i < n && isSpace(value.charAt(i))) {
                i++;
            }
            boolean negative = false;
            if (i < n && (value.charAt(i) == '+' || value.charAt(i) == '-')) {
                negative = value.charAt(i) == '-';
                i++;
            }
            int radix = 10;
            if (value.startsWith("0x", i) || value.startsWith("0X", i)) {
                if (i + 2 < n && Character.digit(value.charAt(i + 2), 16) >= 0) {
                    radix = 16;
                    i += 2;
                } else {
                    radix = 8; // "0x" without a hex digit: strtoul reads the 0 and stops at the x
                }
            } else if (i < n && value.charAt(i) == '0') {
                radix = 8;
            }
            int digits = i;
            java.math.BigInteger v = java.math.BigInteger.ZERO;
            while (i < n && Character.digit(value.charAt(i), radix) >= 0) {
                v = v.multiply(java.math.BigInteger.valueOf(radix))
                        .add(java.math.BigInteger.valueOf(Character.digit(value.charAt(i), radix)));
                i++;
            }
            if (i == digits) {
                i = 0; // no number: strtoul leaves its end pointer at the start of the text
            }
            while (i < n && isSpace(value.charAt(i))) {
                i++;
            }
            if (i < n) {
                throw new TypeConversionException("invalid value \"" + value + "\" for option -t/--timeline");
            }
            if ((negative && v.signum() != 0) || v.signum() == 0 || v.bitLength() > 32) {
                throw new TypeConversionException(RANGE);
            }
            return v.longValue();
        }

        private static boolean isSpace(char c) {
            return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
        }
    }
}
