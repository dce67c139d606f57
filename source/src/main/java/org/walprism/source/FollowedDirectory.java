package org.walprism.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalInputException;
import org.walprism.codec.read.LiveSource;

/**
 * A {@code pg_wal} directory that a running server writes, read while it grows (pg_waldump {@code --follow}).
 * Segment files are opened by name ({@code NAME}, else pg_receivewal's {@code NAME.partial}) every time the reader
 * comes back after waiting, never listed once for all: a segment the server creates later is found, and a file
 * recycled under a newer name is read as what it holds (pages of an older segment, which the reader takes for WAL
 * not written yet). Bytes past the end of a file read as zeros, as the unwritten part of a pre-allocated segment.
 * Plain (uncompressed) segment files only: a server writes no other kind.
 */
public final class FollowedDirectory implements LiveSource {
    private final Path dir;
    private final int timeline;
    private final int segmentSize;

    private long openSegno = -1;
    private FileChannel open;

    private FollowedDirectory(Path dir, int timeline, int segmentSize) {
        this.dir = dir;
        this.timeline = timeline;
        this.segmentSize = segmentSize;
    }

    /**
     * Opens directory {@code dir}: the timeline and the segment size are those {@link WalDirectory} finds in the
     * files there now ({@code timeline} 0: the only one, else 1, as pg_waldump defaults).
     */
    public static FollowedDirectory open(Path dir, int timeline) {
        try (WalDirectory d = WalDirectory.open(dir, timeline)) {
            return new FollowedDirectory(d.directory(), d.timeline(), d.segmentSize());
        }
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
        return nextSegment(-1);
    }

    /** The lowest segment above {@code segno} with a file of this timeline now, or -1. */
    @Override
    public long nextSegment(long segno) {
        String tli = String.format(java.util.Locale.ROOT, "%08X", timeline);
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> StoredSegmentName.parse(p.getFileName().toString()))
                    .filter(n -> n != null && n.suffix() == Compression.NONE && n.segment().startsWith(tli))
                    .mapToLong(n -> WalFileName.segno(n.segment(), segmentSize))
                    .filter(n -> n > segno).min().orElse(-1);
        } catch (IOException e) {
            throw new WalInputException("could not read directory \"" + dir + "\": " + e.getMessage());
        }
    }

    @Override
    public boolean read(long segno, int offset, byte[] dst, int dstOffset, int length) {
        return read(segno, offset, ByteBuffer.wrap(dst, dstOffset, length));
    }

    @Override
    public boolean read(long segno, int offset, ByteBuffer dst) {
        if (!select(segno)) {
            return false;
        }
        long pos = offset;
        try {
            while (dst.hasRemaining()) {
                int n = open.read(dst, pos);
                if (n <= 0) {
                    break;
                }
                pos += n;
            }
        } catch (IOException e) {
            throw new WalInputException("could not read file \"" + dir.resolve(segmentName(segno)) + "\": "
                    + e.getMessage(), segno * (long) segmentSize + offset, segmentName(segno), offset);
        }
        while (dst.hasRemaining()) {
            dst.put((byte) 0); // not written yet
        }
        return true;
    }

    private boolean select(long segno) {
        if (segno == openSegno) {
            return true;
        }
        closeSegment();
        String name = WalFileName.of(timeline, segno, segmentSize);
        for (String f : List.of(name, name + ".partial")) {
            try {
                open = FileChannel.open(dir.resolve(f), StandardOpenOption.READ);
                openSegno = segno;
                return true;
            } catch (NoSuchFileException e) {
                // not there (yet)
            } catch (AccessDeniedException e) {
                throw new WalInputException("could not open file \"" + dir.resolve(f) + "\": permission denied",
                        segno * (long) segmentSize, f, 0);
            } catch (IOException e) {
                throw new WalInputException("could not open file \"" + dir.resolve(f) + "\": " + e.getMessage(),
                        segno * (long) segmentSize, f, 0);
            }
        }
        return false;
    }

    /** Sleeps, and closes the open file: the next read opens the file that has the segment's name then. */
    @Override
    public boolean await(long lsn, long timeoutMillis) {
        closeSegment();
        try {
            Thread.sleep(timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }

    @Override
    public String segmentName(long segno) {
        return WalFileName.of(timeline, segno, segmentSize);
    }

    private void closeSegment() {
        if (open != null) {
            try {
                open.close();
            } catch (IOException e) {
                // read-only: nothing to report
            }
        }
        open = null;
        openSegno = -1;
    }

    @Override
    public void close() {
        closeSegment();
    }
}
