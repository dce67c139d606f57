package org.walprism.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Ctrl-C during {@code stats} (pg_waldump 15+ prints its statistics so far on SIGINT): a scan asked to stop ends
 * with the statistics of a prefix of the range in LSN order, whatever the number of threads: exactly what a scan
 * of [start, the end it reports) counts, and no end-of-WAL note.
 */
class StopEarlyTest {

    @ParameterizedTest(name = "{0} -j {1}, stop after {2} asks")
    @CsvSource({"16/vacuum_indexed_multipass, 1, 3000", "16/vacuum_indexed_multipass, 2, 3",
        "18/rare_records, 1, 20000", "18/rare_records, 2, 2", "18/rare_records, 3, 4"})
    void aStoppedScanCountsAPrefixOfTheRange(String name, int threads, int asks) {
        Capture c = TestData.capture(name);
        WalStats all = StatsCollector.collect(c.walDir(), c.startLsn(), c.endLsn(), 0, threads);
        AtomicInteger n = new AtomicInteger();
        WalStats part = StatsCollector.collect(c.walDir(), c.startLsn(), c.endLsn(), 0, threads,
                () -> n.incrementAndGet() > asks);
        assertTrue(part.count() > 0 && part.count() < all.count(),
                name + ": stopped scan counted " + part.count() + " of " + all.count());
        assertTrue(part.notices().stream().noneMatch(s -> s.toString().contains("end of WAL")), part.notices().toString());
        WalStats prefix = StatsCollector.collect(c.walDir(), c.startLsn(), part.endLsn(), 0, 1);
        assertEquals(StatsFormatter.text(prefix, true), StatsFormatter.text(part, true),
                name + ": the stopped scan's statistics are those of [start, " + part.endLsn() + ")");
    }
}
