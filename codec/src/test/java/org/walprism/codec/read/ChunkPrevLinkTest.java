package org.walprism.codec.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * A broken {@code xl_prev} in the first record of a segment, where the parallel scan starts a chunk: the parallel
 * scan reports exactly what the sequential reader reports (the expected prev-link, the file), whatever the broken
 * value and whether the record's CRC was fixed up. Found by WalReaderFuzzTest (its committed input
 * crash-61153d24...: a forward prev-link was reported without "(expected: ...)" by the parallel scan).
 */
class ChunkPrevLinkTest {
    private static final String CAPTURE = "15/vacuum_noindex";

    private TreeMap<Long, byte[]> segs;
    private int segSize;
    private int tli;
    private long lsn; // the first record of the capture's second segment
    private byte[] seg;
    private int off;

    private void load() throws IOException {
        Capture c = TestData.capture(CAPTURE);
        segSize = c.segmentSize();
        segs = new TreeMap<>();
        try (var files = Files.list(c.walDir())) {
            for (Path p : files.sorted().toList()) {
                String n = p.getFileName().toString();
                tli = WalFileName.timeline(n);
                segs.put(WalFileName.segno(n, segSize), Files.readAllBytes(p));
            }
        }
        long second = segs.higherKey(segs.firstKey());
        try (WalReader r = WalReader.open(new BitFlipPropertyTest.MemorySource(segs, segSize, tli),
                second * segSize, 0)) {
            RecordView v = r.nextView();
            lsn = v.lsn();
            seg = segs.get(second);
            off = (int) (lsn % segSize);
            assertTrue(off % 8192 + v.totalLength() <= 8192, "the record lies in one page");
        }
    }

    private String read(boolean parallel) {
        BitFlipPropertyTest.MemorySource src = new BitFlipPropertyTest.MemorySource(segs, segSize, tli);
        if (parallel) {
            return assertThrows(WalFormatException.class, () -> new ParallelWalScan<>(BitFlipPropertyTest.Sums::new,
                    BitFlipPropertyTest.Sums::merge, 3).scan(src, () -> src, 0, 0)).getMessage();
        }
        return assertThrows(WalFormatException.class, () -> {
            try (WalReader r = WalReader.open(src, 0, 0)) {
                while (r.nextView() != null) {
                    // read to the error
                }
            }
        }).getMessage();
    }

    @ParameterizedTest
    @ValueSource(strings = {"forward", "backward", "backward-crc-fixed"})
    void brokenPrevLinkAtAChunkStartIsReportedAsBySequentialReading(String how) throws IOException {
        load();
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
        String sequential = read(false);
        String expected = String.format("record with incorrect prev-link %s (expected: %s) at LSN %s in %s offset 0x%X",
                org.walprism.codec.Lsn.format(b.getLong(off + 8), true), org.walprism.codec.Lsn.format(prev, true),
                org.walprism.codec.Lsn.format(lsn, true), WalFileName.of(tli, lsn / segSize, segSize), off);
        assertEquals(expected, sequential);
        assertEquals(sequential, read(true));
    }
}
