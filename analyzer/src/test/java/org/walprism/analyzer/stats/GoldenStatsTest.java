package org.walprism.analyzer.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;

/** Statistics of every real capture equal PostgreSQL's own: pg_waldump text and pg_get_wal_stats numbers. */
class GoldenStatsTest {

    static Stream<Capture> captures() {
        return TestData.captures().stream();
    }

    private static WalStats stats(Capture c) {
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            WalStats s = StatsCollector.collect(r);
            assertEquals(WalVersion.fromLabel(c.versionLabel()), s.version(), "version from page magic");
            return s;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void statsTextEqualsPgWaldump(Capture c) {
        assumeTrue(c.has("waldump-stats.txt"), "no waldump-stats.txt");
        assertEquals(c.oracleText("waldump-stats.txt"), StatsFormatter.text(stats(c), false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void perRecordStatsTextEqualsPgWaldump(Capture c) {
        assumeTrue(c.has("waldump-stats-record.txt"), "no waldump-stats-record.txt");
        assertEquals(c.oracleText("waldump-stats-record.txt"), StatsFormatter.text(stats(c), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void perRecordFiguresEqualPgGetWalStats(Capture c) {
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
    void recordCountEqualsOracle(Capture c) {
        long expected;
        if (c.has("records.tsv")) {
            expected = c.oracleText("records.tsv").lines().filter(l -> !l.isBlank()).count();
        } else {
            assumeTrue(c.has("waldump.txt"), "no record-count oracle");
            expected = c.oracleText("waldump.txt").lines().filter(l -> l.startsWith("rmgr: ")).count();
        }
        assertEquals(expected, stats(c).count());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void parallelStatsEqualSequential(Capture c) {
        for (long end : new long[] {c.endLsn(), 0}) {
            WalStats seq = StatsCollector.collect(c.walDir(), c.startLsn(), end, 0, 1);
            WalStats par = StatsCollector.collect(c.walDir(), c.startLsn(), end, 0, 3);
            assertEquals(StatsFormatter.text(seq, true), StatsFormatter.text(par, true), "end " + end);
            assertEquals(StatsFormatter.text(seq, false), StatsFormatter.text(par, false), "end " + end);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void recordEndEqualsPgWalinspectEndLsn(Capture c) {
        assumeTrue(c.has("records.tsv"), "no records.tsv");
        var oracle = c.oracleText("records.tsv").lines().filter(l -> !l.isBlank()).iterator();
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            org.walprism.codec.record.RecordView v;
            while ((v = r.nextView()) != null) {
                String[] f = oracle.next().split("\t", -1);
                assertEquals(org.walprism.codec.Lsn.parse(f[1]).value(), r.endOfLastRecord(), f[0]);
            }
        }
    }
}
