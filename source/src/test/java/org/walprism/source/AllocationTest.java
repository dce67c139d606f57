package org.walprism.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** The statistics loop (nextView) allocates nothing per record: memory stays constant whatever the WAL size. */
class AllocationTest {

    private static long scan(Capture c) {
        long n = 0;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                n += v.rmid() + v.fpiLength() >= 0 ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void nextViewDoesNotAllocatePerRecord() {
        Capture c = TestData.capture("19beta1/hot_updates");
        scan(c); // warm up: classes loaded, buffers grown
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        long n = scan(c);
        long allocated = mx.getThreadAllocatedBytes(tid) - before;
        assertEquals(12004, n);
        // Opening a reader costs a few kilobytes (its read window is off-heap); 12,004 records must add nothing.
        assertTrue(allocated < 200_000, "allocated " + allocated + " bytes for " + n + " records");
    }
}
