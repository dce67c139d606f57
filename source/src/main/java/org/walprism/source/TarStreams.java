package org.walprism.source;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;

/** The streams {@link WalTarArchive} and {@link TarIndex} read an archive through. */
final class TarStreams {
    private TarStreams() {
    }

    /** Counts the bytes read or skipped. */
    static final class CountingInputStream extends FilterInputStream {
        private long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long k = in.skip(n);
            count += k;
            return k;
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }

    /** At most {@code limit} bytes of a stream; closing it leaves the stream open. */
    static final class BoundedInputStream extends InputStream {
        private final InputStream in;
        private long left;

        BoundedInputStream(InputStream in, long limit) {
            this.in = in;
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }
    }

    /** A stream whose close does not close the stream under it. */
    static final class NonClosingInputStream extends FilterInputStream {
        NonClosingInputStream(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // the archive stream stays open for the next member
        }
    }

    /** A whole file's region stream that closes its channel with it. */
    static final class ClosingRegionInputStream extends FilterInputStream {
        private final FileChannel ch;

        ClosingRegionInputStream(FileChannel ch, long size) {
            super(new RegionInputStream(ch, 0, size));
            this.ch = ch;
        }

        @Override
        public void close() throws IOException {
            ch.close();
        }
    }
}
