package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.codec.TruncatedWalException;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** Gzip-compressed segments (as the corpus and many archives store them) read like plain ones. */
class GzipSegmentTest {

    private static long[] scan(Path dir, Capture c) {
        long n = 0;
        long bytes = 0;
        try (WalReader r = WalSources.reader(dir, Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                n++;
                bytes += v.totalLength() * 31L + v.lsn();
            }
        }
        return new long[] {n, bytes};
    }

    @Test
    void gzipSegmentsReadLikePlainOnes() {
        for (Capture c : TestData.captures()) {
            Path gz = c.storedDir().resolve("wal");
            long[] plain = scan(c.walDir(), c);
            long[] packed = scan(gz, c);
            assertEquals(plain[0], packed[0], c.name());
            assertEquals(plain[1], packed[1], c.name());
        }
    }

    @Test
    void rejectsTruncatedGzipSegment(@TempDir Path dir) throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        String first = c.segments().get(0);
        byte[] seg = Files.readAllBytes(c.walDir().resolve(first));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve(first + ".gz")))) {
            out.write(seg, 0, 700_000);
        }
        TruncatedWalException e = assertThrows(TruncatedWalException.class, () -> scan(dir, c));
        assertEquals(first + ".gz", e.file());
        assertEquals("truncated WAL segment: 700000 bytes (expected: 1048576) at LSN 0/008AAE60 in " + first
                + ".gz offset 0xAAE60", e.getMessage());
    }
}
