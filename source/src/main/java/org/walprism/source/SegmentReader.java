package org.walprism.source;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Locale;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.page.PageHeader;

/**
 * The bytes of one open WAL segment, read by offset: positional reads for an uncompressed file or tar member
 * (a file that shrinks under the reader gives a clear error), a decompressing stream otherwise. A stream only
 * goes forward and never delivers more than the segment size: more is an oversized segment, less a truncated
 * one. Its first page is kept, so the reader's look at the long header and its later read of the page from the
 * start do not inflate the segment twice; any other backward read inflates again from the start.
 */
final class SegmentReader implements AutoCloseable {
    /** Decompressed bytes of the segment kept from its start: the first WAL page. */
    private static final int PREFIX = PageHeader.XLOG_BLCKSZ;

    /** Opens the segment's decompressed bytes from their start; called again for a backward read. */
    interface StreamOpener {
        Opened open() throws IOException;
    }

    /** The decompressed bytes, the stored bytes they come from (null if not compressed), and their format. */
    record Opened(InputStream decompressed, StoredBytes stored, Compression compression) {
    }

    /**
     * The stored bytes of a compressed segment, remembering whether they were read to their end: a decompressor
     * that fails after that has met a cut-off stream (truncated), one that fails before has met corrupt data.
     */
    static final class StoredBytes extends java.io.FilterInputStream {
        private boolean ended;

        StoredBytes(InputStream in) {
            super(in);
        }

        /** {@code stored} decompressed as {@code c}, buffered for the decoder. */
        static Opened decompress(Compression c, InputStream stored) throws IOException {
            StoredBytes s = new StoredBytes(stored);
            try {
                return new Opened(c.decompress(new BufferedInputStream(s, 65536)), s, c);
            } catch (IOException | RuntimeException e) {
                // some decoders (bzip2) read their first block while being constructed
                if (s.ended && !(e instanceof EOFException)) {
                    EOFException eof = new EOFException(Compression.reason(e));
                    eof.initCause(e);
                    throw eof;
                }
                throw e;
            }
        }

        /** True once the stored bytes were read to their end. */
        boolean ended() {
            return ended;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            ended |= b < 0;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            ended |= n < 0;
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            return in.skip(n);
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }

    private final String name;
    private final long segno;
    private final int segSize;

    private final boolean partial;
    private final long storedSize;
    private final FileChannel channel;
    private final boolean ownsChannel;
    private final long base;

    private Compression compression;
    private final StreamOpener opener;
    private InputStream stream;
    private StoredBytes stored;
    private long streamPos;
    private byte[] prefix;
    private int prefixLen;
    private byte[] skipBuf;
    private byte[] copyBuf;

    private SegmentReader(String name, long segno, int segSize, boolean partial, FileChannel channel,
                          boolean ownsChannel, long base, long storedSize, Compression compression,
                          StreamOpener opener) {
        this.name = name;
        this.partial = partial;
        this.storedSize = storedSize;
        this.segno = segno;
        this.segSize = segSize;
        this.channel = channel;
        this.ownsChannel = ownsChannel;
        this.base = base;
        this.compression = compression;
        this.opener = opener;
    }

    /**
     * The segment stored at bytes {@code [base, base + size)} of {@code channel} (a whole file, or a tar member):
     * positional reads when those bytes are a WAL segment, a decompressing stream when they start with a
     * compression magic number. {@code ownsChannel}: close the channel with this reader. A {@code partial}
     * segment (pg_receivewal's {@code .partial}: written up to where it ends, padded with zeros only when
     * uncompressed) that ends early reads as zeros past its end, as never-written WAL.
     */
    static SegmentReader open(String name, long segno, int segSize, boolean partial, FileChannel channel,
                              boolean ownsChannel, long base, long size) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(Compression.MAGIC_BYTES);
        while (head.hasRemaining() && head.position() < size) {
            if (channel.read(head, base + head.position()) < 0) {
                break;
            }
        }
        Compression c = Compression.ofStored(name, head.array(), (int) Math.min(head.position(), size));
        if (c != Compression.NONE) {
            StreamOpener o = () -> StoredBytes.decompress(c, new RegionInputStream(channel, base, size));
            return new SegmentReader(name, segno, segSize, partial, channel, ownsChannel, -1, -1, c, o);
        }
        if (size > segSize) {
            checkStoredSize(name, segno, segSize, size);
        }
        // A shorter file that is not a .partial is truncated: it is read up to its last whole page and fails at the
        // first page it does not hold (pg_waldump prints the records before that page, then fails reading it).
        return new SegmentReader(name, segno, segSize, partial, channel, ownsChannel, base, size, Compression.NONE,
                null);
    }

    /** A segment read from a stream of its decompressed bytes ({@code compression} names it in messages). */
    static SegmentReader stream(String name, long segno, int segSize, boolean partial, Compression compression,
                                StreamOpener opener) {
        return new SegmentReader(name, segno, segSize, partial, null, false, -1, -1, compression, opener);
    }

    /**
     * Rejects an uncompressed segment whose stored size is not the segment size: one that is shorter is truncated,
     * one that is longer is not a WAL segment this cluster wrote.
     */
    static void checkStoredSize(String name, long segno, int segSize, long size) {
        if (size == segSize) {
            return;
        }
        if (size < segSize) {
            throw truncatedFile(name, segno, segSize, size);
        }
        throw new WalFormatException(String.format(Locale.ROOT, "oversized WAL segment: %d bytes (expected: %d)",
                size, segSize), segno * segSize + segSize, name, segSize);
    }

    /** Copies bytes {@code [offset, offset + length)} of the segment into {@code dst}. */
    void read(int offset, byte[] dst, int dstOffset, int length) {
        if (offset < 0 || (long) offset + length > segSize) {
            throw new IllegalArgumentException("read past the segment end: " + offset + "+" + length);
        }
        if (opener == null && !partial && offset + length > storedSize) {
            throw truncatedFile();
        }
        if (opener == null) {
            readChannel(offset, dst, dstOffset, length);
        } else {
            readStream(offset, dst, dstOffset, length);
        }
    }

    /**
     * Fills {@code dst} from its position to its limit with the segment's bytes from {@code offset} on: straight
     * from the file into a direct buffer for an uncompressed segment, through a bounded copy for a stream.
     */
    void read(int offset, ByteBuffer dst) {
        int length = dst.remaining();
        if (offset < 0 || (long) offset + length > segSize) {
            throw new IllegalArgumentException("read past the segment end: " + offset + "+" + length);
        }
        if (opener == null && !partial && offset + length > storedSize) {
            // a truncated file: the whole pages it holds from offset on, none past them
            int pages = (int) (Math.max(0, storedSize - offset) / PageHeader.XLOG_BLCKSZ * PageHeader.XLOG_BLCKSZ);
            if (pages == 0) {
                throw truncatedFile();
            }
            int limit = dst.limit();
            dst.limit(dst.position() + pages);
            readChannel(offset, dst);
            dst.limit(limit);
            return;
        }
        if (opener == null) {
            int stored = (int) Math.max(0, Math.min(length, storedSize - offset));
            int limit = dst.limit();
            dst.limit(dst.position() + stored);
            readChannel(offset, dst);
            dst.limit(limit);
            while (dst.hasRemaining()) {
                dst.put((byte) 0); // a partial segment shorter than the segment size: never-written WAL
            }
            return;
        }
        if (copyBuf == null) {
            copyBuf = new byte[65536];
        }
        byte[] tmp = copyBuf;
        int done = 0;
        while (done < length) {
            // page by page, so that a stream that ends early hands over every whole page before its end
            int n = Math.min(PageHeader.XLOG_BLCKSZ, length - done);
            try {
                readStream(offset + done, tmp, 0, n);
            } catch (TruncatedWalException e) {
                // the records before the damage stay readable; the next read past them fails with this message
                if (done == 0) {
                    throw e;
                }
                return;
            }
            dst.put(tmp, 0, n);
            done += n;
        }
    }

    private void readChannel(int offset, byte[] dst, int dstOffset, int length) {
        int stored = (int) Math.max(0, Math.min(length, storedSize - offset));
        if (stored < length) {
            // a partial segment shorter than the segment size: never-written WAL past its end
            java.util.Arrays.fill(dst, dstOffset + stored, dstOffset + length, (byte) 0);
        }
        readChannel(offset, ByteBuffer.wrap(dst, dstOffset, stored));
    }

    private void readChannel(int offset, ByteBuffer bb) {
        long pos = offset;
        try {
            while (bb.hasRemaining()) {
                int n = channel.read(bb, base + pos);
                if (n < 0) {
                    // The file was complete when opened: it shrank while being read (a recycled or removed segment).
                    long now = channel.size() - base;
                    throw new TruncatedWalException(String.format(Locale.ROOT,
                            "WAL segment changed while reading: it is now %d bytes (expected: %d)", now, segSize),
                            segno * segSize + pos, name, pos);
                }
                pos += n;
            }
        } catch (IOException e) {
            throw new WalFormatException("could not read WAL segment: " + e.getMessage(), segno * segSize + pos,
                    name, pos);
        }
    }

    private void readStream(int offset, byte[] dst, int dstOffset, int length) {
        int off = offset;
        int dOff = dstOffset;
        int len = length;
        if (off < streamPos && off < prefixLen) {
            int n = Math.min(len, prefixLen - off);
            System.arraycopy(prefix, off, dst, dOff, n);
            off += n;
            dOff += n;
            len -= n;
            if (len == 0) {
                return;
            }
        }
        try {
            if (stream == null || off < streamPos) {
                reopen();
            }
            while (streamPos < off) {
                if (skipBuf == null) {
                    skipBuf = new byte[65536];
                }
                if (pull(skipBuf, 0, (int) Math.min(skipBuf.length, off - streamPos)) < 0) {
                    throw truncated();
                }
            }
            while (len > 0) {
                int n = pull(dst, dOff, len);
                if (n < 0) {
                    throw truncated();
                }
                dOff += n;
                len -= n;
            }
            if (streamPos == segSize && stream.read() >= 0) {
                throw oversized();
            }
        } catch (WalFormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // The decompressors report corrupt input with IOException, and some with an unchecked exception
            // (lz4-java's LZ4Exception): either way it is bad input, reported as one line, never a stack trace.
            throw compression.failure(e, stored != null && stored.ended, streamPos, segSize,
                    segno * segSize + streamPos, name);
        }
    }

    /**
     * The error for a stream that delivers more than the segment size. Its decoder is read on, up to another
     * segment size (never kept), to tell the cause: corrupt data its own checks then refuse (a gzip or xz
     * checksum, an invalid block), or a stream that ends cleanly, a file larger than a segment.
     */
    private WalFormatException oversized() throws IOException {
        if (skipBuf == null) {
            skipBuf = new byte[65536];
        }
        long total = (long) segSize + 1;
        try {
            while (total <= 2L * segSize) {
                int n = stream.read(skipBuf, 0, skipBuf.length);
                if (n < 0) {
                    return new WalFormatException(String.format(Locale.ROOT,
                            "oversized WAL segment: %s data inflates to %d bytes (expected: %d)",
                            compression.label(), total, segSize), segno * segSize + segSize, name, segSize);
                }
                total += n;
            }
        } catch (IOException | RuntimeException e) {
            return new WalFormatException(String.format(Locale.ROOT,
                    "corrupt %s data: it inflates past the segment size %d and then fails to decode (%s)",
                    compression.label(), segSize, Compression.reason(e)), segno * segSize + segSize, name, segSize);
        }
        return new WalFormatException(String.format(Locale.ROOT,
                "oversized WAL segment: %s data inflates to more than %d bytes (expected: %d)",
                compression.label(), 2L * segSize, segSize), segno * segSize + segSize, name, segSize);
    }

    /** Reads from the stream, keeping what falls in the first page. */
    private int pull(byte[] b, int off, int len) throws IOException {
        int n = stream.read(b, off, len);
        if (n < 0 && partial) {
            // a compressed partial segment ends where pg_receivewal stopped writing: zeros past it
            java.util.Arrays.fill(b, off, off + len, (byte) 0);
            n = len;
        }
        if (n > 0) {
            if (streamPos < PREFIX) {
                if (prefix == null) {
                    prefix = new byte[PREFIX];
                }
                int k = (int) Math.min(n, PREFIX - streamPos);
                if (streamPos + k > prefixLen) {
                    System.arraycopy(b, off, prefix, (int) streamPos, k);
                    prefixLen = (int) streamPos + k;
                }
            }
            streamPos += n;
        }
        return n;
    }

    private void reopen() throws IOException {
        if (stream != null) {
            stream.close();
            stream = null;
        }
        streamPos = 0;
        stored = null;
        Opened o = opener.open();
        stream = o.decompressed();
        stored = o.stored();
        compression = o.compression();
    }

    /** This truncated uncompressed file: it ends at {@link #storedSize}. */
    private TruncatedWalException truncatedFile() {
        return truncatedFile(name, segno, segSize, storedSize);
    }

    /** An uncompressed segment file of {@code size} bytes, fewer than {@code segSize}: it ends at {@code size}. */
    private static TruncatedWalException truncatedFile(String name, long segno, int segSize, long size) {
        return new TruncatedWalException(String.format(Locale.ROOT, "truncated WAL segment: %d bytes (expected: %d)",
                size, segSize), segno * segSize + size, name, size);
    }

    private TruncatedWalException truncated() {
        return new TruncatedWalException(String.format(Locale.ROOT,
                "truncated WAL segment: %d bytes (expected: %d)", streamPos, segSize),
                segno * segSize + streamPos, name, streamPos);
    }

    @Override
    public void close() {
        try {
            if (stream != null) {
                stream.close();
            }
            if (ownsChannel && channel != null) {
                channel.close();
            }
        } catch (IOException e) {
            // closing a read-only file: nothing was written, nothing to report
        }
        stream = null;
    }
}
