package org.walprism.source;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Bytes {@code [base, base + size)} of a file channel as a stream, with positional reads (the channel's own
 * position is not used, so several streams may share one channel) and seeking skips. Closing the stream leaves
 * the channel open.
 */
final class RegionInputStream extends InputStream {
    private final FileChannel channel;
    private final long end;
    private long pos;

    RegionInputStream(FileChannel channel, long base, long size) {
        this.channel = channel;
        this.pos = base;
        this.end = base + size;
    }

    /** Offset in the channel of the next byte. */
    long position() {
        return pos;
    }

    /** Bytes left before the end of the region. */
    long remaining() {
        return end - pos;
    }

    /** Moves past the next {@code n} bytes (at most to the end) without reading them. */
    void advance(long n) {
        pos += Math.max(0, Math.min(n, end - pos));
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (pos >= end) {
            return -1;
        }
        int want = (int) Math.min(len, end - pos);
        int n = channel.read(ByteBuffer.wrap(b, off, want), pos);
        if (n < 0) {
            return -1;
        }
        pos += n;
        return n;
    }

    @Override
    public long skip(long n) {
        long k = Math.max(0, Math.min(n, end - pos));
        pos += k;
        return k;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, end - pos);
    }
}
