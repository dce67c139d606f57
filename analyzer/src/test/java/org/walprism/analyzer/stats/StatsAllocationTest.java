package org.walprism.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** Counting statistics allocates nothing per record: the cost is fixed whatever the number of records. */
class StatsAllocationTest {

    private static long allocatedBy(Runnable r) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        r.run();
        return mx.getThreadAllocatedBytes(tid) - before;
    }

    private static WalStats collect(Capture c) {
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            return StatsCollector.collect(r);
        }
    }

    @Test
    void collectingDoesNotAllocatePerRecord() {
        Capture c = TestData.capture("19beta1/hot_updates");
        collect(c); // warm up: classes loaded, buffers grown
        long[] n = new long[1];
        long allocated = allocatedBy(() -> n[0] = collect(c).count());
        // Measured ~133 KB: WalStats' 6 preallocated arrays (~100 KB) plus reader setup. One 16-byte object per
        // record would add 192 KB and fail this bound.
        assertTrue(n[0] > 10_000, "records " + n[0]);
        assertTrue(allocated < 250_000, "allocated " + allocated + " bytes for " + n[0] + " records");
    }
}
