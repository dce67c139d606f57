package org.walprism.source;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Iterator;
import org.walprism.codec.WalFileName;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.read.LiveSource;
import org.walprism.codec.read.WalReader;

/**
 * WAL bytes received from a replication stream, at whatever boundaries the sender chose, presented to
 * {@link WalReader#follow} as segments: the same page and record code reads them as files. Bytes not received yet
 * read as zeros (the reader waits there); bytes before the page the reader waits in are dropped, so memory holds
 * what one pump of the {@link Feed} delivers plus the record being assembled.
 */
public final class ReceivedWal implements LiveSource {
    private static final int BLCKSZ = PageHeader.XLOG_BLCKSZ;

    /** Where bytes come from: pumped by the reader's thread when it waits. */
    public interface Feed extends AutoCloseable {
        /**
         * Delivers what has arrived to {@link #receive}, waiting up to {@code timeoutMillis} for something to
         * arrive; {@code readerLsn} is where the reader waits (all WAL before it was read).
         *
         * @return false when nothing more will come
         */
        boolean pump(ReceivedWal into, long readerLsn, long timeoutMillis);

        @Override
        void close();
    }

    private record Chunk(long lsn, byte[] bytes) {
        long end() {
            return lsn + bytes.length;
        }
    }

    private final int timeline;
    private final int segmentSize;
    private final long firstSegment;
    private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
    private Feed feed;
    private long receivedEnd;

    /**
     * @param startLsn where the stream starts (the bytes before it are not there: a segment start, so that the
     *                 long page header is read)
     */
    public ReceivedWal(int timeline, int segmentSize, long startLsn) {
        if (!WalFileName.isValidSegmentSize(segmentSize)) {
            throw new IllegalArgumentException("segment size " + segmentSize);
        }
        this.timeline = timeline;
        this.segmentSize = segmentSize;
        this.firstSegment = startLsn / segmentSize;
        this.receivedEnd = startLsn;
    }

    /** Sets the feed that {@link #await} pumps. */
    public void feed(Feed f) {
        this.feed = f;
    }

    /** The end of the bytes received: where the next ones must start. */
    public long receivedEnd() {
        return receivedEnd;
    }

    /**
     * Adds {@code bytes} received for {@code [lsn, lsn + remaining)}. A sender starting again earlier (a reconnection
     * from the start of a page) replaces what was received from there on.
     *
     * @throws IllegalArgumentException when {@code lsn} is after the end of what was received (a gap)
     */
    public void receive(long lsn, ByteBuffer bytes) {
        if (Long.compareUnsigned(lsn, receivedEnd) > 0) {
            throw new IllegalArgumentException("WAL received at " + org.walprism.codec.Lsn.format(lsn, true)
                    + " leaves a gap after " + org.walprism.codec.Lsn.format(receivedEnd, true));
        }
        if (lsn != receivedEnd) {
            rewind(lsn);
        }
        byte[] b = new byte[bytes.remaining()];
        bytes.get(b);
        if (b.length > 0) {
            chunks.addLast(new Chunk(lsn, b));
            receivedEnd = lsn + b.length;
        }
    }

    /** Forgets the bytes received from {@code lsn} on: they will be received again. */
    public void rewind(long lsn) {
        while (!chunks.isEmpty() && chunks.peekLast().lsn() >= lsn) {
            chunks.removeLast();
        }
        Chunk last = chunks.peekLast();
        if (last != null && last.end() > lsn) {
            chunks.removeLast();
            chunks.addLast(new Chunk(last.lsn(), java.util.Arrays.copyOf(last.bytes(), (int) (lsn - last.lsn()))));
        }
        receivedEnd = Math.min(receivedEnd, lsn);
    }

    @Override
    public boolean await(long lsn, long timeoutMillis) {
        long keep = lsn - lsn % BLCKSZ;
        while (!chunks.isEmpty() && chunks.peekFirst().end() <= keep) {
            chunks.removeFirst();
        }
        return feed != null && feed.pump(this, lsn, timeoutMillis);
    }

    @Override
    public long availableEnd() {
        return receivedEnd;
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
        return firstSegment;
    }

    @Override
    public long nextSegment(long segno) {
        long next = Math.max(segno + 1, firstSegment);
        return next * segmentSize < receivedEnd ? next : -1;
    }

    @Override
    public boolean read(long segno, int offset, byte[] dst, int dstOffset, int length) {
        if (segno < firstSegment) {
            return false;
        }
        long from = segno * segmentSize + offset;
        long to = from + length;
        java.util.Arrays.fill(dst, dstOffset, dstOffset + length, (byte) 0);
        for (Iterator<Chunk> it = chunks.iterator(); it.hasNext(); ) {
            Chunk c = it.next();
            if (c.end() <= from) {
                continue;
            }
            if (c.lsn() >= to) {
                break;
            }
            long a = Math.max(from, c.lsn());
            long b = Math.min(to, c.end());
            System.arraycopy(c.bytes(), (int) (a - c.lsn()), dst, dstOffset + (int) (a - from), (int) (b - a));
        }
        return true;
    }

    @Override
    public boolean read(long segno, int offset, ByteBuffer dst) {
        if (segno < firstSegment) {
            return false;
        }
        long from = segno * segmentSize + offset;
        int base = dst.position();
        long to = from + dst.remaining();
        for (Chunk c : chunks) {
            if (c.end() <= from) {
                continue;
            }
            if (c.lsn() >= to) {
                break;
            }
            long a = Math.max(from, c.lsn());
            long b = Math.min(to, c.end());
            if (a > from + (dst.position() - base)) {
                zero(dst, (int) (a - from) + base);
            }
            dst.put(c.bytes(), (int) (a - c.lsn()), (int) (b - a));
        }
        zero(dst, dst.limit());
        return true;
    }

    private static void zero(ByteBuffer dst, int upTo) {
        while (dst.position() < upTo) {
            dst.put((byte) 0);
        }
    }

    @Override
    public String segmentName(long segno) {
        return WalFileName.of(timeline, segno, segmentSize);
    }

    @Override
    public void close() {
        chunks.clear();
        if (feed != null) {
            feed.close();
        }
    }
}
