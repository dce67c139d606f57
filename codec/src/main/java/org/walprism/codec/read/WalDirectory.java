package org.walprism.codec.read;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalInputException;
import org.walprism.codec.WalVersion;

/**
 * WAL segment files in one directory, read with positional reads into the caller's buffer (input files are
 * never modified, and never memory-mapped: a file that shrinks under the reader, as a recycled segment of a live
 * {@code pg_wal} can, gives a clear error instead of a bus error). Gzip-compressed segments are recognised by
 * their content ({@code 1F 8B}), whatever their name ({@code NAME.gz}, or the plain name as some archivers
 * keep them), and inflated as a stream: never more than the segment size, never held whole in memory.
 * {@code NAME.partial} (pg_receivewal's segment in progress) is read too, and reported as partial.
 *
 * <p>The segment size comes from the long page header of the first segment file that has a valid one
 * ({@code xlp_seg_size}); every segment must have exactly that size.
 */
public final class WalDirectory implements SegmentSource {
    private static final int GZIP_MAGIC = 0x8B1F;

    private final Path dir;
    private final int timeline;
    private final int segmentSize;
    private final TreeMap<Long, Path> files;
    private final List<String> notices;

    // The segment being read: a positional channel for plain files, an inflating stream for compressed ones.
    private long openSegno = -1;
    private Path openPath;
    private FileChannel channel;
    private InputStream stream;
    private long streamPos;
    private byte[] skipBuf;

    private WalDirectory(Path dir, int timeline, int segmentSize, TreeMap<Long, Path> files, List<String> notices) {
        this.dir = dir;
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
            onlyFile = segmentNameOf(path.getFileName().toString());
            if (onlyFile == null) {
                throw new WalFormatException("not a WAL segment file name: " + path);
            }
            if (timeline == 0) {
                timeline = WalFileName.timeline(onlyFile);
            }
        } else if (!Files.isDirectory(path)) {
            throw new WalInputException("could not open \"" + path + "\": no such file or directory");
        }
        // segment name -> candidate files, best first (plain, .gz, .partial, .gz.partial)
        TreeMap<String, List<Path>> names = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(p -> {
                String n = segmentNameOf(p.getFileName().toString());
                if (n != null && Files.isRegularFile(p)) {
                    names.computeIfAbsent(n, k -> new ArrayList<>()).add(p);
                }
            });
        } catch (AccessDeniedException e) {
            throw new WalInputException("could not read directory \"" + dir + "\": permission denied");
        } catch (IOException e) {
            throw new WalInputException("could not read directory \"" + dir + "\": " + e.getMessage());
        }
        if (timeline == 0) {
            long tlis = names.keySet().stream().map(WalFileName::timeline).distinct().count();
            timeline = tlis == 1 ? WalFileName.timeline(names.firstKey()) : 1;
        }
        final int tli = timeline;
        List<String> notices = new ArrayList<>();
        TreeMap<String, Path> chosen = new TreeMap<>();
        for (Map.Entry<String, List<Path>> e : names.entrySet()) {
            if (WalFileName.timeline(e.getKey()) != tli) {
                continue;
            }
            List<Path> c = e.getValue();
            c.sort((a, b) -> Integer.compare(rank(a), rank(b)));
            Path p = c.get(0);
            chosen.put(e.getKey(), p);
            if (c.size() > 1) {
                notices.add("both " + c.get(0).getFileName() + " and " + c.get(1).getFileName()
                        + " exist; reading " + p.getFileName());
            }
            if (p.getFileName().toString().endsWith(".partial")) {
                notices.add(p.getFileName() + " is a partial segment: its WAL is read up to where it ends");
            }
        }
        if (chosen.isEmpty()) {
            throw new WalInputException(String.format(Locale.ROOT,
                    "no WAL segment files of timeline %d in %s", tli, dir));
        }
        int segSize = segmentSizeOf(onlyFile != null ? List.of(chosen.getOrDefault(onlyFile, path))
                : new ArrayList<>(chosen.values()));
        TreeMap<Long, Path> files = new TreeMap<>();
        for (var e : chosen.entrySet()) {
            files.put(WalFileName.segno(e.getKey(), segSize), e.getValue());
        }
        return new WalDirectory(dir, tli, segSize, files, Collections.unmodifiableList(notices));
    }

    /** The segment name of a file name ({@code NAME}, {@code NAME.gz}, {@code NAME[.gz].partial}), or null. */
    private static String segmentNameOf(String fileName) {
        String n = fileName;
        if (n.endsWith(".partial")) {
            n = n.substring(0, n.length() - ".partial".length());
        }
        if (n.endsWith(".gz")) {
            n = n.substring(0, n.length() - 3);
        }
        return WalFileName.isSegmentName(n) ? n : null;
    }

    private static int rank(Path p) {
        String n = p.getFileName().toString();
        return (n.endsWith(".partial") ? 2 : 0) + (n.contains(".gz") ? 1 : 0);
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
        try (InputStream in = openStream(file)) {
            head = in.readNBytes(40);
        } catch (AccessDeniedException e) {
            throw new WalInputException("could not open file \"" + file + "\": permission denied");
        } catch (IOException e) {
            throw new WalFormatException("could not read file \"" + file + "\": " + e.getMessage(), 0, name, 0);
        }
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
            checkMagic(magic, 0, name, 0);
            throw new WalFormatException(String.format(Locale.ROOT,
                    "invalid WAL segment size %d in the long page header (expected: power of two between 1 MB and 1 GB)",
                    size), 0, name, 32);
        }
        checkMagic(magic, 0, name, 0);
        return (int) size;
    }

    /**
     * Rejects a page magic no supported version writes: a value in PostgreSQL's magic range ({@code 0xD0xx},
     * {@code 0xD1xx}) is an unsupported version, anything else (zeros, junk) an invalid magic number.
     */
    static void checkMagic(int magic, long lsn, String file, long offset) {
        for (WalVersion v : WalVersion.values()) {
            if (v.magic() == magic) {
                return;
            }
        }
        if ((magic & 0xFE00) == 0xD000) {
            throw new org.walprism.codec.UnsupportedWalVersionException(magic, lsn, file, offset);
        }
        throw new WalFormatException(String.format(Locale.ROOT, "invalid magic number %04X", magic), lsn, file,
                offset);
    }

    private static InputStream openStream(Path p) throws IOException {
        java.io.PushbackInputStream in = new java.io.PushbackInputStream(Files.newInputStream(p), 2);
        byte[] m = in.readNBytes(2);
        in.unread(m);
        if (m.length == 2 && ((m[0] & 0xFF) | (m[1] & 0xFF) << 8) == GZIP_MAGIC) {
            return new GZIPInputStream(in, 65536);
        }
        return in;
    }

    /**
     * A source over the same files with its own reading state, for another thread: the directory is not
     * listed again.
     */
    public WalDirectory fork() {
        return new WalDirectory(dir, timeline, segmentSize, files, notices);
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

    @Override
    public long nextSegment(long segno) {
        Long k = files.higherKey(segno);
        return k == null ? -1 : k;
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
    public List<String> notices() {
        return notices;
    }

    @Override
    public boolean read(long segno, int offset, byte[] dst, int dstOffset, int length) {
        if (segno != openSegno) {
            closeSegment();
            Path p = files.get(segno);
            if (p == null) {
                return false;
            }
            if (!openSegment(segno, p)) {
                return false;
            }
        }
        if ((long) offset + length > segmentSize) {
            throw new IllegalArgumentException("read past the segment end: " + offset + "+" + length);
        }
        try {
            if (channel != null) {
                readChannel(segno, offset, dst, dstOffset, length);
            } else {
                readStream(segno, offset, dst, dstOffset, length);
            }
        } catch (IOException e) {
            throw new WalFormatException("could not read WAL segment: " + e.getMessage(),
                    segno * segmentSize + offset, openPath.getFileName().toString(), offset);
        }
        return true;
    }

    @Override
    public boolean read(long segno, int offset, ByteBuffer dst) {
        if (segno != openSegno) {
            closeSegment();
            Path p = files.get(segno);
            if (p == null || !openSegment(segno, p)) {
                return false;
            }
        }
        if (channel == null) {
            return SegmentSource.super.read(segno, offset, dst);
        }
        if ((long) offset + dst.remaining() > segmentSize) {
            throw new IllegalArgumentException("read past the segment end: " + offset + "+" + dst.remaining());
        }
        try {
            long pos = offset;
            while (dst.hasRemaining()) {
                int n = channel.read(dst, pos);
                if (n < 0) {
                    throw changedWhileReading(segno, pos);
                }
                pos += n;
            }
        } catch (IOException e) {
            throw new WalFormatException("could not read WAL segment: " + e.getMessage(),
                    segno * segmentSize + offset, openPath.getFileName().toString(), offset);
        }
        return true;
    }

    private TruncatedWalException changedWhileReading(long segno, long pos) throws IOException {
        long now = channel.size();
        return new TruncatedWalException(String.format(Locale.ROOT,
                "WAL segment changed while reading: it is now %d bytes (expected: %d)", now, segmentSize),
                segno * segmentSize + pos, openPath.getFileName().toString(), pos);
    }

    private boolean openSegment(long segno, Path p) {
        String name = p.getFileName().toString();
        try {
            FileChannel ch = FileChannel.open(p, StandardOpenOption.READ);
            ByteBuffer head = ByteBuffer.allocate(2);
            ch.read(head, 0);
            boolean gzip = head.position() == 2 && ((head.get(0) & 0xFF) | (head.get(1) & 0xFF) << 8) == GZIP_MAGIC;
            openSegno = segno;
            openPath = p;
            if (gzip) {
                ch.close();
                stream = openStream(p);
                streamPos = 0;
                return true;
            }
            long size = ch.size();
            if (size != segmentSize) {
                ch.close();
                String what = String.format(Locale.ROOT, "WAL segment: %d bytes (expected: %d)", size,
                        segmentSize);
                if (size < segmentSize) {
                    throw new TruncatedWalException("truncated " + what, segno * segmentSize + size, name, size);
                }
                throw new WalFormatException("oversized " + what, segno * segmentSize + segmentSize, name,
                        segmentSize);
            }
            channel = ch;
            return true;
        } catch (NoSuchFileException e) {
            closeSegment();
            return false;
        } catch (AccessDeniedException e) {
            closeSegment();
            throw new WalInputException("could not open file \"" + p + "\": permission denied",
                    segno * segmentSize, name, 0);
        } catch (IOException e) {
            closeSegment();
            throw new WalInputException("could not open file \"" + p + "\": " + e.getMessage(),
                    segno * segmentSize, name, 0);
        }
    }

    private void readChannel(long segno, int offset, byte[] dst, int dstOffset, int length) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(dst, dstOffset, length);
        long pos = offset;
        while (bb.hasRemaining()) {
            int n = channel.read(bb, pos);
            if (n < 0) {
                // The file was complete when opened: it shrank while being read (a recycled or removed segment).
                throw changedWhileReading(segno, pos);
            }
            pos += n;
        }
    }

    private void readStream(long segno, int offset, byte[] dst, int dstOffset, int length) throws IOException {
        String name = openPath.getFileName().toString();
        if (offset < streamPos) {
            // Backwards: inflate again from the start (rare; the reader moves forward).
            stream.close();
            stream = openStream(openPath);
            streamPos = 0;
        }
        while (streamPos < offset) {
            if (skipBuf == null) {
                skipBuf = new byte[65536];
            }
            int n = stream.read(skipBuf, 0, (int) Math.min(skipBuf.length, offset - streamPos));
            if (n < 0) {
                throw truncatedStream(segno, name);
            }
            streamPos += n;
        }
        int got = stream.readNBytes(dst, dstOffset, length);
        streamPos += got;
        if (got < length) {
            throw truncatedStream(segno, name);
        }
        if (streamPos == segmentSize && stream.read() >= 0) {
            throw new WalFormatException(String.format(Locale.ROOT,
                    "oversized WAL segment: more than %d bytes (expected: %d)", segmentSize, segmentSize),
                    segno * segmentSize + segmentSize, name, segmentSize);
        }
    }

    private TruncatedWalException truncatedStream(long segno, String name) {
        return new TruncatedWalException(String.format(Locale.ROOT,
                "truncated WAL segment: %d bytes (expected: %d)", streamPos, segmentSize),
                segno * segmentSize + streamPos, name, streamPos);
    }

    @Override
    public String segmentName(long segno) {
        Path p = files.get(segno);
        return p != null ? p.getFileName().toString() : WalFileName.of(timeline, segno, segmentSize);
    }

    private void closeSegment() {
        try {
            if (channel != null) {
                channel.close();
            }
            if (stream != null) {
                stream.close();
            }
        } catch (IOException e) {
            // closing a read-only file: nothing was written, nothing to report
        }
        channel = null;
        stream = null;
        openSegno = -1;
        openPath = null;
    }

    @Override
    public void close() {
        closeSegment();
    }
}
