package org.walprism.codec.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Bit flips over real captures, read without an end LSN (walprism decides where the WAL ends). For every flip:
 * the sequential reader and the parallel scan decide alike; a flip inside a record's bytes (all covered by its
 * CRC-32C) is an error; any other outcome is either an error or exactly the unflipped result. Never another
 * exception type, never a partial result. {@code -Dwalprism.flips=N} sets the flips per capture (default 600).
 */
class BitFlipPropertyTest {

    /** Whole segments in memory; a flip is applied in place and undone. */
    static final class MemorySource implements SegmentSource {
        final TreeMap<Long, byte[]> segs;
        final int segSize;
        final int tli;

        MemorySource(TreeMap<Long, byte[]> segs, int segSize, int tli) {
            this.segs = segs;
            this.segSize = segSize;
            this.tli = tli;
        }

        @Override
        public int timeline() {
            return tli;
        }

        @Override
        public int segmentSize() {
            return segSize;
        }

        @Override
        public long firstSegment() {
            return segs.firstKey();
        }

        @Override
        public long nextSegment(long segno) {
            Long k = segs.higherKey(segno);
            return k == null ? -1 : k;
        }

        @Override
        public boolean read(long segno, int offset, byte[] dst, int dstOffset, int length) {
            byte[] s = segs.get(segno);
            if (s == null) {
                return false;
            }
            System.arraycopy(s, offset, dst, dstOffset, length);
            return true;
        }

        @Override
        public String segmentName(long segno) {
            return WalFileName.of(tli, segno, segSize);
        }

        @Override
        public void close() {
        }
    }

    /** Record starts and lengths: equal lists mean an equal result. */
    static final class Sums implements ParallelWalScan.Sink {
        final List<long[]> records = new ArrayList<>();

        @Override
        public void accept(RecordView v) {
            records.add(new long[] {v.lsn(), v.totalLength(), v.rmid(), v.info()});
        }

        static Sums merge(Sums a, Sums b) {
            a.records.addAll(b.records);
            return a;
        }

        String digest() {
            StringBuilder sb = new StringBuilder();
            for (long[] r : records) {
                sb.append(r[0]).append(':').append(r[1]).append(':').append(r[2]).append(':').append(r[3]).append(';');
            }
            return sb.toString();
        }
    }

    private static String sequential(MemorySource src) {
        try (WalReader r = WalReader.open(src, Optional.empty(), Optional.empty())) {
            Sums s = new Sums();
            RecordView v;
            while ((v = r.nextView()) != null) {
                s.accept(v);
            }
            return "ok " + r.recordsRead() + " " + (r.recordsRead() > 0 ? r.endOfLastRecord() : 0) + " " + s.digest();
        } catch (WalFormatException e) {
            return "error " + (e instanceof TruncatedWalException ? "truncated " : "") + e.getMessage();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"13/vacuum_noindex", "17/vacuum_noindex", "19beta1/vacuum_noindex"})
    void flipsAreErrorsOrChangeNothing(String name) throws IOException {
        Capture c = TestData.capture(name);
        int segSize = c.segmentSize();
        TreeMap<Long, byte[]> segs = new TreeMap<>();
        int tli = 1;
        try (var files = Files.list(c.walDir())) {
            for (Path p : files.sorted().toList()) {
                String n = p.getFileName().toString();
                tli = WalFileName.timeline(n);
                segs.put(WalFileName.segno(n, segSize), Files.readAllBytes(p));
            }
        }
        long first = segs.firstKey();
        MemorySource src = new MemorySource(segs, segSize, tli);
        String base = sequential(src);
        assertTrue(base.startsWith("ok "), base);
        assertEquals(base, parallel(segs, segSize, tli), "parallel and sequential agree on the intact WAL");

        // Bytes inside records, all covered by their CRC-32C.
        BitSet inRecord = new BitSet();
        try (WalReader r = WalReader.open(src, Optional.empty(), Optional.empty())) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                markRecord(inRecord, v.lsn(), v.totalLength(), first, segSize);
            }
        }
        long total = (long) segs.size() * segSize;
        int flips = Integer.getInteger("walprism.flips", 600);
        Random rnd = new Random(name.hashCode());
        int errors = 0;
        int unchanged = 0;
        for (int i = 0; i < flips; i++) {
            int pos = (i % 2 == 0) ? randomSetBit(inRecord, total, rnd) : (int) (rnd.nextDouble() * total);
            byte[] seg = segs.get(first + pos / segSize);
            int off = pos % segSize;
            byte bit = (byte) (1 << rnd.nextInt(8));
            seg[off] ^= bit;
            try {
                String seq = sequential(src);
                String par = parallel(segs, segSize, tli);
                String where = name + " flip of bit " + Integer.toHexString(bit & 0xFF) + " at segment offset 0x"
                        + Integer.toHexString(off) + " of segment " + (first + pos / segSize);
                assertEquals(seq, par, where + ": parallel and sequential decide alike");
                if (seq.startsWith("error ")) {
                    errors++;
                } else if (inRecord.get(pos)) {
                    fail(where + " is inside a record but went undetected");
                } else {
                    assertEquals(base, seq, where + ": exit 0 only with the unflipped result");
                    unchanged++;
                }
            } finally {
                seg[off] ^= bit;
            }
        }
        assertEquals(flips, errors + unchanged);
        assertTrue(errors > flips / 2, "record flips must be errors: " + errors);
    }

    /** The parallel scan over independent copies of the segments' bytes (one per chunk). */
    private static String parallel(TreeMap<Long, byte[]> segs, int segSize, int tli) {
        MemorySource probe = new MemorySource(segs, segSize, tli);
        try {
            ParallelWalScan.Result<Sums> r = new ParallelWalScan<>(Sums::new, Sums::merge, 3)
                    .scan(probe, () -> new MemorySource(segs, segSize, tli), Optional.empty(), Optional.empty());
            return "ok " + r.recordCount() + " " + r.endLsn() + " " + r.sink().digest();
        } catch (WalFormatException e) {
            return "error " + (e instanceof TruncatedWalException ? "truncated " : "") + e.getMessage();
        }
    }

    private static int randomSetBit(BitSet b, long total, Random rnd) {
        while (true) {
            int i = (int) (rnd.nextDouble() * total);
            if (b.get(i)) {
                return i;
            }
        }
    }

    private static void markRecord(BitSet set, long lsn, int len, long firstSeg, int segSize) {
        long p = lsn;
        long left = Integer.toUnsignedLong(len);
        while (left > 0) {
            long onPage = Math.min(left, 8192 - p % 8192);
            long base = p - firstSeg * segSize;
            set.set((int) base, (int) (base + onPage));
            left -= onPage;
            p += onPage;
            if (left > 0) {
                p += (p % segSize == 0) ? 40 : 24;
            }
        }
    }
}
