package org.walprism.source;

import java.nio.ByteBuffer;
import java.util.function.LongFunction;
import org.walprism.codec.read.SegmentSource;

/**
 * The one segment a {@link SegmentSource} keeps open (the last one read), shared by the sources that open
 * segments from files ({@link WalDirectory}, {@link WalTarArchive}): reading another segment closes it first.
 */
final class OpenSegment implements AutoCloseable {
    /** Opens segment {@code segno}'s reader, or returns null when the source has no such segment. */
    private final LongFunction<SegmentReader> opener;
    private long segno = -1;
    private SegmentReader reader;

    OpenSegment(LongFunction<SegmentReader> opener) {
        this.opener = opener;
    }

    /** Makes segment {@code s} the open one; false when the source has no such segment (or it vanished). */
    private boolean select(long s) {
        if (s == segno) {
            return true;
        }
        close();
        reader = opener.apply(s);
        if (reader == null) {
            return false;
        }
        segno = s;
        return true;
    }

    /** {@link SegmentSource#read(long, int, byte[], int, int)} through the open segment. */
    boolean read(long s, int offset, byte[] dst, int dstOffset, int length) {
        if (!select(s)) {
            return false;
        }
        reader.read(offset, dst, dstOffset, length);
        return true;
    }

    /** {@link SegmentSource#read(long, int, ByteBuffer)} through the open segment. */
    boolean read(long s, int offset, ByteBuffer dst) {
        if (!select(s)) {
            return false;
        }
        reader.read(offset, dst);
        return true;
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.close();
        }
        reader = null;
        segno = -1;
    }
}
