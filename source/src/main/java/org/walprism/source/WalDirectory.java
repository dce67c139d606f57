package org.walprism.source;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalInputException;
import org.walprism.codec.WalMessage;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.TimelineHistory;

/**
 * WAL segment files in one directory (or, for an archiver's layout, in several: see {@link WalSources}), read
 * with positional reads into the caller's buffer (input files are never modified, and never memory-mapped: a file
 * that shrinks under the reader, as a recycled segment of a live {@code pg_wal} can, gives a clear error instead
 * of a bus error). Compressed segments (gzip, lz4, zstd, bzip2, xz, lzma: {@link Compression}) are recognised by
 * their content, whatever their name ({@code NAME.gz}, {@code NAME.zst}, or the plain name as barman keeps them),
 * and inflated as a stream: never more than the segment size, never held whole in memory.
 * {@code NAME.partial} (pg_receivewal's segment in progress) is read too, and reported as partial. File names are
 * those of {@link StoredSegmentName} (pgBackRest's {@code NAME-<sha1>.<ext>} included).
 *
 * <p>Timeline history files ({@code 00000003.history}, plain or compressed) are found among the same files. When
 * the timeline read has one, segments are taken from each timeline of its history as {@link TimelineHistory}
 * chooses (the file of the timeline that holds the segment's end); otherwise only that timeline's segments are
 * read, as pg_waldump reads {@code -t}.
 *
 * <p>The segment size comes from the long page header of the first segment file that has a valid one
 * ({@code xlp_seg_size}); every segment must have exactly that size.
 */
public final class WalDirectory implements ForkableSource {
    private final Path dir;
    private final int timeline;
    private final int segmentSize;
    private final NavigableMap<Long, Path> files;
    private final List<WalMessage> notices;
    private final TimelineHistory history;
    /** {@link #newestTimeline()}: set once by {@code open}, copied by {@link #fork()}. */
    private int newest;

    // The segment being read.
    private final OpenSegment open = new OpenSegment(this::openSegment);

    private WalDirectory(Path dir, int timeline, int segmentSize, NavigableMap<Long, Path> files, List<WalMessage> notices,
                         TimelineHistory history) {
        this.dir = dir;
        this.history = history;
        this.timeline = timeline;
        this.segmentSize = segmentSize;
        this.files = files;
        this.notices = notices;
    }

    /**
     * Opens {@code path}: a directory of segment files, or one segment file (its directory is used and its
     * timeline chosen). {@code timeline} 0 means: the timeline of the given file, else the only timeline in
     * the directory, else 1, as pg_waldump defaults.
     *
     * @throws WalFormatException when the path cannot be read or holds no segment of the timeline
     */
    public static WalDirectory open(Path path, int timeline) {
        Path dir = path;
        String onlyFile = null;
        if (Files.isRegularFile(path)) {
            dir = path.toAbsolutePath().getParent();
            onlyFile = StoredSegmentName.segmentOf(path.getFileName().toString());
            if (onlyFile == null) {
                throw new WalFormatException("not a WAL segment file name: " + path);
            }
            if (timeline == 0) {
                timeline = WalFileName.timeline(onlyFile);
            }
        } else if (!Files.isDirectory(path)) {
            throw new WalInputException("could not open \"" + path + "\": no such file or directory");
        }
        return open(dir, List.of(dir), onlyFile, path, timeline, List.of());
    }

    /**
     * The segments in the files of {@code dirs} (an archiver's layout: pgBackRest's {@code <16 hex>} directories,
     * barman's {@code wals/<16 hex>}), reported as {@code root}; {@code notes} lead the source's notices.
     */
    static WalDirectory open(Path root, List<Path> dirs, int timeline, List<String> notes) {
        return open(root, dirs, null, root, timeline, notes);
    }

    private static WalDirectory open(Path root, List<Path> dirs, String onlyFile, Path path, int timeline,
                                     List<String> notes) {
        // segment name -> candidate files; timeline -> its history files
        TreeMap<String, List<Path>> names = new TreeMap<>();
        TreeMap<Long, List<Path>> histories = new TreeMap<>();
        for (Path dir : dirs) {
            list(dir, names, histories);
        }
        String several = null;
        if (timeline == 0) {
            List<Integer> tlis = names.keySet().stream().map(WalFileName::timeline).distinct().sorted().toList();
            timeline = tlis.size() == 1 ? tlis.get(0) : 1;
            if (tlis.size() > 1) {
                several = severalTimelines(tlis, histories.isEmpty() ? -1 : histories.lastKey());
            }
        }
        final int tli = timeline;
        List<WalMessage> notices = new ArrayList<>();
        for (String n : notes) {
            notices.add(WalMessage.text(n));
        }
        List<Path> ignored = histories.remove(1L);
        if (ignored != null && tli == 1) {
            notices.add(WalMessage.text(HistoryFiles.timelineOneNote(ignored.get(0).getFileName().toString())));
        }
        TimelineHistory history = history(tli, histories.get(Integer.toUnsignedLong(tli)));
        if (several != null) {
            notices.add(WalMessage.text(several));
        }
        if (history.fromFile()) {
            notices.add(history.description());
        }
        Map<String, List<Path>> candidates = candidates(names, history);
        if (candidates.isEmpty()) {
            throw new WalInputException(String.format(Locale.ROOT, "no WAL segment files of timeline %d%s in %s",
                    Integer.toUnsignedLong(tli), history.fromFile() ? " or its ancestors (" + history.file() + ")" : "",
                    root));
        }
        List<Path> sizeFrom = new ArrayList<>();
        if (onlyFile != null) {
            sizeFrom.add(candidates.containsKey(onlyFile) ? candidates.get(onlyFile).get(0) : path);
        } else {
            candidates.values().forEach(c -> sizeFrom.add(c.get(0)));
        }
        int segSize = segmentSizeOf(sizeFrom);
        TreeMap<Long, Path> files = new TreeMap<>();
        for (Map.Entry<String, List<Path>> e : candidates.entrySet()) {
            if (!history.supplies(e.getKey(), segSize)) {
                continue; // another timeline's file holds this segment's WAL (or the segment is past a switch)
            }
            List<Path> c = e.getValue();
            Path p = c.get(0);
            files.put(WalFileName.segno(e.getKey(), segSize), p);
            if (c.size() > 1) {
                notices.add(WalMessage.text("both " + c.get(0).getFileName() + " and " + c.get(1).getFileName()
                        + " exist; reading " + p.getFileName()));
            }
            if (StoredSegmentName.parse(p.getFileName().toString()).partial()) {
                notices.add(WalMessage.text(p.getFileName() + " is a partial segment: its WAL is read up to where it ends"));
            }
        }
        if (files.isEmpty()) {
            throw new WalInputException("no WAL segment files of timeline " + Integer.toUnsignedLong(tli)
                    + " or its ancestors in " + root + " hold WAL of " + history.describe());
        }
        WalDirectory d = new WalDirectory(root, tli, segSize, files, Collections.unmodifiableList(notices), history);
        d.newest = newest(tli, names.keySet(), histories.isEmpty() ? -1 : histories.lastKey());
        return d;
    }

    /** The files of each segment name of {@code history}'s timelines, the preferred one first. */
    private static Map<String, List<Path>> candidates(Map<String, List<Path>> names, TimelineHistory history) {
        TreeMap<String, List<Path>> candidates = new TreeMap<>();
        for (Map.Entry<String, List<Path>> e : names.entrySet()) {
            if (history.contains(Integer.toUnsignedLong(WalFileName.timeline(e.getKey())))) {
                List<Path> c = e.getValue();
                if (c.size() > 1) {
                    // only when there is a choice: the comparator's lambdas are generated classes a short run pays for
                    c.sort(Comparator.comparingInt((Path a) -> StoredSegmentName.parse(a.getFileName().toString())
                            .rank()).thenComparing(a -> a.getFileName().toString()));
                }
                candidates.put(e.getKey(), c);
            }
        }
        return candidates;
    }

    /** The highest timeline of {@code tli}, the segment names and the newest history ({@code -1}: none). */
    static int newest(int tli, java.util.Set<String> names, long newestHistory) {
        long n = Integer.toUnsignedLong(tli);
        for (String name : names) {
            n = Math.max(n, Integer.toUnsignedLong(WalFileName.timeline(name)));
        }
        return (int) Math.max(n, newestHistory);
    }

    /**
     * The segment size from the first of {@code candidates} whose first 40 bytes are a valid long page header. A
     * junk file named like a segment does not hide the others; if no file has a valid header, the first file's
     * problem is reported.
     */
    private static int segmentSizeOf(List<Path> candidates) {
        WalFormatException first = null;
        for (Path p : candidates) {
            try {
                return segmentSizeOf(p);
            } catch (WalInputException e) {
                throw e;
            } catch (WalFormatException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        throw first;
    }

    private static int segmentSizeOf(Path file) {
        String name = file.getFileName().toString();
        byte[] head;
        Compression c = Compression.NONE;
        SegmentReader.StoredBytes stored = null;
        try (PushbackInputStream in = new PushbackInputStream(Files.newInputStream(file), Compression.MAGIC_BYTES)) {
            byte[] m = in.readNBytes(Compression.MAGIC_BYTES);
            in.unread(m);
            c = Compression.ofStored(name, m, m.length);
            if (c == Compression.NONE) {
                head = in.readNBytes(40);
            } else {
                SegmentReader.Opened o = SegmentReader.StoredBytes.decompress(c, in);
                stored = o.stored();
                head = o.decompressed().readNBytes(40);
            }
        } catch (AccessDeniedException e) {
            throw new WalInputException("could not open file \"" + file + "\": permission denied");
        } catch (WalFormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // a decompressor's complaint about corrupt input (some throw unchecked exceptions) is bad input
            if (c == Compression.NONE) {
                throw new WalFormatException("could not read file \"" + file + "\": " + Compression.reason(e), 0,
                        name, 0);
            }
            throw c.failure(e, stored != null && stored.ended(), 0, -1, 0, name);
        }
        return segmentSizeOf(head, name);
    }

    /** The segment size in the long page header {@code head} (the first 40 bytes of segment file {@code name}). */
    static int segmentSizeOf(byte[] head, String name) {
        int n = head.length;
        if (n < 40) {
            throw new TruncatedWalException("WAL file is too short for a long page header (" + n + " bytes)",
                    0, name, n);
        }
        ByteBuf bb = Unpooled.wrappedBuffer(head);
        int magic = bb.getUnsignedShortLE(0);
        int info = bb.getUnsignedShortLE(2);
        long size = bb.getUnsignedIntLE(32);
        if ((info & 0x0002) == 0 || !WalFileName.isValidSegmentSize(size)) {
            // Not a long header: report the magic problem first if there is one, as a reader would.
            WalVersion.ofPageMagic(magic, 0, name, 0);
            throw new WalFormatException(String.format(Locale.ROOT,
                    "invalid WAL segment size %d in the long page header (expected: power of two between 1 MB and 1 GB)",
                    size), 0, name, 32);
        }
        WalVersion.ofPageMagic(magic, 0, name, 0);
        return (int) size;
    }

    /** Adds the segment files and timeline history files of {@code dir} to {@code names} and {@code histories}. */
    private static void list(Path dir, Map<String, List<Path>> names, Map<Long, List<Path>> histories) {
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(p -> {
                String fileName = p.getFileName().toString();
                String n = StoredSegmentName.segmentOf(fileName);
                if (n != null && Files.isRegularFile(p)) {
                    names.computeIfAbsent(n, k -> new ArrayList<>()).add(p);
                }
                long htli = HistoryFiles.timelineOfFileName(fileName);
                if (htli > 0) {
                    // whatever it is: one that is not a regular file is refused when its timeline is read
                    histories.computeIfAbsent(htli, k -> new ArrayList<>()).add(p);
                }
            });
        } catch (AccessDeniedException e) {
            throw new WalInputException("could not read directory \"" + dir + "\": permission denied");
        } catch (IOException e) {
            throw new WalInputException("could not read directory \"" + dir + "\": " + e.getMessage());
        }
    }

    /**
     * The history of timeline {@code tli}: its history file among {@code files} (a plain one before a compressed
     * one), else none (pg_waldump's {@code -t}: that timeline's segments only).
     */
    private static TimelineHistory history(int tli, List<Path> files) {
        if (files == null || files.isEmpty()) {
            return TimelineHistory.of(tli);
        }
        Path p = files.stream().min(Comparator.comparingInt((Path a) -> a.getFileName().toString().length())
                .thenComparing(a -> a.getFileName().toString())).get();
        String notRegular = notRegular(p);
        if (notRegular != null) {
            throw new WalInputException("could not read history file \"" + p + "\": not a regular file ("
                    + notRegular + ")");
        }
        try {
            return HistoryFiles.read(Files.newInputStream(p), tli, p.getFileName().toString());
        } catch (AccessDeniedException e) {
            throw new WalInputException("could not open file \"" + p + "\": permission denied");
        } catch (IOException e) {
            throw new WalInputException("could not open file \"" + p + "\": " + e.getMessage());
        }
    }

    /**
     * What {@code p} is when it is not a regular file (a symbolic link is not followed: a history is read only
     * from a file in the directory, never from wherever a link points), or null when it is one.
     */
    static String notRegular(Path p) {
        java.nio.file.attribute.BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class,
                    java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null; // gone or unreadable: opening it says why
        }
        if (a.isRegularFile()) {
            return null;
        }
        if (a.isSymbolicLink()) {
            return "a symbolic link";
        }
        if (a.isDirectory()) {
            return "a directory";
        }
        return "a FIFO, socket or device";
    }

    /**
     * The note when segments of several timelines are there and none was asked for: timeline 1 is read, as
     * pg_waldump does; {@code newestHistory} (-1: none) names the timeline whose history {@code -t} can follow.
     */
    static String severalTimelines(List<Integer> tlis, long newestHistory) {
        String s = "segments of timelines " + tlis.stream().map(t -> String.valueOf(Integer.toUnsignedLong(t)))
                .collect(java.util.stream.Collectors.joining(", ")) + " are here: reading timeline 1, "
                + "pg_waldump's default (-t chooses another";
        if (newestHistory > 0) {
            s += "; -t " + newestHistory + " follows its history across the timeline switches";
        }
        return s + ")";
    }

    /**
     * A source over the same files with its own reading state, for another thread: the directory is not
     * listed again.
     */
    @Override
    public WalDirectory fork() {
        WalDirectory d = new WalDirectory(dir, timeline, segmentSize, files, notices, history);
        d.newest = newest;
        return d;
    }

    @Override
    public int timeline() {
        return timeline;
    }

    @Override
    public TimelineHistory history() {
        return history;
    }

    @Override
    public int newestTimeline() {
        return newest;
    }

    @Override
    public int segmentSize() {
        return segmentSize;
    }

    @Override
    public long firstSegment() {
        return files.isEmpty() ? -1 : files.firstKey();
    }

    @Override
    public long nextSegment(long segno) {
        Long k = files.higherKey(segno);
        return k == null ? -1 : k;
    }

    /** The directory read (the root of an archiver's layout). */
    public Path directory() {
        return dir;
    }

    @Override
    public List<WalMessage> notices() {
        return notices;
    }

    @Override
    public boolean read(long segno, int offset, byte[] dst, int dstOffset, int length) {
        return open.read(segno, offset, dst, dstOffset, length);
    }

    @Override
    public boolean read(long segno, int offset, ByteBuffer dst) {
        return open.read(segno, offset, dst);
    }

    /** The reader of segment {@code segno}'s file, or null when there is no such file (or it vanished). */
    private SegmentReader openSegment(long segno) {
        Path p = files.get(segno);
        return p == null ? null : openSegment(segno, p);
    }

    private SegmentReader openSegment(long segno, Path p) {
        String name = p.getFileName().toString();
        FileChannel ch = null;
        try {
            ch = FileChannel.open(p, StandardOpenOption.READ);
            StoredSegmentName stored = StoredSegmentName.parse(name);
            return SegmentReader.open(name, segno, segmentSize, stored != null && stored.partial(), ch, true, 0,
                    ch.size());
        } catch (NoSuchFileException e) {
            return null;
        } catch (AccessDeniedException e) {
            throw new WalInputException("could not open file \"" + p + "\": permission denied",
                    segno * segmentSize, name, 0);
        } catch (IOException e) {
            closeQuietly(ch);
            throw new WalInputException("could not open file \"" + p + "\": " + e.getMessage(),
                    segno * segmentSize, name, 0);
        } catch (RuntimeException e) {
            closeQuietly(ch);
            throw e;
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException e) {
                // read-only: nothing to report
            }
        }
    }

    @Override
    public String segmentName(long segno) {
        Path p = files.get(segno);
        return p != null ? p.getFileName().toString()
                : WalFileName.of(history.timelineOfSegment(segno, segmentSize), segno, segmentSize);
    }

    @Override
    public void close() {
        open.close();
    }
}
