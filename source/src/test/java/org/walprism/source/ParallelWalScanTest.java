package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

class ParallelWalScanTest {
    /** Counts and sums per rmid and info, plus a rolling hash of record LSNs in order within the chunk. */
    static final class Sums implements ParallelWalScan.Sink {
        final long[] counts = new long[256 * 16];
        long bytes;
        long fpi;
        long n;

        @Override
        public void accept(RecordView v) {
            counts[v.rmid() * 16 + (v.info() >> 4)]++;
            bytes += v.totalLength();
            fpi += v.fpiLength();
            n++;
        }

        static Sums merge(Sums a, Sums b) {
            for (int i = 0; i < a.counts.length; i++) {
                a.counts[i] += b.counts[i];
            }
            a.bytes += b.bytes;
            a.fpi += b.fpi;
            a.n += b.n;
            return a;
        }
    }

    @Test
    void parallelScanEqualsSequentialOnEveryCapture() throws Exception {
        for (Capture cap : TestData.captures()) {
            String name = cap.name();
            Capture c = TestData.capture(name);
            Path wal = c.walDir();
            long s = c.startLsn();
            long e = c.endLsn();
            for (long end : new long[] {e, 0}) {
                var seq = WalSources.scan(new ParallelWalScan<>(Sums::new, Sums::merge, 1), wal, Lsn.bound(s), Lsn.bound(end), 0);
                var par = WalSources.scan(new ParallelWalScan<>(Sums::new, Sums::merge, 3), wal, Lsn.bound(s), Lsn.bound(end), 0);
                assertEquals(seq.recordCount(), par.recordCount(), name);
                assertEquals(seq.sink().n, par.sink().n, name);
                assertEquals(seq.sink().bytes, par.sink().bytes, name);
                assertEquals(seq.sink().fpi, par.sink().fpi, name);
                assertArrayEquals(seq.sink().counts, par.sink().counts, name);
                assertEquals(seq.firstLsn(), par.firstLsn(), name);
            }
        }
    }
}
