package org.walprism.spark.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * A read-only {@link FileChannel} over one Hadoop input stream: what the reader's positional reads
 * ({@code FileChannel.read(dst, position)}) become on HDFS or object storage. A read at another position than the
 * stream's seeks first (forward in a segment, the usual case, HDFS and S3A serve from the open connection), then
 * reads once; a short read is allowed, as for any channel. Reads into a direct buffer go through one bounded copy
 * buffer ({@value #COPY} bytes), never one sized by the request. The size is the file's at opening.
 */
final class HadoopFileChannel extends FileChannel {
    private static final int COPY = 1 << 16;

    private final FSDataInputStream in;
    private final long size;
    private long position;
    private byte[] copy;

    HadoopFileChannel(FSDataInputStream in, long size) {
        this.in = in;
        this.size = size;
    }

    @Override
    public synchronized int read(ByteBuffer dst, long pos) throws IOException {
        if (pos < 0) {
            throw new IllegalArgumentException("negative position " + pos);
        }
        if (!isOpen()) {
            throw new java.nio.channels.ClosedChannelException();
        }
        if (pos >= size) {
            return -1;
        }
        if (!dst.hasRemaining()) {
            return 0;
        }
        int want = (int) Math.min(dst.remaining(), size - pos);
        if (in.getPos() != pos) {
            in.seek(pos);
        }
        int n;
        if (dst.hasArray()) {
            n = in.read(dst.array(), dst.arrayOffset() + dst.position(), want);
            if (n > 0) {
                dst.position(dst.position() + n);
            }
        } else {
            if (copy == null) {
                copy = new byte[COPY];
            }
            n = in.read(copy, 0, Math.min(want, COPY));
            if (n > 0) {
                dst.put(copy, 0, n);
            }
        }
        return n;
    }

    @Override
    public synchronized int read(ByteBuffer dst) throws IOException {
        int n = read(dst, position);
        if (n > 0) {
            position += n;
        }
        return n;
    }

    @Override
    public synchronized long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        long total = 0;
        for (int i = offset; i < offset + length; i++) {
            while (dsts[i].hasRemaining()) {
                int n = read(dsts[i]);
                if (n < 0) {
                    return total == 0 ? -1 : total;
                }
                total += n;
            }
        }
        return total;
    }

    @Override
    public synchronized long position() {
        return position;
    }

    @Override
    public synchronized FileChannel position(long newPosition) {
        if (newPosition < 0) {
            throw new IllegalArgumentException("negative position " + newPosition);
        }
        position = newPosition;
        return this;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public long transferTo(long pos, long count, WritableByteChannel target) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(COPY, Math.max(0, count)));
        long done = 0;
        while (done < count) {
            b.clear().limit((int) Math.min(b.capacity(), count - done));
            int n = read(b, pos + done);
            if (n <= 0) {
                break;
            }
            b.flip();
            while (b.hasRemaining()) {
                target.write(b);
            }
            done += n;
        }
        return done;
    }

    @Override
    public int write(ByteBuffer src) {
        throw new NonWritableChannelException();
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
        throw new NonWritableChannelException();
    }

    @Override
    public int write(ByteBuffer src, long pos) {
        throw new NonWritableChannelException();
    }

    @Override
    public FileChannel truncate(long newSize) {
        throw new NonWritableChannelException();
    }

    @Override
    public void force(boolean metaData) {
        // nothing written
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long pos, long count) {
        throw new NonWritableChannelException();
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long pos, long length) {
        throw new UnsupportedOperationException("Hadoop files are not mapped");
    }

    @Override
    public FileLock lock(long pos, long length, boolean shared) {
        throw new UnsupportedOperationException("Hadoop files are not locked");
    }

    @Override
    public FileLock tryLock(long pos, long length, boolean shared) {
        throw new UnsupportedOperationException("Hadoop files are not locked");
    }

    @Override
    protected void implCloseChannel() throws IOException {
        in.close();
    }
}
