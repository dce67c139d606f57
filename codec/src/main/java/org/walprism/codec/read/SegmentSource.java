package org.walprism.codec.read;

import io.netty.buffer.ByteBuf;
import java.io.Closeable;

/**
 * Supplies whole WAL segments by segment number, for one timeline. Implementations decide where bytes
 * come from (files, memory, an archive); the reader only asks for segments in LSN order.
 */
public interface SegmentSource extends Closeable {

    /** Timeline whose segments this source supplies. */
    int timeline();

    /** The segment size: a power of two from 1 MiB to 1 GiB. */
    int segmentSize();

    /** The lowest segment number available, or -1 if none. */
    long firstSegment();

    /**
     * The bytes of segment {@code segno} ({@link #segmentSize()} readable bytes from index 0), or null when the
     * source has no such segment.
     *
     * @throws org.walprism.codec.WalFormatException when the segment exists but is unreadable or truncated
     */
    ByteBuf segment(long segno);

    /** The name to use for {@code segno} in messages (a file name for file sources). */
    String segmentName(long segno);

    @Override
    void close();
}
