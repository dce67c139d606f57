package org.walprism.codec.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Corruption at a segment start, where the parallel scan starts a chunk: the parallel scan fails exactly as the
 * sequential reader does (same check first, same message, same file), whatever the chunk found after it. Found by
 * WalReaderFuzzTest (its committed inputs crash-61153d24..., crash-02261dd3..., crash-7acc4d8d..., crash-00dba38c...):
 * the parallel scan reported a forward prev-link without "(expected: ...)", a wrong prev-link as a checksum error or
 * without the file, a wrong magic without "(expected: ...)", a search for the first record that ran into a missing
 * page as an end of WAL, and read on with exit 0 past another version's magic, another system identifier, a lower
 * timeline or a page claiming a continuation where the previous record ended.
 */
class ChunkBoundaryTest {

    private TreeMap<Long, byte[]> segs;
    private int segSize;
    private int tli;

    private void load(String capture) throws IOException {
        Capture c = TestData.capture(capture);
        segSize = c.segmentSize();
        segs = new TreeMap<>();
        try (var files = Files.list(c.walDir())) {
            for (Path p : files.sorted().toList()) {
                String n = p.getFileName().toString();
                tli = WalFileName.timeline(n);
                segs.put(WalFileName.segno(n, segSize), Files.readAllBytes(p));
            }
        }
    }

    private BitFlipPropertyTest.MemorySource source() {
        return new BitFlipPropertyTest.MemorySource(segs, segSize, tli);
    }

    private String sequentialError() {
        return assertThrows(WalFormatException.class, () -> {
            try (WalReader r = WalReader.open(source(), Optional.empty(), Optional.empty())) {
                while (r.nextView() != null) {
                    // read to the error
                }
            }
        }).getMessage();
    }

    private String parallelError() {
        BitFlipPropertyTest.MemorySource src = source();
        return assertThrows(WalFormatException.class, () -> new ParallelWalScan<>(BitFlipPropertyTest.Sums::new,
                BitFlipPropertyTest.Sums::merge, 3).scan(src, () -> src, Optional.empty(), Optional.empty())).getMessage();
    }

    @ParameterizedTest
    @ValueSource(strings = {"forward", "backward", "backward-crc-fixed"})
    void brokenPrevLinkOfASegmentsFirstRecord(String how) throws IOException {
        load("15/vacuum_noindex");
        long second = segs.higherKey(segs.firstKey());
        long lsn;
        try (WalReader r = WalReader.open(source(), Optional.of(Lsn.of(second * segSize)), Optional.empty())) {
            RecordView v = r.nextView();
            lsn = v.lsn();
            assertTrue(lsn % 8192 + v.totalLength() <= 8192, "the record lies in one page");
        }
        int off = (int) (lsn % segSize);
        byte[] seg = segs.get(second);
        ByteBuffer b = ByteBuffer.wrap(seg).order(ByteOrder.LITTLE_ENDIAN);
        long prev = b.getLong(off + 8);
        b.putLong(off + 8, how.equals("forward") ? 0xFBFF6EFFF8L : prev - 8);
        if (how.endsWith("crc-fixed")) {
            int len = b.getInt(off);
            CRC32C crc = new CRC32C();
            crc.update(seg, off + RecordView.HEADER_SIZE, len - RecordView.HEADER_SIZE);
            crc.update(seg, off, 20);
            b.putInt(off + 20, (int) crc.getValue());
        }
        String sequential = sequentialError();
        assertEquals(String.format("record with incorrect prev-link %s (expected: %s) at LSN %s in %s offset 0x%X",
                Lsn.format(b.getLong(off + 8), true), Lsn.format(prev, true), Lsn.format(lsn, true),
                WalFileName.of(tli, second, segSize), off), sequential);
        assertEquals(sequential, parallelError());
    }

    /** 17/other_rmgrs: segment 8's first page continues no record (the WAL was switched before it). */
    private ByteBuffer segment8FirstPage() throws IOException {
        load("17/other_rmgrs");
        ByteBuffer page = ByteBuffer.wrap(segs.get(8L)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0, page.getShort(2) & PageHeader.FIRST_IS_CONTRECORD, "no record continues into segment 8");
        assertEquals(1, page.getInt(4), "xlp_tli");
        assertTrue(segs.containsKey(7L) && segs.containsKey(9L));
        return page;
    }

    @ParameterizedTest
    @ValueSource(ints = {0x0000, 0xD113})
    void otherMagicOnASegmentsFirstPage(int magic) throws IOException {
        segment8FirstPage().putShort(0, (short) magic);
        String sequential = sequentialError();
        assertEquals(String.format("invalid magic number %04X (expected: D116) at LSN 0/00800000 in "
                + "000000010000000000000008 offset 0x0", magic), sequential);
        assertEquals(sequential, parallelError());
    }

    @Test
    void otherSystemIdentifierOnASegmentsFirstPage() throws IOException {
        ByteBuffer page = segment8FirstPage();
        long sysid = page.getLong(24);
        page.putLong(24, sysid + 1);
        String sequential = sequentialError();
        assertEquals("WAL file is from different database system: WAL file database system identifier is "
                + Long.toUnsignedString(sysid + 1) + " (expected: " + Long.toUnsignedString(sysid)
                + ", from an earlier segment) at LSN 0/00800000 in 000000010000000000000008 offset 0x0", sequential);
        assertEquals(sequential, parallelError());
    }

    @Test
    void firstRecordSearchRunsIntoAMissingPage() throws IOException {
        load("15/vacuum_noindex");
        // The last page of segment A claims to continue a record past its end; segment B's first page was never
        // written, its later pages were. Sequential: the search for the first record from 0/AFE000 ends there.
        ByteBuffer last = ByteBuffer.wrap(segs.get(0xAL), 0xFE000, 8192).slice().order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0xD110, last.getShort(0) & 0xFFFF, "a written page");
        last.putShort(2, (short) (last.getShort(2) | PageHeader.FIRST_IS_CONTRECORD));
        last.putInt(16, 0xFFFF);
        java.util.Arrays.fill(segs.get(0xBL), 0, 8192, (byte) 0);
        String sequential = assertThrows(WalFormatException.class, () -> {
            try (WalReader r = WalReader.open(source(), Optional.of(Lsn.of(0xAFE000L)), Optional.empty())) {
                r.nextView();
            }
        }).getMessage();
        assertEquals("could not find a valid record after 0/00AFE000 at LSN 0/00AFE000 in 00000001000000000000000A"
                + " offset 0xFE000", sequential);
        BitFlipPropertyTest.MemorySource src = source();
        assertEquals(sequential, assertThrows(WalFormatException.class, () -> new ParallelWalScan<>(
                BitFlipPropertyTest.Sums::new, BitFlipPropertyTest.Sums::merge, 3).scan(src, () -> src, Optional.of(Lsn.of(0xAFE000L)), Optional.empty()))
                .getMessage());
    }

    @Test
    void lowerTimelineOnASegmentsFirstPage() throws IOException {
        segment8FirstPage().putInt(4, 0);
        String sequential = sequentialError();
        assertEquals("out-of-sequence timeline ID 0 (after 1) at LSN 0/00800000 in 000000010000000000000008 offset 0x0",
                sequential);
        assertEquals(sequential, parallelError());
    }

    @Test
    void continuationClaimedWhereTheLastRecordEndedAtTheSegmentStart() throws IOException {
        ByteBuffer page = segment8FirstPage();
        page.putShort(2, (short) (page.getShort(2) | PageHeader.FIRST_IS_CONTRECORD));
        String sequential = sequentialError();
        assertEquals("contrecord is requested by 0/00800000 at LSN 0/00800000 in 000000010000000000000008 offset 0x0",
                sequential);
        assertEquals(sequential, parallelError());
    }
}
