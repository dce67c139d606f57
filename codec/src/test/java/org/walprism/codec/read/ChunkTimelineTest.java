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
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.page.PageHeader;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * A segment whose first page carries a lower {@code xlp_tli} than the pages before it, where no record continues
 * into it (the previous segment ends with its last record), so the parallel scan's chunk for it reads it alone: the
 * parallel scan fails as the sequential reader does, at that page. It used to read on with exit 0 when the lower
 * timeline was 0, and to report the error at the chunk's first record without the file otherwise.
 */
class ChunkTimelineTest {
    private static final String CAPTURE = "17/other_rmgrs";
    private static final long SEGMENT = 8; // its first page continues no record (xlp_info has no FIRST_IS_CONTRECORD)

    @Test
    void lowerTimelineAtAChunkStartIsReportedAsBySequentialReading() throws IOException {
        Capture c = TestData.capture(CAPTURE);
        int segSize = c.segmentSize();
        TreeMap<Long, byte[]> segs = new TreeMap<>();
        try (var files = Files.list(c.walDir())) {
            for (Path p : files.sorted().toList()) {
                segs.put(WalFileName.segno(p.getFileName().toString(), segSize), Files.readAllBytes(p));
            }
        }
        ByteBuffer page = ByteBuffer.wrap(segs.get(SEGMENT)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0, page.getShort(2) & PageHeader.FIRST_IS_CONTRECORD, "no record continues into the segment");
        assertEquals(1, page.getInt(4), "xlp_tli");
        assertTrue(segs.containsKey(SEGMENT - 1) && segs.containsKey(SEGMENT + 1));
        page.putInt(4, 0);

        BitFlipPropertyTest.MemorySource src = new BitFlipPropertyTest.MemorySource(segs, segSize, 1);
        String sequential = assertThrows(WalFormatException.class, () -> {
            try (WalReader r = WalReader.open(src, 0, 0)) {
                while (r.nextView() != null) {
                    // read to the error
                }
            }
        }).getMessage();
        assertEquals("out-of-sequence timeline ID 0 (after 1) at LSN 0/00800000 in 000000010000000000000008 offset 0x0",
                sequential);
        String parallel = assertThrows(WalFormatException.class, () -> new ParallelWalScan<>(
                BitFlipPropertyTest.Sums::new, BitFlipPropertyTest.Sums::merge, 3).scan(src, () -> src, 0, 0))
                .getMessage();
        assertEquals(sequential, parallel);
    }
}
