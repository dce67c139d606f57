package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Attributing records allocates nothing per record: reading a capture with {@link CategoryStats#add} costs what
 * reading it alone costs, plus a few objects per relation and bucket. The captures hold thousands of Heap2 prune
 * records, the records the attribution reads deepest.
 */
class CategoryAllocationTest {

    private static long allocated() {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        return mx.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    /** Reads {@code c}, adding every record to {@code stats} when it is not null; returns the allocated bytes. */
    private static long read(Capture c, CategoryStats stats, long[] records) {
        long before = allocated();
        long n = 0;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                if (stats != null) {
                    stats.add(v);
                }
                n++;
            }
        }
        long bytes = allocated() - before;
        records[0] = n;
        return bytes;
    }

    @ParameterizedTest
    @ValueSource(strings = {"19beta1/hot_updates", "16/hot_updates", "13/hot_updates", "17/vacuum_indexed_multipass"})
    void attributingDoesNotAllocatePerRecord(String name) {
        Capture c = TestData.capture(name);
        long[] n = new long[1];
        CategoryStats warm = CategoryAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0, 0, 1);
        read(c, null, n);
        long reading = read(c, null, n);
        CategoryStats stats = new CategoryStats(warm.version(), warm.segmentSize(), 0);
        long attributing = read(c, stats, n);
        assertEquals(warm.records(), stats.records(), "records");
        long heap2 = 0;
        for (int t = 9 * 16; t < 10 * 16; t++) {
            heap2 += stats.typeRecords(t);
        }
        // One 16-byte object per record would add 16 * n bytes (80 KB or more here); relations and buckets cost
        // a few kilobytes.
        long extra = attributing - reading;
        assertTrue(n[0] > 4_000 && heap2 > 3_000, n[0] + " records, " + heap2 + " Heap2");
        assertTrue(extra < 32_768, "attributing " + n[0] + " records allocated " + extra + " bytes more than reading "
                + "them (" + reading + ")");
    }
}
