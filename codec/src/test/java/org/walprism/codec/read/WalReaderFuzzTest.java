package org.walprism.codec.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Coverage-guided fuzzing of the WAL reader: a window of fuzzed bytes (seeded with real segment bytes) placed in
 * one or more 1 MiB in-memory segments that are zero elsewhere, read to the end of WAL (or a range) by the
 * sequential reader and by the parallel scan. Only {@link WalFormatException} may escape; both paths must decide
 * alike (same records, same end, same error); the sequential read may not allocate more than its fixed buffers
 * and a multiple of the input (no allocation sized by an untrusted length). Without
 * {@code JAZZER_FUZZ} the test replays its seeds and the committed inputs in {@code WalReaderFuzzTestInputs/};
 * codec/fuzz.sh fuzzes it (with a small heap).
 *
 * <p>Input: {@code layout: uint8, start: uint8, end: uint8, split: uint8, window: bytes (at most 256 KiB used)}.
 * The segment number S is the window's first {@code xlp_pageaddr} (bytes 8..15 of the window) divided by the
 * segment size, so real bytes land where their page addresses say. {@code layout & 3}:
 * <ul>
 * <li>0: segment S holds the window at offset 0;</li>
 * <li>1: segments S and S+1; the window's first {@code ((split & 3) + 1) * 8 KiB} bytes end S, the rest start
 *     S+1 (a record spanning segments, a segment switch);</li>
 * <li>2: as 0, and segment S+2 (S+1 missing) holds the window again (a gap, recycled-looking pages);</li>
 * <li>3: as 0, and segment S+1 exists but is all zero (a preallocated segment past the end).</li>
 * </ul>
 * {@code layout & 4}: before reading, the CRC-32C of every record found in the window is recomputed and stored (as
 * the reader would find the records: from each page's first record on, until a length does not fit), so that
 * mutated records pass their checksum and the fuzzer reaches what is checked after it and what follows them.
 * {@code start}: 0 = from the window's first byte, else that plus {@code start * 64}. {@code end}: 0 = to the end
 * of WAL, else the window's first byte plus {@code end * 256}.
 */
class WalReaderFuzzTest {
    static final int SEG_SIZE = 1 << 20;
    static final int PAGE = 8192;
    static final int MAX_WINDOW = 256 << 10;
    private static final long MAX_SEGNO = (1L << 44) - 3;

    /** Captures whose first pages seed the fuzzer: one per version, FPIs, a WAL switch. */
    static final List<String> SEED_CAPTURES = List.of("13/vacuum_noindex", "14/other_rmgrs", "15/vacuum_noindex",
            "16/wal_switch", "17/hot_updates", "18/vacuum_indexed", "19beta1/vacuum_noindex", "19beta3/hot_updates");

    /** Segments that are zero except for byte ranges copied from the input. */
    static final class WindowSource implements SegmentSource {
        private final TreeMap<Long, List<long[]>> segs = new TreeMap<>(); // segno -> {segOffset, inputOffset, length}
        private final byte[] input;

        WindowSource(byte[] input) {
            this.input = input;
        }

        WindowSource segment(long segno) {
            segs.computeIfAbsent(segno, k -> new ArrayList<>());
            return this;
        }

        WindowSource place(long segno, int segOffset, int inputOffset, int length) {
            segment(segno).segs.get(segno).add(new long[] {segOffset, inputOffset, length});
            return this;
        }

        @Override
        public int timeline() {
            return 1;
        }

        @Override
        public int segmentSize() {
            return SEG_SIZE;
        }

        @Override
        public long firstSegment() {
            return segs.isEmpty() ? -1 : segs.firstKey();
        }

        @Override
        public long nextSegment(long segno) {
            Long k = segs.higherKey(segno);
            return k == null ? -1 : k;
        }

        @Override
        public boolean read(long segno, int offset, byte[] dst, int dstOffset, int length) {
            List<long[]> parts = segs.get(segno);
            if (parts == null) {
                return false;
            }
            if (offset < 0 || length < 0 || offset > SEG_SIZE - length) {
                throw new AssertionError("read outside the segment: offset " + offset + " length " + length);
            }
            Arrays.fill(dst, dstOffset, dstOffset + length, (byte) 0);
            for (long[] p : parts) {
                long from = Math.max(offset, p[0]);
                long to = Math.min((long) offset + length, p[0] + p[2]);
                if (from < to) {
                    System.arraycopy(input, (int) (p[1] + from - p[0]), dst, (int) (dstOffset + from - offset),
                            (int) (to - from));
                }
            }
            return true;
        }

        @Override
        public String segmentName(long segno) {
            return WalFileName.of(1, segno, SEG_SIZE);
        }

        @Override
        public void close() {
        }
    }

    /** The input decoded: where the window goes, and the range to read. */
    record Layout(byte[] input, int layout, long segno, int split, long startLsn, long endLsn) {
        static final int HEADER = 4;

        static Layout of(byte[] input) {
            int layout = input[0] & 3;
            boolean fixCrcs = (input[0] & 4) != 0;
            int window = Math.min(input.length - HEADER, MAX_WINDOW);
            int split = layout == 1 ? Math.min(window, ((input[3] & 3) + 1) * PAGE) : 0;
            long addr = 0;
            for (int i = 0; i < 8 && HEADER + 8 + i < input.length; i++) {
                addr |= (input[HEADER + 8 + i] & 0xFFL) << (8 * i);
            }
            long segno = Math.min(addr >>> 20, MAX_SEGNO);
            long windowLsn = segno * SEG_SIZE + (layout == 1 ? SEG_SIZE - split : 0);
            long start = windowLsn + (input[1] & 0xFF) * 64L;
            long end = (input[2] & 0xFF) == 0 ? 0 : windowLsn + (input[2] & 0xFF) * 256L;
            byte[] bytes = input;
            if (fixCrcs) {
                bytes = input.clone();
                new CrcFixer(bytes, HEADER, window, windowLsn).run();
            }
            return new Layout(bytes, layout, segno, split, start, end);
        }

        WindowSource source() {
            int window = Math.min(input.length - HEADER, MAX_WINDOW);
            WindowSource s = new WindowSource(input);
            switch (layout) {
                case 0 -> s.place(segno, 0, HEADER, window);
                case 1 -> s.place(segno, SEG_SIZE - split, HEADER, split)
                        .place(segno + 1, 0, HEADER + split, window - split);
                case 2 -> s.place(segno, 0, HEADER, window).place(segno + 2, 0, HEADER, window);
                default -> s.place(segno, 0, HEADER, window).segment(segno + 1);
            }
            return s;
        }
    }

    /**
     * Stores the right {@code xl_crc} in every record of a window, walking the records as a reader does: page headers
     * (long at a segment start) are skipped, a page's first record follows {@code xlp_rem_len} bytes of continuation,
     * records are MAXALIGNed; a length below {@code SizeOfXLogRecord} or past the window ends the page's walk.
     */
    static final class CrcFixer {
        private final byte[] b;
        private final int base;
        private final int len;
        private final long lsn;
        private final java.util.zip.CRC32C crc = new java.util.zip.CRC32C();

        CrcFixer(byte[] b, int base, int len, long windowLsn) {
            this.b = b;
            this.base = base;
            this.len = len;
            this.lsn = windowLsn;
        }

        void run() {
            for (int page = 0; page < len; page += PAGE) {
                int hdr = headerSize(page);
                if (page + hdr > len) {
                    return;
                }
                long remLen = u32(page + 16);
                int pos = page + hdr;
                if ((b[base + page + 2] & 1) != 0) {
                    if (remLen >= PAGE - hdr) {
                        continue; // the page holds only the continuation of a record
                    }
                    pos += (int) ((remLen + 7) & ~7L);
                }
                while (pos < page + PAGE) {
                    int[] at = positions(pos, RecordView.HEADER_SIZE);
                    if (at == null) {
                        break;
                    }
                    long totLen = u32At(at, 0);
                    if (totLen < RecordView.HEADER_SIZE || totLen > len) {
                        break;
                    }
                    at = positions(pos, (int) totLen);
                    if (at == null) {
                        break;
                    }
                    crc.reset();
                    for (int i = RecordView.HEADER_SIZE; i < at.length; i++) {
                        crc.update(b[base + at[i]]);
                    }
                    for (int i = 0; i < 20; i++) {
                        crc.update(b[base + at[i]]);
                    }
                    long v = crc.getValue();
                    for (int i = 0; i < 4; i++) {
                        b[base + at[20 + i]] = (byte) (v >>> (8 * i));
                    }
                    int next = at[at.length - 1] + 1;
                    pos = (next + 7) & ~7;
                    if (next > page + PAGE) {
                        page = next - next % PAGE - PAGE; // continue on the page where the record ended
                        break;
                    }
                }
            }
        }

        private int headerSize(int page) {
            return (lsn + page) % SEG_SIZE == 0 ? 40 : 24;
        }

        /** Window offsets of {@code n} record bytes from {@code pos}, page headers skipped; null past the window. */
        private int[] positions(int pos, int n) {
            int[] at = new int[n];
            int p = pos;
            for (int i = 0; i < n; i++) {
                if (p % PAGE == 0) {
                    p += headerSize(p);
                }
                if (p >= len) {
                    return null;
                }
                at[i] = p++;
            }
            return at;
        }

        private long u32(int off) {
            return (b[base + off] & 0xFFL) | (b[base + off + 1] & 0xFFL) << 8 | (b[base + off + 2] & 0xFFL) << 16
                    | (b[base + off + 3] & 0xFFL) << 24;
        }

        private long u32At(int[] at, int i) {
            return (b[base + at[i]] & 0xFFL) | (b[base + at[i + 1]] & 0xFFL) << 8
                    | (b[base + at[i + 2]] & 0xFFL) << 16 | (b[base + at[i + 3]] & 0xFFL) << 24;
        }
    }

    @MethodSource("seeds")
    @FuzzTest
    void readerFailsOnlyWithWalFormatExceptionAndAgreesWithParallelScan(byte[] input) {
        if (input.length < Layout.HEADER + 16) {
            return;
        }
        Layout l = Layout.of(input);
        long[] allocated = new long[1];
        String seq = sequential(l, allocated);
        // The reader's window and buffers, a reassembled record no longer than the bytes it came from, messages.
        long bound = WalReader.WINDOW + 16L * input.length + (1 << 20);
        if (allocated[0] >= bound) {
            sequential(l, allocated); // the first read in a JVM also loads and initialises classes
        }
        assertTrue(allocated[0] < bound, "the sequential read allocated " + allocated[0] + " bytes for an input of "
                + input.length + " (bound " + bound + "): " + seq);
        assertEquals(seq, parallel(l), "sequential and parallel reads decide alike");
    }

    /** The sequential read's result; {@code allocated[0]} is set to the bytes this thread allocated for it. */
    private static String sequential(Layout l, long[] allocated) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        try {
            return sequential(l);
        } finally {
            allocated[0] = mx.getThreadAllocatedBytes(tid) - before;
        }
    }

    private static String sequential(Layout l) {
        try (WalReader r = WalReader.open(l.source(), Lsn.bound(l.startLsn()), Lsn.bound(l.endLsn()))) {
            StringBuilder sb = new StringBuilder();
            RecordView v;
            while ((v = r.nextView()) != null) {
                sb.append(Long.toHexString(v.lsn())).append(':').append(v.totalLength()).append(';');
            }
            return "ok " + r.recordsRead() + " " + (r.recordsRead() > 0 ? r.endOfLastRecord() : 0) + " "
                    + r.notices() + " " + sb;
        } catch (WalFormatException e) {
            return "error " + (e instanceof TruncatedWalException ? "truncated " : "") + e.getMessage();
        }
    }

    /** Record starts and lengths of one chunk. */
    static final class Lsns implements ParallelWalScan.Sink {
        final StringBuilder sb = new StringBuilder();

        @Override
        public void accept(RecordView v) {
            sb.append(Long.toHexString(v.lsn())).append(':').append(v.totalLength()).append(';');
        }

        static Lsns merge(Lsns a, Lsns b) {
            a.sb.append(b.sb);
            return a;
        }
    }

    private static String parallel(Layout l) {
        try {
            ParallelWalScan.Result<Lsns> r = new ParallelWalScan<>(Lsns::new, Lsns::merge, 2)
                    .scan(l.source(), l::source, Lsn.bound(l.startLsn()), Lsn.bound(l.endLsn()));
            return "ok " + r.recordCount() + " " + r.endLsn() + " " + r.notices() + " " + r.sink().sb;
        } catch (WalFormatException e) {
            return "error " + (e instanceof TruncatedWalException ? "truncated " : "") + e.getMessage();
        }
    }

    /**
     * For each seed capture: its first segment's first 32 KiB (layouts 0, 2 and 3) and the 32 KiB around its first
     * segment boundary (layout 1), each read to the end of WAL; one of them also with a start and an end inside.
     */
    static Stream<byte[]> seeds() {
        List<byte[]> out = new ArrayList<>();
        for (String name : SEED_CAPTURES) {
            Capture c = TestData.capture(name);
            List<String> segs = c.segments();
            byte[] first = read(c, segs.get(0));
            byte[] second = read(c, segs.get(1));
            byte[] head = Arrays.copyOfRange(first, 0, 4 * PAGE);
            out.add(seed(0, 0, 0, 0, head));
            out.add(seed(2, 0, 0, 0, head));
            out.add(seed(3, 0, 0, 0, head));
            byte[] across = new byte[4 * PAGE];
            System.arraycopy(first, SEG_SIZE - 2 * PAGE, across, 0, 2 * PAGE);
            System.arraycopy(second, 0, across, 2 * PAGE, 2 * PAGE);
            out.add(seed(1, 0, 0, 1, across));
            out.add(seed(4, 0, 0, 0, head));
            out.add(seed(5, 0, 0, 1, across));
            if (name.startsWith("17/")) {
                out.add(seed(0, 40, 60, 0, head));
                out.add(seed(1, 100, 120, 1, across));
            }
        }
        return out.stream();
    }

    private static byte[] read(Capture c, String segment) {
        try {
            byte[] b = Files.readAllBytes(c.walDir().resolve(segment));
            if (b.length != SEG_SIZE) {
                throw new IllegalStateException(segment + " of " + c.name() + " is not a 1 MiB segment");
            }
            return b;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] seed(int layout, int start, int end, int split, byte[] window) {
        byte[] in = new byte[Layout.HEADER + window.length];
        in[0] = (byte) layout;
        in[1] = (byte) start;
        in[2] = (byte) end;
        in[3] = (byte) split;
        System.arraycopy(window, 0, in, Layout.HEADER, window.length);
        return in;
    }
}
