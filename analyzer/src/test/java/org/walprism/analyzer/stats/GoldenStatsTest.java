package org.walprism.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.analyzer.stats.SharedCaptures.Cap;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;

/** Statistics of every real capture equal PostgreSQL's own: pg_waldump text and pg_get_wal_stats numbers. */
class GoldenStatsTest {

    static Stream<Cap> captures() {
        List<Cap> all = SharedCaptures.all();
        assumeTrue(!all.isEmpty(), "no captures at " + SharedCaptures.ROOT);
        return all.stream();
    }

    private static WalStats stats(Cap c) {
        try (WalReader r = WalReader.open(c.walDir(), c.startLsn(), c.endLsn())) {
            WalStats s = StatsCollector.collect(r);
            assertEquals(WalVersion.fromLabel(c.versionLabel()), s.version(), "version from page magic");
            return s;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void statsTextEqualsPgWaldump(Cap c) {
        assumeTrue(c.has("waldump-stats.txt"), "no waldump-stats.txt");
        assertEquals(c.oracleText("waldump-stats.txt"), StatsFormatter.text(stats(c), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void perRecordStatsTextEqualsPgWaldump(Cap c) {
        assumeTrue(c.has("waldump-stats-record.txt"), "no waldump-stats-record.txt");
        assertEquals(c.oracleText("waldump-stats-record.txt"), StatsFormatter.text(stats(c), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void perRecordFiguresEqualPgGetWalStats(Cap c) {
        assumeTrue(c.has("stats.tsv"), "no stats.tsv");
        List<String> expected = new ArrayList<>(c.oracleText("stats.tsv").lines().filter(l -> !l.isBlank()).toList());
        List<String> actual = new ArrayList<>();
        for (StatsRow r : stats(c).rows(true)) {
            actual.add(r.name() + "\t" + r.count() + "\t" + r.recordSize() + "\t" + r.fpiSize() + "\t" + r.combinedSize());
        }
        expected.sort(null);
        actual.sort(null);
        assertEquals(expected, actual);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void recordCountEqualsOracle(Cap c) {
        long expected;
        if (c.has("records.tsv")) {
            expected = c.oracleText("records.tsv").lines().filter(l -> !l.isBlank()).count();
        } else {
            assumeTrue(c.has("waldump.txt"), "no record-count oracle");
            expected = c.oracleText("waldump.txt").lines().filter(l -> l.startsWith("rmgr: ")).count();
        }
        assertEquals(expected, stats(c).count());
    }
}
