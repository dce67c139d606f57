package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** A segment file given as the path is pg_waldump's STARTSEG: reading starts in that segment, not the lowest one. */
class StartSegmentTest {

    @Test
    void segmentFileReadsFromThatSegment() throws IOException {
        Capture c = TestData.captures().stream().filter(StartSegmentTest::hasTwoSegments).findFirst().orElseThrow();
        Path second = segments(c.walDir()).get(1);
        long expected;
        int segSize;
        try (WalReader whole = WalSources.reader(c.walDir(), Optional.empty(), Optional.empty())) {
            segSize = whole.segmentSize();
            long segStart = WalFileName.segno(second.getFileName().toString(), segSize) * segSize;
            // pg_waldump STARTSEG: the first record at or after the segment's start (XLogFindNextRecord)
            try (WalReader fromSegment = WalSources.reader(c.walDir(), Lsn.bound(segStart), Optional.empty())) {
                RecordView v = fromSegment.nextView();
                assertNotNull(v);
                expected = v.lsn();
            }
        }
        try (WalReader r = WalSources.reader(second, Optional.empty(), Optional.empty(), 0)) {
            RecordView v = r.nextView();
            assertNotNull(v);
            assertEquals(expected, v.lsn(), "first record read from " + second.getFileName());
        }
        try (WalReader r = WalSources.reader(second, Optional.empty(), Optional.empty())) {
            assertEquals(expected, r.nextView().lsn(), "the default timeline's reader too");
        }
        // the parallel scan takes the same range: its first record is the segment's, on one thread and on three
        for (int threads : new int[] {1, 3}) {
            ParallelWalScanTest.Sums fromSegment = WalSources.scan(new ParallelWalScan<>(ParallelWalScanTest.Sums::new,
                    ParallelWalScanTest.Sums::merge, threads), second, Optional.empty(), Optional.empty(), 0).sink();
            ParallelWalScanTest.Sums explicit = WalSources.scan(new ParallelWalScan<>(ParallelWalScanTest.Sums::new,
                    ParallelWalScanTest.Sums::merge, threads), c.walDir(), Lsn.bound(expected), Optional.empty(), 0)
                    .sink();
            assertEquals(explicit.n, fromSegment.n, threads + " thread(s): records from " + second.getFileName());
            assertEquals(explicit.bytes, fromSegment.bytes, threads + " thread(s): bytes");
        }
    }

    private static boolean hasTwoSegments(Capture c) {
        try {
            return segments(c.walDir()).size() >= 2;
        } catch (IOException e) {
            return false;
        }
    }

    private static List<Path> segments(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> WalFileName.isSegmentName(p.getFileName().toString())).sorted().toList();
        }
    }
}
