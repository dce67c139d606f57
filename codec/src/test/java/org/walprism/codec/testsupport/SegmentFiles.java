package org.walprism.codec.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFileName;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.WalReader;

/**
 * The codec tests' page source: the plain segment files of one directory (a capture's {@code walDir()}), on the only
 * timeline present, else timeline 1, as pg_waldump picks it. The real input forms (compression, tars, archivers,
 * history files) are walprism-source's; the codec reads only what a caller supplies.
 */
public final class SegmentFiles implements ForkableSource {
    private final Path dir;
    private final int timeline;
    private final int segmentSize;
    private final NavigableMap<Long, Path> segments;
    private FileChannel open;
    private long openSegno = -1;

    private SegmentFiles(Path dir, int timeline, int segmentSize, NavigableMap<Long, Path> segments) {
        this.dir = dir;
        this.timeline = timeline;
        this.segmentSize = segmentSize;
        this.segments = segments;
    }

    /** The segment files of {@code dir}. */
    public static SegmentFiles of(Path dir) {
        Map<Integer, TreeMap<String, Path>> byTli = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(p -> WalFileName.isSegmentName(p.getFileName().toString()) && Files.isRegularFile(p))
                    .forEach(p -> byTli.computeIfAbsent(WalFileName.timeline(p.getFileName().toString()),
                            k -> new TreeMap<>()).put(p.getFileName().toString(), p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int tli = byTli.size() == 1 ? byTli.keySet().iterator().next() : 1;
        TreeMap<String, Path> files = byTli.getOrDefault(tli, new TreeMap<>());
        int segSize = 16 << 20;
        if (!files.isEmpty()) {
            try (FileChannel ch = FileChannel.open(files.firstEntry().getValue())) {
                ByteBuffer head = ByteBuffer.allocate(40).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                ch.read(head, 0);
                segSize = head.getInt(32); // xlp_seg_size of the long page header
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        NavigableMap<Long, Path> segs = new TreeMap<>(Long::compareUnsigned);
        for (Map.Entry<String, Path> e : files.entrySet()) {
            segs.put(WalFileName.segno(e.getKey(), segSize), e.getValue());
        }
        return new SegmentFiles(dir, tli, segSize, segs);
    }

    /** A reader over the segment files of {@code dir} (pg_waldump's range rules; 0 = first record, end of WAL). */
    public static WalReader reader(Path dir, long startLsn, long endLsn) {
        return WalReader.open(of(dir), Lsn.bound(startLsn), Lsn.bound(endLsn));
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
        return segments.isEmpty() ? -1 : segments.firstKey();
    }

    @Override
    public long nextSegment(long segno) {
        Long n = segments.higherKey(segno);
        return n == null ? -1 : n;
    }

    @Override
    public boolean read(long segno, int offset, byte[] dst, int dstOffset, int length) {
        FileChannel ch = channel(segno);
        if (ch == null) {
            return false;
        }
        ByteBuffer b = ByteBuffer.wrap(dst, dstOffset, length);
        try {
            while (b.hasRemaining()) {
                if (ch.read(b, offset + (long) (b.position() - dstOffset)) < 0) {
                    throw new TruncatedWalException("segment file ends early", segno * segmentSize + offset,
                            segmentName(segno), offset);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return true;
    }

    private FileChannel channel(long segno) {
        if (segno == openSegno) {
            return open;
        }
        closeOpen();
        Path p = segments.get(segno);
        if (p == null) {
            return null;
        }
        try {
            open = FileChannel.open(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        openSegno = segno;
        return open;
    }

    @Override
    public String segmentName(long segno) {
        return WalFileName.of(timeline, segno, segmentSize);
    }

    @Override
    public ForkableSource fork() {
        return new SegmentFiles(dir, timeline, segmentSize, segments);
    }

    private void closeOpen() {
        if (open != null) {
            try {
                open.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        open = null;
        openSegno = -1;
    }

    @Override
    public void close() {
        closeOpen();
    }
}
