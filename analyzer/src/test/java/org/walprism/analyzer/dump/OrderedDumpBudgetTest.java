package org.walprism.analyzer.dump;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The parallel dump holds a bounded number of bytes of text formatted ahead of its turn, whatever the size of a
 * segment's text, and writes the same bytes as one thread. Measured from outside: bytes the printers appended minus
 * bytes that reached the output, at every record. A counting test, not a timed one.
 */
class OrderedDumpBudgetTest {

    /** Counts what the printers formatted, what was written, and the largest gap between the two. */
    private static final class Meter extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final AtomicLong formatted = new AtomicLong();
        final AtomicLong written = new AtomicLong();
        final AtomicLong maxGap = new AtomicLong();
        final AtomicLong maxRecord = new AtomicLong();

        OrderedDump.RecordPrinter printer() {
            WalDumpFormatter f = new WalDumpFormatter();
            return (v, out) -> {
                int before = out.length();
                f.format(v, false, out);
                int n = out.length() - before;
                maxRecord.accumulateAndGet(n, Math::max);
                long gap = formatted.addAndGet(n) - written.get();
                maxGap.accumulateAndGet(gap, Math::max);
                return true;
            };
        }

        @Override
        public synchronized void write(int b) {
            bytes.write(b);
            written.incrementAndGet();
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
            written.addAndGet(len);
        }
    }

    private static Meter dump(Capture c, int jobs, long budget, int block) throws IOException {
        Meter m = new Meter();
        OrderedDump d = new OrderedDump(m::printer, jobs, 0, budget, block);
        d.run(c.walDir(), c.startLsn(), c.endLsn(), 0, m);
        assertTrue(d.peakHeldBytes() <= budget, "held " + d.peakHeldBytes() + " > budget " + budget);
        return m;
    }

    @Test
    void parallelDumpHoldsNoMoreThanItsBudgetAndWritesWhatOneThreadWrites() throws IOException {
        // 1 MB segments of small records: each segment's text (~400 KB) is many times the budget
        Capture c = TestData.capture("18/busy_tables");
        int block = 4096;
        long budget = 16 * 1024;
        byte[] one = dump(c, 1, budget, block).bytes.toByteArray();
        assertTrue(one.length > 20 * budget, "text " + one.length);
        for (int jobs : new int[] {2, 8, 64}) {
            Meter m = dump(c, jobs, budget, block);
            assertArrayEquals(one, m.bytes.toByteArray(), "-j " + jobs + " differs from -j 1");
            // held blocks (the budget), each thread's block being formatted (at most a block plus one record),
            // one block being written
            long bound = budget + (long) jobs * (block + m.maxRecord.get()) + block;
            assertTrue(m.maxGap.get() <= bound, "-j " + jobs + ": " + m.maxGap.get()
                    + " bytes formatted and not written (bound " + bound + ", text " + one.length + ")");
        }
    }

    @Test
    void aZeroBudgetStillMovesOn() throws IOException {
        Capture c = TestData.capture("18/busy_tables");
        byte[] one = dump(c, 1, 0, 1024).bytes.toByteArray();
        assertArrayEquals(one, dump(c, 8, 0, 1024).bytes.toByteArray());
    }
}
