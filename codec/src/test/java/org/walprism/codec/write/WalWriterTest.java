package org.walprism.codec.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalVersion;

class WalWriterTest {
    private static final int MIB = 1024 * 1024;
    private static final long SYSID = 0x6B0C7ACE82F4912EL;

    @TempDir
    Path dir;

    /** An XLOG/NOOP record (rmid 0, info 0x20) whose main data is {@code len} bytes of a counting pattern. */
    static byte[] noop(WalVersion v, int len) {
        byte[] data = new byte[len];
        for (int i = 0; i < len; i++) {
            data[i] = (byte) (i * 31 + 7);
        }
        return RecordBuilder.of(v, 0, 0x20).mainData(data).build();
    }

    static byte[] xlogSwitch(WalVersion v) {
        return RecordBuilder.of(v, 0, 0x40).build();
    }

    private WalWriter writer(WalVersion v, int segSize) throws IOException {
        return WalWriter.create(dir, WalWriter.options(v).systemId(SYSID).segmentSize(segSize));
    }

    private WalReadBack readBack(WalVersion v, int segSize) {
        return new WalReadBack(dir, v, 1, segSize, SYSID);
    }

    @Test
    void writesLongHeaderAtSegmentStartAndFirstRecordAfterIt() throws IOException {
        long lsn;
        try (WalWriter w = writer(WalVersion.PG15, MIB)) {
            lsn = w.append(noop(WalVersion.PG15, 6));
        }
        assertEquals(MIB + 40, lsn);
        Path seg = dir.resolve("000000010000000000000001");
        assertEquals(MIB, Files.size(seg));
        ByteBuf h = Unpooled.wrappedBuffer(Files.readAllBytes(seg));
        assertEquals(0xD110, h.getUnsignedShortLE(0));          // xlp_magic of 15
        assertEquals(0x0006, h.getUnsignedShortLE(2));          // LONG_HEADER | BKP_REMOVABLE
        assertEquals(1, h.getIntLE(4));                         // xlp_tli
        assertEquals(MIB, h.getLongLE(8));                      // xlp_pageaddr
        assertEquals(0, h.getIntLE(16));                        // xlp_rem_len
        assertEquals(SYSID, h.getLongLE(24));                   // xlp_sysid
        assertEquals(MIB, h.getIntLE(32));                      // xlp_seg_size
        assertEquals(8192, h.getIntLE(36));                     // xlp_xlog_blcksz
        assertEquals(24 + 2 + 6, h.getIntLE(40));               // xl_tot_len: header, 0xFF len, data
        for (int i = 40 + 32; i < MIB; i++) {
            assertEquals(0, h.getByte(i), "zero fill at " + i);
        }
    }

    @Test
    void version19AndMasterPagesCarryNoBackupRemovableFlag() throws IOException {
        for (WalVersion v : List.of(WalVersion.PG19, WalVersion.PG19_BETA3)) {
            Path d = dir.resolve(v.label());
            try (WalWriter w = WalWriter.create(d, WalWriter.options(v).segmentSize(MIB))) {
                w.append(noop(v, 9000));
            }
            ByteBuf h = Unpooled.wrappedBuffer(Files.readAllBytes(d.resolve("000000010000000000000001")));
            assertEquals(v.magic(), h.getUnsignedShortLE(0));
            assertEquals(0x0002, h.getUnsignedShortLE(2));       // LONG_HEADER only
            assertEquals(0x0001, h.getUnsignedShortLE(8192 + 2)); // CONTRECORD only
        }
        assertThrows(IllegalArgumentException.class,
                () -> WalWriter.create(dir, WalWriter.options(WalVersion.PG19).backupRemovable(true)));
    }

    @Test
    void backupRemovableChosenPageByPage() throws IOException {
        // pages 1 and 2 as if initialised during a base backup: no XLP_BKP_REMOVABLE there
        try (WalWriter w = WalWriter.create(dir, WalWriter.options(WalVersion.PG17).segmentSize(MIB)
                .backupRemovable(addr -> addr < MIB + 8192 || addr >= MIB + 3 * 8192))) {
            w.append(noop(WalVersion.PG17, 30000));             // spans four pages
        }
        ByteBuf h = Unpooled.wrappedBuffer(Files.readAllBytes(dir.resolve("000000010000000000000001")));
        assertEquals(0x0006, h.getUnsignedShortLE(2));           // LONG_HEADER | BKP_REMOVABLE
        assertEquals(0x0001, h.getUnsignedShortLE(8192 + 2));    // CONTRECORD only
        assertEquals(0x0001, h.getUnsignedShortLE(2 * 8192 + 2));
        assertEquals(0x0005, h.getUnsignedShortLE(3 * 8192 + 2)); // CONTRECORD | BKP_REMOVABLE
        assertThrows(IllegalArgumentException.class, () -> WalWriter.create(dir.resolve("19"),
                WalWriter.options(WalVersion.PG19).backupRemovable(addr -> false)));
    }

    @Test
    void continuesRecordsAcrossPagesWithRemLenOnEveryPage() throws IOException {
        List<Long> lsns = new ArrayList<>();
        try (WalWriter w = writer(WalVersion.PG16, MIB)) {
            lsns.add(w.append(noop(WalVersion.PG16, 8000)));
            lsns.add(w.append(noop(WalVersion.PG16, 14000)));   // spans three pages
            lsns.add(w.append(noop(WalVersion.PG16, 10)));
        }
        ByteBuf s = Unpooled.wrappedBuffer(Files.readAllBytes(dir.resolve("000000010000000000000001")));
        int second = (int) (lsns.get(1) - MIB);
        assertEquals(40 + ((24 + 5 + 8000 + 7) & ~7), second);
        int tot = 24 + 5 + 14000;
        int onFirst = 8192 - second;
        // page 1: CONTRECORD | BKP_REMOVABLE, rem_len = what is left of the record
        assertEquals(0x0005, s.getUnsignedShortLE(8192 + 2));
        assertEquals(tot - onFirst, s.getIntLE(8192 + 16));
        // page 2: rem_len counts record bytes only, larger than the page's payload on the middle page
        assertEquals(0x0005, s.getUnsignedShortLE(2 * 8192 + 2));
        assertEquals(tot - onFirst - 8168, s.getIntLE(2 * 8192 + 16));
        long rem = tot - onFirst - 8168;
        assertTrue(rem < 8168);
        int third = 2 * 8192 + 24 + (int) ((rem + 7) & ~7);
        assertEquals(MIB + third, lsns.get(2));
        List<WalReadBack.Rec> recs = readBack(WalVersion.PG16, MIB).records(MIB + 40, 0);
        assertEquals(lsns, recs.stream().map(WalReadBack.Rec::lsn).toList());
        assertArrayEquals(chain(noop(WalVersion.PG16, 14000), lsns.get(0)), recs.get(1).bytes());
    }

    @Test
    void continuesRecordsAcrossSegmentsWithLongHeaderContrecord() throws IOException {
        List<Long> lsns = new ArrayList<>();
        try (WalWriter w = writer(WalVersion.PG18, MIB)) {
            for (int i = 0; i < 200; i++) {
                lsns.add(w.append(noop(WalVersion.PG18, 7000 + i * 13)));
            }
            lsns.add(w.append(noop(WalVersion.PG18, 3 * MIB)));   // over three whole segments
            lsns.add(w.append(noop(WalVersion.PG18, 1)));
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("000000010000000000000001", "000000010000000000000002",
                            "000000010000000000000003", "000000010000000000000004", "000000010000000000000005"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        ByteBuf s2 = Unpooled.wrappedBuffer(Files.readAllBytes(dir.resolve("000000010000000000000002")));
        assertEquals(0x0007, s2.getUnsignedShortLE(2));          // LONG | CONTRECORD | BKP_REMOVABLE
        assertTrue(s2.getIntLE(16) > 0);
        List<WalReadBack.Rec> recs = readBack(WalVersion.PG18, MIB).records(MIB + 40, 0);
        assertEquals(lsns, recs.stream().map(WalReadBack.Rec::lsn).toList());
    }

    @Test
    void xlogSwitchConsumesTheRestOfTheSegment() throws IOException {
        long sw;
        long after;
        try (WalWriter w = writer(WalVersion.PG17, MIB)) {
            w.append(noop(WalVersion.PG17, 100));
            sw = w.append(xlogSwitch(WalVersion.PG17));
            after = w.append(noop(WalVersion.PG17, 100));
        }
        assertEquals(2L * MIB + 40, after);
        List<WalReadBack.Rec> recs = readBack(WalVersion.PG17, MIB).records(MIB + 40, 0);
        assertEquals(List.of(MIB + 40L, sw, after), recs.stream().map(WalReadBack.Rec::lsn).toList());
        assertEquals(sw, RecordEncoder.prev(recs.get(2).bytes()));
        byte[] seg1 = Files.readAllBytes(dir.resolve("000000010000000000000001"));
        assertEquals(0, seg1[8192]);                            // the following page has no header
    }

    @Test
    void xlogSwitchAtSegmentBoundaryWritesNothing() throws IOException {
        try (WalWriter w = writer(WalVersion.PG15, MIB)) {
            // fill segment 1 exactly: 40 + records ending at MIB
            w.append(noop(WalVersion.PG15, 8192 - 40 - 24 - 5));   // fills page 0 exactly
            long p = w.insertPosition();
            assertEquals(MIB + 8192, p);
            // pages 1..127 each hold one record filling the payload of 8168 bytes
            for (int i = 1; i < 128; i++) {
                w.append(noop(WalVersion.PG15, 8168 - 24 - 5));
            }
            assertEquals(2L * MIB, w.insertPosition());
            assertEquals(-1, w.append(xlogSwitch(WalVersion.PG15)));
            assertEquals(2L * MIB + 40, w.append(noop(WalVersion.PG15, 3)));
        }
        ByteBuf s2 = Unpooled.wrappedBuffer(Files.readAllBytes(dir.resolve("000000010000000000000002")));
        assertEquals(0x0006, s2.getUnsignedShortLE(2));          // no CONTRECORD: the record fitted exactly
    }

    @Test
    void startsMidSegmentWithContinuationStateOfTheFirstPage() throws IOException {
        // the page at 0/E2A000 begins with 1234 bytes of a record written before the start
        long page = 0xE2A000L;
        long first = page + 24 + ((1234 + 7) & ~7);
        WalWriter.Options o = WalWriter.options(WalVersion.PG19).systemId(SYSID).segmentSize(MIB)
                .startLsn(first).prevLsn(0xE29F80L).firstPageRemLen(1234);
        try (WalWriter w = WalWriter.create(dir, o)) {
            assertEquals(first, w.append(noop(WalVersion.PG19, 50)));
        }
        ByteBuf s = Unpooled.wrappedBuffer(Files.readAllBytes(dir.resolve("00000001000000000000000E")));
        assertEquals(0x0002, s.getUnsignedShortLE(2));           // the segment's long header is written too
        assertEquals(0xE00000L, s.getLongLE(8));
        int off = (int) (page - 0xE00000L);
        assertEquals(0x0001, s.getUnsignedShortLE(off + 2));     // CONTRECORD
        assertEquals(1234, s.getIntLE(off + 16));
        List<WalReadBack.Rec> recs = readBack(WalVersion.PG19, MIB).records(first, 0xE29F80L);
        assertEquals(1, recs.size());
        assertThrows(IllegalArgumentException.class, () -> WalWriter.create(dir.resolve("x"),
                WalWriter.options(WalVersion.PG19).segmentSize(MIB).startLsn(page + 24).firstPageRemLen(1234)));
    }

    @Test
    void refusesToOverwriteAnExistingSegmentUnlessAsked() throws IOException {
        Path seg = dir.resolve("000000010000000000000001");
        Files.write(seg, new byte[] {1, 2, 3});
        assertThrows(FileAlreadyExistsException.class, () -> writer(WalVersion.PG15, MIB));
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(seg));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file is left behind");
        }
        try (WalWriter w = WalWriter.create(dir, WalWriter.options(WalVersion.PG15).segmentSize(MIB).overwrite(true))) {
            w.append(noop(WalVersion.PG15, 1));
        }
        assertEquals(MIB, Files.size(seg));
    }

    @Test
    void segmentsGetTheirNamesOnlyWhenClosed() throws IOException {
        WalWriter w = writer(WalVersion.PG15, MIB);
        w.append(noop(WalVersion.PG15, 2 * MIB));
        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> WalFileName.isSegmentName(p.getFileName().toString())));
        }
        w.close();
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("000000010000000000000001", "000000010000000000000002", "000000010000000000000003"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        Path other = dir.resolve("aborted");
        WalWriter a = WalWriter.create(other, WalWriter.options(WalVersion.PG15).segmentSize(MIB));
        a.append(noop(WalVersion.PG15, 100));
        a.abort();
        try (Stream<Path> files = Files.list(other)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void writesEveryAllowedSegmentSizeName() throws IOException {
        for (int size : new int[] {MIB, 64 * MIB, 1024 * MIB}) {
            Path d = dir.resolve("s" + size);
            long start = 5L * 0x100000000L + 3L * size; // in xlogid 5
            try (WalWriter w = WalWriter.create(d, WalWriter.options(WalVersion.PG16).segmentSize(size).startLsn(start))) {
                assertEquals(start + 40, w.append(noop(WalVersion.PG16, 4)));
            }
            assertTrue(Files.exists(d.resolve(WalFileName.of(1, start / size, size))));
            assertEquals(size, Files.size(d.resolve(WalFileName.of(1, start / size, size))));
            Files.delete(d.resolve(WalFileName.of(1, start / size, size)));
        }
        assertThrows(IllegalArgumentException.class, () -> WalWriter.options(WalVersion.PG16).segmentSize(3 * MIB));
        assertThrows(IllegalArgumentException.class, () -> WalWriter.options(WalVersion.PG16).segmentSize(Integer.MIN_VALUE));
    }

    @Test
    void chainsPrevLinksAndRecomputesCrc() throws IOException {
        byte[] a = noop(WalVersion.PG14, 40);
        try (WalWriter w = WalWriter.create(dir, WalWriter.options(WalVersion.PG14).systemId(SYSID)
                .segmentSize(MIB).prevLsn(0x123458L))) {
            w.append(a);
            w.append(a);
        }
        List<WalReadBack.Rec> recs = readBack(WalVersion.PG14, MIB).records(MIB + 40, 0x123458L);
        assertEquals(2, recs.size());
        assertEquals(0, RecordEncoder.prev(a), "the caller's array is not modified");
        assertEquals(MIB + 40, RecordEncoder.prev(recs.get(1).bytes()));
    }

    @Test
    void rejectsBytesThatAreNotARecord() throws IOException {
        try (WalWriter w = writer(WalVersion.PG15, MIB)) {
            var e = assertThrows(org.walprism.codec.WalFormatException.class, () -> w.append(new byte[10]));
            assertEquals("record of 10 bytes (expected: >= 24)", e.getMessage());
            byte[] r = noop(WalVersion.PG15, 4);
            byte[] longer = java.util.Arrays.copyOf(r, r.length + 1);
            e = assertThrows(org.walprism.codec.WalFormatException.class, () -> w.append(longer));
            assertEquals("xl_tot_len 30 differs from the record's 31 bytes", e.getMessage());
        }
    }

    private static byte[] chain(byte[] rec, long prev) {
        byte[] c = rec.clone();
        RecordEncoder.setPrev(c, prev);
        return c;
    }
}
