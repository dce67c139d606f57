package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.cli.CliRun.Result;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The corruption catalogue of issue 15: each case is a real capture with one defect, read WITHOUT an end LSN
 * (where walprism itself decides where the WAL ends). Every reading command (parallel and sequential
 * {@code stats}, {@code stats --categories}, {@code dump}) must make the same decision: the same exit code and
 * the same one stderr line. A defect must never give a partial result with exit 0.
 */
class CorruptionCatalogueTest {
    private static final String CAPTURE = "19beta1/vacuum_noindex";
    private static final int BLCKSZ = 8192;

    @TempDir
    Path tmp;

    private Path wal;
    private List<String> segments;
    private int segSize;
    private long firstSeg;

    @BeforeEach
    void copyCapture() throws IOException {
        Capture cap = TestData.capture(CAPTURE);
        segSize = cap.segmentSize();
        wal = tmp.resolve("wal");
        Files.createDirectories(wal);
        try (var s = Files.list(cap.walDir())) {
            for (Path p : s.sorted().toList()) {
                Path t = wal.resolve(p.getFileName().toString());
                Files.copy(p, t);
                t.toFile().setWritable(true);
            }
        }
        try (var s = Files.list(wal)) {
            segments = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(3, segments.size(), "the capture spans three segments");
        firstSeg = Long.parseLong(segments.get(0).substring(16), 16);
    }

    /** Runs every reading command; all must agree. Returns the agreed result of {@code stats -j 1}. */
    private Result runAll() {
        String p = wal.toString();
        List<String[]> commands = List.of(
                new String[] {"stats", "-p", p, "-j", "1"},
                new String[] {"stats", "-p", p, "-j", "2"},
                new String[] {"stats", "-p", p, "-j", "3", "--stats=record"},
                new String[] {"stats", "--categories", "-p", p},
                new String[] {"dump", "-q", "-p", p});
        Result first = null;
        for (String[] c : commands) {
            Result r = CliRun.run(c);
            assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
            assertTrue(r.code() != ExitCode.INTERNAL.code(), String.join(" ", c) + ": " + r.err());
            if (first == null) {
                first = r;
            } else {
                assertEquals(first.code(), r.code(), String.join(" ", c) + ": " + r.err());
                assertEquals(firstLine(first.err()), firstLine(r.err()), String.join(" ", c));
            }
        }
        return first;
    }

    private static String firstLine(String s) {
        int i = s.indexOf('\n');
        return i < 0 ? s : s.substring(0, i);
    }

    private long recordsOk() {
        Result r = CliRun.run("stats", "-p", wal.toString(), "-j", "1", "--format", "csv");
        assertEquals(0, r.code(), r.err());
        return r.out().lines().count();
    }

    private Path seg(int i) {
        return wal.resolve(segments.get(i));
    }

    private long segStart(int i) {
        return (firstSeg + i) * segSize;
    }

    private static void writeAt(Path file, long offset, byte... bytes) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(offset);
            f.write(bytes);
        }
    }

    private static byte[] le(long v, int n) {
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v);
        byte[] r = new byte[n];
        System.arraycopy(b.array(), 0, r, 0, n);
        return r;
    }

    private static int info(Path file, long pageOff) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            f.seek(pageOff + 2);
            return (f.read() | f.read() << 8);
        }
    }

    /**
     * A page of segment {@code i} past its first few that starts with a fresh record (no continuation) if there is
     * one, else the fifth page (vacuum WAL is mostly full-page images spanning pages: then the page continues a
     * record, and the defect is met while reassembling it).
     */
    private long freshPage(int i) throws IOException {
        for (long off = 4L * BLCKSZ; off < segSize; off += BLCKSZ) {
            if ((info(seg(i), off) & 0x0001) == 0) {
                return off;
            }
        }
        return 4L * BLCKSZ;
    }

    /** LSNs of records of segment 1 that are followed by another record starting on the same page. */
    private long midPageRecord() {
        List<Long> lsns = new ArrayList<>();
        try (WalReader r = WalSources.reader(wal, Lsn.bound(segStart(1)), Lsn.bound(segStart(2)))) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                lsns.add(v.lsn());
            }
        }
        for (int k = lsns.size() / 2; k + 1 < lsns.size(); k++) {
            long a = lsns.get(k);
            if (a / BLCKSZ == lsns.get(k + 1) / BLCKSZ && a % BLCKSZ > 64) {
                return a;
            }
        }
        throw new AssertionError("no two records on one page");
    }

    @Test
    void intactWalEndsCleanlyWithItsReason() {
        Result r = runAll();
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().startsWith("walprism: note: end of WAL at "), r.err());
    }

    @Test
    void pageAddressAheadOfTheReaderIsAnError() throws IOException {
        long off = freshPage(1);
        long lsn = segStart(1) + off;
        writeAt(seg(1), off + 8, le(lsn + 7L * segSize, 8));
        Result r = runAll();
        assertEquals(4, r.code());
        assertEquals("walprism: error: unexpected pageaddr " + Lsn.format(lsn + 7L * segSize, true) + " at LSN "
                + Lsn.format(lsn, true) + " in " + segments.get(1) + " offset 0x"
                + Long.toHexString(off).toUpperCase(), firstLine(r.err()));
    }

    @Test
    void recycledLookingPageFollowedByValidWalIsAnError() throws IOException {
        long off = freshPage(1);
        long lsn = segStart(1) + off;
        writeAt(seg(1), off + 8, le(lsn - 4L * segSize, 8));
        Result r = runAll();
        assertEquals(4, r.code());
        assertTrue(firstLine(r.err()).startsWith("walprism: error: WAL ends here ("), r.err());
        assertTrue(firstLine(r.err()).contains("unexpected pageaddr " + Lsn.format(lsn - 4L * segSize, true)),
                r.err());
        assertTrue(firstLine(r.err()).contains("but valid WAL follows at " + Lsn.format(lsn + BLCKSZ, true)),
                r.err());
    }

    @Test
    void zeroedRecordLengthFollowedByRecordsIsAnError() throws IOException {
        long lsn = midPageRecord();
        writeAt(seg(1), lsn % segSize, new byte[4]);
        Result r = runAll();
        assertEquals(4, r.code());
        assertTrue(firstLine(r.err()).startsWith("walprism: error: WAL ends here (invalid record length at "
                + Lsn.format(lsn, true) + ": expected at least 24, got 0) but valid WAL follows at "), r.err());
    }

    @Test
    void missingMiddleSegmentIsAnError() throws IOException {
        Files.delete(seg(1));
        Result r = runAll();
        assertEquals(5, r.code());
        assertTrue(firstLine(r.err()).startsWith("walprism: error: missing WAL segment " + segments.get(1)
                + ": WAL read up to "), r.err());
        assertTrue(firstLine(r.err()).contains("but valid WAL follows at " + Lsn.format(segStart(2), true)),
                r.err());
    }

    @Test
    void corruptFirstPageIsAnErrorInEveryPath() throws IOException {
        writeAt(seg(0), 8, le(segStart(0) - segSize, 8));
        Result r = runAll();
        assertEquals(4, r.code());
        assertTrue(r.err().startsWith("walprism: error: "), r.err());
    }

    @Test
    void timelineGoingBackwardsIsAnErrorInEveryPath() throws IOException {
        for (long off = 0; off < segSize; off += BLCKSZ) {
            writeAt(seg(0), off + 4, le(2, 4));
        }
        Result r = runAll();
        assertEquals(4, r.code());
        assertTrue(firstLine(r.err()).contains("out-of-sequence timeline ID 1 (after 2)"), r.err());
    }

    @Test
    void recycledSegmentAfterTheEndIsARealEnd() throws IOException {
        long recordsBefore = recordsOk();
        // the WAL of the capture runs to the end of its last segment: the next one is where it ends
        String next = segments.get(2).substring(0, 16) + String.format("%08X", firstSeg + 3);
        Files.copy(seg(0), wal.resolve(next));
        Result r = runAll();
        assertEquals(0, r.code(), r.err());
        assertEquals("walprism: note: end of WAL at " + Lsn.format(segStart(3), true) + ": unexpected pageaddr "
                + Lsn.format(segStart(0), true) + " in WAL segment " + next + ", LSN " + Lsn.format(segStart(3), true)
                + " (recycled page)", firstLine(r.err()));
        assertEquals(recordsBefore, recordsOk());
    }

    @Test
    void recycledSegmentAfterAGapIsARealEndAndSaidSo() throws IOException {
        long recordsBefore = recordsOk();
        String later = segments.get(2).substring(0, 16) + String.format("%08X", firstSeg + 4);
        Files.copy(seg(0), wal.resolve(later));
        Result r = runAll();
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("later segment files from " + later + " on hold no WAL that continues it"),
                r.err());
        assertEquals(recordsBefore, recordsOk());
    }

    @Test
    void oversizedPlainSegmentIsRejected() throws IOException {
        writeAt(seg(1), segSize + 99, (byte) 1);
        Result r = runAll();
        assertEquals(4, r.code());
        assertTrue(firstLine(r.err()).startsWith("walprism: error: oversized WAL segment: " + (segSize + 100)
                + " bytes (expected: " + segSize + ")"), r.err());
    }

    @Test
    void truncatedGzipAndPlainSegmentsExitAlike() throws IOException {
        byte[] bytes = Files.readAllBytes(seg(1));
        Files.delete(seg(1));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(wal.resolve(segments.get(1) + ".gz")))) {
            out.write(bytes, 0, 300_000);
        }
        Result gz = runAll();
        Files.delete(wal.resolve(segments.get(1) + ".gz"));
        Files.write(seg(1), java.util.Arrays.copyOf(bytes, 300_000));
        Result plain = runAll();
        assertEquals(5, gz.code(), gz.err());
        assertEquals(5, plain.code(), plain.err());
    }

    @Test
    void gzipClaimingAHugeSegmentIsStreamedAndRejected() throws IOException {
        // A small file whose long header claims 1 GiB segments: nothing of that size may be allocated.
        byte[] first = Files.readAllBytes(seg(0));
        System.arraycopy(le(1L << 30, 4), 0, first, 32, 4);
        for (String s : segments) {
            Files.delete(wal.resolve(s));
        }
        String name = segments.get(0).substring(0, 16) + "00000000";
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(wal.resolve(name + ".gz")))) {
            out.write(first);
        }
        Result r = CliRun.run("stats", "-p", wal.toString(), "-s", "0/00000028");
        assertTrue(r.code() == 4 || r.code() == 5, r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void allZeroFirstSegmentIsAnInvalidMagicNumber() throws IOException {
        Files.write(seg(0), new byte[segSize]);
        Result r = CliRun.run("stats", "-p", seg(0).toString());
        assertEquals(4, r.code(), r.err());
        assertTrue(r.err().startsWith("walprism: error: invalid magic number 0000"), r.err());
    }

    @Test
    void junkFileNamedLikeAnEarlierSegmentDoesNotHideTheOthers() throws IOException {
        long recordsBefore = recordsOkFrom(segStart(0));
        String junk = segments.get(0).substring(0, 16) + String.format("%08X", firstSeg - 1);
        Files.write(wal.resolve(junk), new byte[] {1, 2, 3, 4});
        assertEquals(recordsBefore, recordsOkFrom(segStart(0)));
    }

    private long recordsOkFrom(long start) {
        Result r = CliRun.run("stats", "-p", wal.toString(), "-j", "1", "-s", Lsn.format(start, true),
                "--format", "csv");
        assertEquals(0, r.code(), r.err());
        return r.out().lines().count();
    }

    @Test
    void corruptLongHeaderIsFoundWhenStartSkipsTheFirstPage() throws IOException {
        writeAt(seg(1), 36, le(4096, 4)); // xlp_xlog_blcksz
        Result r = CliRun.run("stats", "-p", wal.toString(), "-j", "1", "-s",
                Lsn.format(segStart(1) + freshPage(1), true));
        assertEquals(4, r.code(), r.err());
        assertTrue(r.err().contains("WAL file is from different database system: segment size " + segSize
                + ", block size 4096"), r.err());
    }

    @Test
    void plainAndGzipCopiesOfOneSegmentSayWhichIsRead() throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(wal.resolve(segments.get(1) + ".gz")))) {
            out.write(Files.readAllBytes(seg(1)));
        }
        Result r = CliRun.run("stats", "-p", wal.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("walprism: note: both " + segments.get(1) + " and " + segments.get(1)
                + ".gz exist; reading " + segments.get(1)), r.err());
    }

    @Test
    void unreadableSegmentInTheMiddleIsAnInputError() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")), "root reads any file");
        Files.setPosixFilePermissions(seg(1), PosixFilePermissions.fromString("---------"));
        Result r = runAll();
        assertEquals(3, r.code(), r.err());
        assertTrue(firstLine(r.err()).contains("permission denied"), r.err());
    }

    /**
     * A Heap2 vacuum record whose payload contradicts its layout but whose CRC-32C is valid (a hostile or buggy
     * writer): dump rejects it, so stats and stats --categories must too, with the same line.
     */
    @Test
    void crcValidHeap2RecordWithABrokenPayloadIsRejectedByEveryCommand() throws IOException {
        long[] found = null;
        try (WalReader r = WalSources.reader(wal, Lsn.bound(segStart(1)), Lsn.bound(segStart(2)))) {
            RecordView v;
            org.walprism.codec.rmgr.heap2.Heap2View scan = new org.walprism.codec.rmgr.heap2.Heap2View();
            while (found == null && (v = r.nextView()) != null) {
                if (v.rmid() != 9 || v.lsn() % BLCKSZ + v.totalLength() > BLCKSZ || v.mainDataLength() == 0) {
                    continue;
                }
                byte[] rec = new byte[v.totalLength()];
                v.copyBytes(v.baseIndex(), rec, 0, rec.length);
                int main = v.mainDataIndex() - v.baseIndex();
                byte[] block0 = new byte[0];
                for (int i = 0; i < v.blockCount(); i++) {
                    if (v.blockId(i) == 0) {
                        block0 = new byte[v.blockDataLength(i)];
                        v.copyBytes(v.blockDataIndex(i), block0, 0, block0.length);
                    }
                }
                for (int k = 0; k < v.mainDataLength() && found == null; k++) {
                    byte[] md = java.util.Arrays.copyOfRange(rec, main, main + v.mainDataLength());
                    md[k] ^= (byte) 0xFF;
                    if (!scan.load(v.version(), v.info(), md, block0) && scan.type() != null
                            && org.walprism.codec.rmgr.heap2.Heap2View.isVacuum(scan.type())) {
                        found = new long[] {v.lsn(), main + k, v.totalLength()};
                    }
                }
            }
        }
        assertTrue(found != null, "a Heap2 record whose payload a byte change breaks");
        long lsn = found[0];
        long off = lsn % segSize;
        byte[] rec = new byte[(int) found[2]];
        try (RandomAccessFile f = new RandomAccessFile(seg(1).toFile(), "rw")) {
            f.seek(off);
            f.readFully(rec);
            rec[(int) found[1]] ^= (byte) 0xFF;
            java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
            crc.update(rec, 24, rec.length - 24);
            crc.update(rec, 0, 20);
            System.arraycopy(le(crc.getValue(), 4), 0, rec, 20, 4);
            f.seek(off);
            f.write(rec);
        }
        Result r = runAll();
        assertEquals(4, r.code(), r.err());
        assertTrue(firstLine(r.err()).contains(Lsn.format(lsn, true)), r.err());
        Result dump = CliRun.run("dump", "-p", wal.toString());
        assertEquals(4, dump.code(), dump.err());
        assertEquals(firstLine(r.err()), firstLine(dump.err()));
    }

    /**
     * A real end in the middle of a page (the rest of the segment never written, later segments absent) is exit 0
     * with the end named, whatever valid records precede it on the same page.
     */
    @Test
    void zeroedTailAfterARecordIsARealEnd() throws IOException {
        long lsn = midPageRecord();
        long off = lsn % segSize;
        try (RandomAccessFile f = new RandomAccessFile(seg(1).toFile(), "rw")) {
            f.seek(off);
            f.write(new byte[(int) (segSize - off)]);
        }
        Files.delete(seg(2));
        Result r = runAll();
        assertEquals(0, r.code(), r.err());
        assertEquals("walprism: note: end of WAL at " + Lsn.format(lsn, true) + ": invalid record length at "
                + Lsn.format(lsn, true) + ": expected at least 24, got 0", firstLine(r.err()));
    }
}
