package org.walprism.codec.read;

import java.io.Closeable;
import java.util.List;

/**
 * The reader's page source, as xlogreader.c's {@code page_read} callback: supplies the bytes of WAL segments by
 * segment number and offset, for one timeline; {@link WalReader} asks it and never opens a file. Implementations decide
 * where bytes come from (files, compressed files, memory, an archive, a replication stream); the reader asks
 * mostly in increasing order and copies what it needs into its own bounded window, so a source never has to
 * keep a whole segment in memory.
 */
public interface SegmentSource extends Closeable {

    /** Timeline whose segments this source supplies. */
    int timeline();

    /**
     * The history followed: which timeline's file supplies each segment, and which page timelines are accepted. By
     * default only {@link #timeline()}'s own segments ({@link TimelineHistory#of(int)}), as pg_waldump reads them.
     */
    default TimelineHistory history() {
        return TimelineHistory.of(timeline());
    }

    /**
     * The newest timeline present where this source was opened: the highest of its segment files' and history
     * files' timelines (a fleet job follows its history when no timeline was asked for). By default
     * {@link #timeline()}.
     */
    default int newestTimeline() {
        return timeline();
    }

    /** The segment size: a power of two from 1 MiB to 1 GiB. */
    int segmentSize();

    /** The lowest segment number available, or -1 if none. */
    long firstSegment();

    /** The lowest segment number above {@code segno} that the source has, or -1 if none. */
    long nextSegment(long segno);

    /**
     * Copies bytes {@code [offset, offset + length)} of segment {@code segno} into {@code dst} at
     * {@code dstOffset}.
     *
     * @return false when the source has no such segment
     * @throws org.walprism.codec.TruncatedWalException when the segment exists but ends before those bytes
     * @throws org.walprism.codec.WalFormatException    when the segment exists but cannot be read
     */
    boolean read(long segno, int offset, byte[] dst, int dstOffset, int length);

    /**
     * Fills {@code dst} from its position to its limit with the bytes of segment {@code segno} from
     * {@code offset} on, and leaves its position at the limit. Sources that can read into a direct buffer without an
     * intermediate copy (files) override this; the default goes through {@link #read(long, int, byte[], int, int)}.
     * A segment file that ends before the segment size (truncated) may fill less: whole WAL pages up to its last
     * complete page, the position left after them, so that the records before the damage can be read as
     * pg_waldump reads them; a read that cannot deliver its first whole page throws.
     *
     * @return false when the source has no such segment
     * @throws org.walprism.codec.TruncatedWalException when the segment exists but ends before the first page asked
     */
    default boolean read(long segno, int offset, java.nio.ByteBuffer dst) {
        if (dst.hasArray()) {
            int n = dst.remaining();
            if (!read(segno, offset, dst.array(), dst.arrayOffset() + dst.position(), n)) {
                return false;
            }
            dst.position(dst.limit());
            return true;
        }
        byte[] tmp = new byte[Math.min(dst.remaining(), 1 << 16)];
        int done = 0;
        while (dst.hasRemaining()) {
            int n = Math.min(tmp.length, dst.remaining());
            if (!read(segno, offset + done, tmp, 0, n)) {
                return false;
            }
            dst.put(tmp, 0, n);
            done += n;
        }
        return true;
    }

    /** The name to use for {@code segno} in messages (a file name for file sources). */
    String segmentName(long segno);

    /** Things the user should know about what was read (a partial segment, a duplicate file); empty by default. */
    default List<org.walprism.codec.WalMessage> notices() {
        return List.of();
    }

    @Override
    void close();
}
