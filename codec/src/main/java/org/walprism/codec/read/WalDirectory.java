package org.walprism.codec.read;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;

/**
 * WAL segment files in one directory, memory-mapped read-only on demand (input files are never modified).
 * Gzip-compressed segments ({@code 000000010000000000000001.gz}, as archives often keep them) are read too:
 * each is inflated into memory, never beyond the segment size.
 *
 * <p>The segment size comes from the long page header of the first segment ({@code xlp_seg_size});
 * every segment must have exactly that size.
 */
public final class WalDirectory implements SegmentSource {
    private final Path dir;
    private final int timeline;
    private final int segmentSize;
    private final TreeMap<Long, Path> files = new TreeMap<>();
    private long mappedSegno = -1;
    private ByteBuf mapped;

    private WalDirectory(Path dir, int timeline, int segmentSize) {
        this.dir = dir;
        this.timeline = timeline;
        this.segmentSize = segmentSize;
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
            onlyFile = segmentNameOf(path.getFileName().toString());
            if (onlyFile == null) {
                throw new WalFormatException("not a WAL segment file name: " + path);
            }
            if (timeline == 0) {
                timeline = WalFileName.timeline(onlyFile);
            }
        } else if (!Files.isDirectory(path)) {
            throw new WalFormatException("could not open " + path + ": no such file or directory");
        }
        TreeMap<String, Path> names = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(p -> {
                String n = segmentNameOf(p.getFileName().toString());
                if (n != null && Files.isRegularFile(p)) {
                    names.putIfAbsent(n, p);
                }
            });
        } catch (IOException e) {
            throw new WalFormatException("could not read directory " + dir + ": " + e.getMessage());
        }
        if (timeline == 0) {
            long tlis = names.keySet().stream().map(WalFileName::timeline).distinct().count();
            timeline = tlis == 1 ? WalFileName.timeline(names.firstKey()) : 1;
        }
        final int tli = timeline;
        Path first = names.values().stream()
                .filter(p -> WalFileName.timeline(p.getFileName().toString()) == tli)
                .findFirst().orElse(null);
        if (first == null) {
            throw new WalFormatException(String.format(Locale.ROOT,
                    "no WAL segment files of timeline %d in %s", tli, dir));
        }
        int segSize = readSegmentSize(first);
        WalDirectory d = new WalDirectory(dir, tli, segSize);
        for (var e : names.entrySet()) {
            String n = e.getKey();
            if (WalFileName.timeline(n) == tli) {
                d.files.put(WalFileName.segno(n, segSize), e.getValue());
            }
        }
        return d;
    }

    /** The segment name of a file name ({@code NAME} or {@code NAME.gz}), or null when it is no segment. */
    private static String segmentNameOf(String fileName) {
        String n = fileName.endsWith(".gz") ? fileName.substring(0, fileName.length() - 3) : fileName;
        return WalFileName.isSegmentName(n) ? n : null;
    }

    private static boolean isGzip(Path p) {
        return p.getFileName().toString().endsWith(".gz");
    }

    /** Reads up to {@code max} bytes of {@code p}, inflating it when gzip-compressed. */
    private static byte[] readPrefix(Path p, int max) throws IOException {
        try (java.io.InputStream in = open(p)) {
            return in.readNBytes(max);
        }
    }

    private static java.io.InputStream open(Path p) throws IOException {
        java.io.InputStream in = Files.newInputStream(p);
        return isGzip(p) ? new java.util.zip.GZIPInputStream(in, 65536) : in;
    }

    private static int readSegmentSize(Path file) {
        String name = file.getFileName().toString();
        byte[] head;
        try {
            head = readPrefix(file, 40);
        } catch (IOException e) {
            throw new WalFormatException("could not read file " + file + ": " + e.getMessage());
        }
        int n = head.length;
        if (n < 40) {
            throw new TruncatedWalException("WAL file is too short for a long page header (" + n + " bytes)",
                    0, name, n);
        }
        ByteBuf bb = Unpooled.wrappedBuffer(head);
        name = segmentNameOf(name) != null ? segmentNameOf(name) : name;
        int info = bb.getUnsignedShortLE(2);
        long size = bb.getUnsignedIntLE(32);
        if ((info & 0x0002) == 0 || !WalFileName.isValidSegmentSize(size)) {
            // Not a long header: report the magic problem first if there is one, as a reader would.
            org.walprism.codec.WalVersion.fromMagic(bb.getUnsignedShortLE(0));
            throw new WalFormatException(String.format(Locale.ROOT,
                    "invalid WAL segment size %d in the long page header (expected: power of two between 1 MB and 1 GB)",
                    size), 0, name, 32);
        }
        return (int) size;
    }

    /**
     * A source over the same files with its own mapping state, for another thread: the directory is not
     * listed again.
     */
    public WalDirectory fork() {
        WalDirectory d = new WalDirectory(dir, timeline, segmentSize);
        d.files.putAll(files);
        return d;
    }

    @Override
    public int timeline() {
        return timeline;
    }

    @Override
    public int segmentSize() {
        return segmentSize;
    }

    @Override
    public long firstSegment() {
        return files.isEmpty() ? -1 : files.firstKey();
    }

    /** The last segment of the run of consecutive segments that starts at {@code from} ({@code from} itself if absent). */
    public long lastSegment(long from) {
        long s = from;
        while (files.containsKey(s + 1)) {
            s++;
        }
        return s;
    }

    /** The directory read. */
    public Path directory() {
        return dir;
    }

    @Override
    public ByteBuf segment(long segno) {
        if (segno == mappedSegno) {
            return mapped;
        }
        Path p = files.get(segno);
        if (p == null) {
            return null;
        }
        if (isGzip(p)) {
            return inflate(segno, p);
        }
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < segmentSize) {
                throw new TruncatedWalException(String.format(Locale.ROOT,
                        "truncated WAL segment: %d bytes (expected: %d)", size, segmentSize),
                        segno * segmentSize + size, p.getFileName().toString(), size);
            }
            MappedByteBuffer mb = ch.map(FileChannel.MapMode.READ_ONLY, 0, segmentSize);
            mapped = Unpooled.wrappedBuffer(mb);
            mappedSegno = segno;
            return mapped;
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new WalFormatException("could not read WAL segment: " + e.getMessage(), segno * segmentSize,
                    p.getFileName().toString(), -1);
        }
    }

    private ByteBuf inflate(long segno, Path p) {
        byte[] bytes;
        boolean more;
        try (java.io.InputStream in = open(p)) {
            bytes = in.readNBytes(segmentSize);
            more = in.read() >= 0;
        } catch (IOException e) {
            throw new WalFormatException("could not read WAL segment: " + e.getMessage(), segno * segmentSize,
                    p.getFileName().toString(), -1);
        }
        if (bytes.length < segmentSize || more) {
            long size = bytes.length;
            throw new TruncatedWalException(String.format(Locale.ROOT,
                    "truncated WAL segment: %s bytes (expected: %d)", more ? "more than " + segmentSize : size,
                    segmentSize), segno * segmentSize + size, p.getFileName().toString(), size);
        }
        mapped = Unpooled.wrappedBuffer(bytes);
        mappedSegno = segno;
        return mapped;
    }

    @Override
    public String segmentName(long segno) {
        return WalFileName.of(timeline, segno, segmentSize);
    }

    @Override
    public void close() {
        mapped = null;
        mappedSegno = -1;
    }
}
