package org.walprism.analyzer.dump;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;

/**
 * pg_waldump's {@code --save-fullpage=DIR}: every full-page image of a record restored to its {@code BLCKSZ}
 * page and written to its own file, the same name and bytes as pg_waldump 16+ writes
 * (XLogRecordSaveFPWs in src/bin/pg_waldump/pg_waldump.c):
 * <pre>
 * TIMELINE-LSNHI-LSNLO.SPCOID.DBOID.RELNUMBER.BLKNO_FORK     %08X-%08X-%08X.%u.%u.%u.%u_%s
 * </pre>
 * e.g. {@code 00000001-00000000-006521A8.1663.5.1255.60_main}: the timeline of the segment read, the record's
 * start LSN, the relation, the block number and the fork name ({@code main}, {@code fsm}, {@code vm},
 * {@code init}). A second image of the same block in the same record replaces the first, as pg_waldump's does.
 *
 * <p>Not thread-safe (one page buffer and one {@link PageImages} per instance).
 */
public final class FullPageFiles {

    /** Fork names by fork number, as PostgreSQL's {@code forkNames} (src/common/relpath.c). */

    private final Path dir;
    private final PageImages images = new PageImages();
    private final byte[] page = new byte[BlockImage.BLCKSZ];
    private long written;

    private FullPageFiles(Path dir) {
        this.dir = dir;
    }

    /**
     * Files into {@code dir}, which is created when missing and must be empty when present, as pg_waldump's
     * create_fullpage_directory wants it.
     *
     * @throws NonEmptyDirectoryException when {@code dir} exists and holds anything
     * @throws NotDirectoryException      when {@code dir} exists and is not a directory
     * @throws IOException                when it cannot be created or listed
     */
    public static FullPageFiles into(Path dir) throws IOException {
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir)) {
                throw new NotDirectoryException(dir.toString());
            }
            try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
                if (s.iterator().hasNext()) {
                    throw new NonEmptyDirectoryException(dir);
                }
            }
        } else {
            Files.createDirectories(dir);
        }
        return new FullPageFiles(dir);
    }

    /** The directory given to {@code --save-fullpage} exists and is not empty (pg_waldump refuses it too). */
    public static final class NonEmptyDirectoryException extends IOException {
        private static final long serialVersionUID = 1L;

        NonEmptyDirectoryException(Path dir) {
            super("directory \"" + dir + "\" exists but is not empty");
        }
    }

    /** pg_waldump's file name of an image; {@code timeline} is the timeline of the segment the record was read from. */
    public static String fileName(long timeline, long lsn, RelFileLocator rel, long block, int fork) {
        return String.format(Locale.ROOT, "%08X-%08X-%08X.%d.%d.%d.%d_%s", timeline, lsn >>> 32, lsn & 0xFFFFFFFFL,
                rel.spcOid(), rel.dbOid(), rel.relNumber(), block, BlockRef.forkName(fork));
    }

    /**
     * Writes every image of {@code r} (read from a segment of {@code timeline}).
     *
     * @return the number of files written
     * @throws WalFormatException when an image does not restore, or a block names a fork past {@code init}
     * @throws IOException        when a file cannot be written
     */
    public int save(DecodedRecord r, long timeline) throws IOException {
        int n = 0;
        for (BlockRef b : r.blocks()) {
            if (b.image() == null) {
                continue;
            }
            images.restore(r, b, page);
            if (b.forkNumber() >= BlockRef.FORK_COUNT) {
                throw new WalFormatException("invalid fork number: " + b.forkNumber() + " of block " + b.id(), r.recordLsn().value(),
                        null, -1);
            }
            write(dir.resolve(fileName(timeline, r.recordLsn().value(), b.rel(), b.blockNumber(), b.forkNumber())));
            n++;
        }
        written += n;
        return n;
    }

    /**
     * Writes the page to {@code file} through a temporary name beside it, renamed once complete: a failed write
     * (a full disk) leaves no partial page under the final name. The temporary file is created new, never through
     * a link planted in the directory.
     *
     * @throws WriteException naming {@code file} when it cannot be written
     */
    private void write(Path file) throws WriteException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(tmp,
                    java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
                java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(page);
                while (bb.hasRemaining()) {
                    ch.write(bb);
                }
            }
            Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the write failed already: that is the error to report
            }
            throw new WriteException(file, e);
        }
    }

    /** A page file that could not be written (its directory's disk full, permission denied). */
    public static final class WriteException extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient Path file;

        WriteException(Path file, IOException cause) {
            super("could not write \"" + file + "\": " + reason(cause), cause);
            this.file = file;
        }

        private static String file(IOException e) {
            return ((java.nio.file.FileSystemException) e).getFile();
        }

        /** The page file that was being written. */
        public Path file() {
            return file;
        }

        private static String reason(IOException e) {
            if (e instanceof java.nio.file.AccessDeniedException) {
                return "permission denied";
            }
            if (e instanceof java.nio.file.FileAlreadyExistsException) {
                return "its temporary file " + file(e) + " is in the way";
            }
            if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
                return f.getReason();
            }
            return e.getMessage() != null ? e.getMessage() : e.toString();
        }
    }

    /** Files written so far. */
    public long written() {
        return written;
    }
}
