package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.TruncatedWalException;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * A segment that shrinks while it is being read (a live pg_wal recycles or removes segments at checkpoints) is a
 * clear "changed while reading" error: segments are read, not memory-mapped, so there is no bus error.
 */
class SegmentShrinkTest {

    @Test
    void segmentTruncatedWhileReadingIsAnError(@TempDir Path dir) throws IOException {
        Capture c = TestData.capture("17/hot_updates_seg16");
        String first = c.segments().get(0);
        Path seg = dir.resolve(first);
        Files.copy(c.walDir().resolve(first), seg);
        seg.toFile().setWritable(true);
        try (WalDirectory d = WalDirectory.open(dir, 0)) {
            long segno = d.firstSegment();
            byte[] page = new byte[8192];
            assertTrue(d.read(segno, 0, page, 0, page.length));
            try (FileChannel ch = FileChannel.open(seg, StandardOpenOption.WRITE)) {
                ch.truncate(3L << 20);
            }
            TruncatedWalException e = assertThrows(TruncatedWalException.class,
                    () -> d.read(segno, 4 << 20, page, 0, page.length));
            assertTrue(e.getMessage().startsWith("WAL segment changed while reading: it is now 3145728 bytes (expected: "
                    + (16 << 20) + ")"), e.getMessage());
        }
    }
}
