package org.walprism.analyzer.dump;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.walprism.analyzer.desc.TextBuffer;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Formatting pg_waldump lines from the reader's views allocates nothing per record for the common record
 * types (Heap, Heap2, Btree, Transaction, XLOG FPI): the cost is fixed whatever the number of records. A
 * counting test, not a timed one.
 */
class DumpAllocationTest {

    private static long allocatedBy(Runnable r) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(tid);
        r.run();
        return mx.getThreadAllocatedBytes(tid) - before;
    }

    /**
     * Reads every record of {@code c} and, when {@code f} is given, formats it (plain and {@code -b}) into one
     * reused buffer; returns the records.
     */
    private static long scan(Capture c, WalDumpFormatter f, TextBuffer out) {
        long n = 0;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                if (f != null) {
                    out.clear();
                    f.format(v, false, out);
                    f.format(v, true, out);
                }
                n++;
            }
        }
        return n;
    }

    /** Bytes formatting allocates over reading alone, for the whole capture. */
    private static void check(String capture) {
        Capture c = TestData.capture(capture);
        WalDumpFormatter f = new WalDumpFormatter();
        TextBuffer out = new TextBuffer();
        long[] n = new long[1];
        long reading = Long.MAX_VALUE;
        long both = Long.MAX_VALUE;
        // the first rounds warm up (classes loaded, names cached, buffers grown, code compiled); least of the rest
        for (int round = 0; round < 6; round++) {
            reading = Math.min(reading, allocatedBy(() -> scan(c, null, null)));
            both = Math.min(both, allocatedBy(() -> n[0] = scan(c, f, out)));
        }
        long formatting = both - reading;
        System.out.printf("[dump-alloc] %s: %d records, reading %d bytes, formatting %d more%n", capture, n[0],
                reading, formatting);
        assertTrue(n[0] > 2_500, "records " + n[0]);
        // Measured 0 to 700 bytes (a checkpoint's desc goes through Strings). One 16-byte object per record
        // would add 40 to 190 KB here.
        assertTrue(formatting < 16_000, capture + ": formatting allocated " + formatting + " bytes for " + n[0]
                + " records");
    }

    @Test
    void formattingHotUpdatesDoesNotAllocatePerRecord() {
        check("19beta1/hot_updates");
        check("15/hot_updates");
        check("13/hot_updates");
    }

    @Test
    void formattingPgbenchDoesNotAllocatePerRecord() {
        check("18/pgbench_oltp");
        check("15/pgbench_oltp");
    }

    @Test
    void formattingVacuumDoesNotAllocatePerRecord() {
        check("17/vacuum_indexed_multipass");
        check("16/vacuum_indexed_multipass");
    }

    /** The whole dump, as {@code walprism dump -j 1} runs it: filter, formatter, text buffer, writes. */
    private static long dumpOnce(Capture c) {
        DumpFilter all = DumpFilter.all();
        OrderedDump dump = new OrderedDump(() -> {
            WalDumpFormatter f = new WalDumpFormatter();
            return (v, out) -> {
                if (!all.test(v)) {
                    return false;
                }
                f.format(v, false, out);
                return true;
            };
        }, 1, 0);
        try {
            dump.run(c.walDir(), c.startLsn(), c.endLsn(), 0, java.io.OutputStream.nullOutputStream());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return 0;
    }

    @Test
    void dumpingAllocatesAFixedAmountWhateverTheRecords() {
        for (String name : new String[] {"19beta1/hot_updates", "15/hot_updates"}) {
            Capture c = TestData.capture(name);
            long reading = Long.MAX_VALUE;
            long dumping = Long.MAX_VALUE;
            for (int round = 0; round < 6; round++) {
                reading = Math.min(reading, allocatedBy(() -> scan(c, null, null)));
                dumping = Math.min(dumping, allocatedBy(() -> dumpOnce(c)));
            }
            long extra = dumping - reading;
            System.out.printf("[dump-alloc] %s: whole dump allocates %d bytes more than reading%n", name, extra);
            // The text buffer (288 KB), the formatter's name tables and the notices list: about 300 KB, fixed.
            // One 16-byte object per record would add 190 KB.
            assertTrue(extra < 420_000, name + ": the dump allocated " + extra + " bytes more than reading");
        }
    }
}
