package org.walprism.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.WalFileName;

/**
 * {@code stream --write-segments DIR}: the WAL received, kept as segment files as pg_receivewal keeps them: the
 * segment being received as {@code NAME.partial}, padded with zeros to the segment size, renamed to {@code NAME}
 * once complete and synced. A complete segment is the server's segment byte for byte. A {@code NAME} already in
 * DIR is never written to (the bytes received for it are dropped, with a notice); a {@code NAME.partial} is
 * continued. Links are never followed: a {@code NAME.partial} that is a symbolic link, a hard link or not a regular
 * file is refused ({@link WriteException}, exit code 8), and a link named {@code NAME} counts as a file in place.
 */
public final class SegmentArchive implements AutoCloseable {
    private final Path dir;
    private final int timeline;
    private final int segmentSize;
    private final List<String> notices = new ArrayList<>();

    private long openSegno = -1;
    private FileChannel open;
    private boolean dirty;
    /** The end of the bytes written and synced to disk (what a status update reports as flushed). */
    private long flushed;
    private long written;

    public SegmentArchive(Path dir, int timeline, int segmentSize, long startLsn) throws IOException {
        this.written = startLsn;
        this.flushed = startLsn;
        this.dir = dir;
        this.timeline = timeline;
        this.segmentSize = segmentSize;
        Files.createDirectories(dir);
    }

    /** Writes {@code bytes} received for {@code lsn} on. */
    public void write(long lsn, ByteBuffer bytes) throws IOException {
        ByteBuffer b = bytes.duplicate();
        while (b.hasRemaining()) {
            long segno = lsn / segmentSize;
            int off = (int) (lsn % segmentSize);
            int n = Math.min(b.remaining(), segmentSize - off);
            ByteBuffer part = b.slice();
            part.limit(n);
            if (select(segno)) {
                try {
                    while (part.hasRemaining()) {
                        open.write(part, off + part.position());
                    }
                } catch (IOException e) {
                    throw WriteException.of(partialOf(segno), e);
                }
                dirty = true;
            }
            b.position(b.position() + n);
            lsn += n;
            written = lsn;
            if (lsn % segmentSize == 0) {
                complete();
            }
        }
    }

    /**
     * Bytes from {@code lsn} on will be received again (a reconnection): zeros over what was written of the open
     * segment from there on, so that a shorter stream leaves no stale bytes behind.
     */
    public void rewind(long lsn) throws IOException {
        if (open != null && lsn / segmentSize == openSegno && lsn < written) {
            int off = (int) (lsn % segmentSize);
            long end = Math.min(written, (openSegno + 1) * segmentSize);
            ByteBuffer zeros = ByteBuffer.allocate((int) (end - lsn));
            while (zeros.hasRemaining()) {
                open.write(zeros, off + zeros.position());
            }
            written = lsn;
            flushed = Math.min(flushed, lsn);
        }
    }

    private boolean select(long segno) throws IOException {
        if (segno == openSegno) {
            return open != null;
        }
        closeOpen();
        openSegno = segno;
        String name = WalFileName.of(timeline, segno, segmentSize);
        if (Files.exists(dir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
            notices.add(name + " was already in " + dir + ": left as it is, the bytes received for it were not "
                    + "written");
            return false;
        }
        Path partial = dir.resolve(name + ".partial");
        checkWritable(partial);
        try {
            // NOFOLLOW_LINKS: a link planted after the check is refused by the open itself (O_NOFOLLOW)
            open = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (FileSystemException e) {
            if (Files.isSymbolicLink(partial)) {
                throw new WriteException(partial, LINK, e);
            }
            throw WriteException.of(partial, e);
        }
        try {
            if (open.size() < segmentSize) {
                // padded to the full size as pg_receivewal does: the unreceived rest reads as zeros
                ByteBuffer zeros = ByteBuffer.allocate(64 * 1024);
                for (long p = open.size(); p < segmentSize; ) {
                    zeros.clear().limit((int) Math.min(zeros.capacity(), segmentSize - p));
                    p += open.write(zeros, p);
                }
            }
        } catch (IOException e) {
            throw WriteException.of(partial, e);
        }
        return true;
    }

    private Path partialOf(long segno) {
        return dir.resolve(WalFileName.of(timeline, segno, segmentSize) + ".partial");
    }

    private static final String LINK = "is a symbolic link (walprism never writes through a link in the "
            + "--write-segments directory)";

    /**
     * Refuses a {@code .partial} that is there but is not a regular file of its own: a symbolic link (which would
     * send the WAL to where it points, outside the directory), a hard link to another file, a FIFO or a device.
     */
    private static void checkWritable(Path partial) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(partial, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        }
        if (a.isSymbolicLink()) {
            throw new WriteException(partial, LINK, null);
        }
        if (!a.isRegularFile()) {
            throw new WriteException(partial, "is not a regular file", null);
        }
        Object links = Files.getAttribute(partial, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
        if (links instanceof Integer n && n > 1) {
            throw new WriteException(partial, "has " + n + " hard links (walprism writes only a file of its own "
                    + "in the --write-segments directory)", null);
        }
    }

    /** The open segment is complete: synced, then renamed from {@code .partial}. */
    private void complete() throws IOException {
        if (open == null) {
            openSegno = -1;
            flushed = written;
            return;
        }
        open.force(true);
        open.close();
        open = null;
        String name = WalFileName.of(timeline, openSegno, segmentSize);
        Files.move(dir.resolve(name + ".partial"), dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        openSegno = -1;
        dirty = false;
        flushed = written;
    }

    /** Syncs the open segment; returns the LSN up to which received WAL is on disk. */
    public long sync() throws IOException {
        if (open != null && dirty) {
            open.force(false);
            dirty = false;
        }
        flushed = written;
        return flushed;
    }

    /** The end of the received WAL that is on disk: synced segments, and the open one up to its last sync. */
    public long flushed() {
        return flushed;
    }

    /** The start of the segment being written: a reconnection never streams from before it. */
    public long restartFloor() {
        return written - written % segmentSize;
    }

    public List<String> notices() {
        return notices;
    }

    private void closeOpen() throws IOException {
        if (open != null) {
            open.force(false);
            open.close();
        }
        open = null;
        openSegno = -1;
    }

    @Override
    public void close() {
        try {
            closeOpen();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
