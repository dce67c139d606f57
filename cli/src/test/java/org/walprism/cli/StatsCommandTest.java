package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.walprism.cli.CliRun.run;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.codec.Lsn;

/** {@code walprism stats} over every real capture prints what that major's pg_waldump printed. */
class StatsCommandTest {

    static Stream<Capture> captures() {
        return TestData.captures().stream();
    }

    private static String[] args(Capture c, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("stats", "-p", c.walDir().toString(),
                "-s", Lsn.format(c.startLsn(), true), "-e", Lsn.format(c.endLsn(), true)));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void statsEqualsPgWaldumpStats(Capture c) {
        assumeTrue(c.has("waldump-stats.txt"));
        CliRun.Result r = run(args(c));
        assertEquals("", r.err());
        assertEquals(0, r.code());
        assertEquals(c.oracleText("waldump-stats.txt"), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void statsRecordEqualsPgWaldumpStatsRecord(Capture c) {
        assumeTrue(c.has("waldump-stats-record.txt"));
        CliRun.Result r = run(args(c, "--stats=record"));
        assertEquals(0, r.code(), r.err());
        assertEquals(c.oracleText("waldump-stats-record.txt"), r.out());
        assertEquals(r.out(), run(args(c, "-z", "--stats=record")).out());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void csvCarriesPgGetWalStatsFigures(Capture c) {
        assumeTrue(c.has("stats.tsv"));
        CliRun.Result r = run(args(c, "--stats=record", "--format", "csv"));
        assertEquals(0, r.code(), r.err());
        List<String> expected = new java.util.ArrayList<>(c.oracleText("stats.tsv").lines().filter(l -> !l.isBlank()).toList());
        List<String> actual = new java.util.ArrayList<>();
        r.out().lines().skip(1).forEach(l -> {
            String[] f = l.split(",");
            actual.add(f[0] + "\t" + f[1] + "\t" + f[3] + "\t" + f[5] + "\t" + f[7]);
        });
        expected.sort(null);
        actual.sort(null);
        assertEquals(expected, actual);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void jsonHasTheTextTotals(Capture c) {
        assumeTrue(c.has("waldump-stats.txt"));
        CliRun.Result r = run(args(c, "--format=json"));
        assertEquals(0, r.code(), r.err());
        String total = c.oracleText("waldump-stats.txt").lines().filter(l -> l.startsWith("Total ")).findFirst().orElseThrow();
        String[] f = total.trim().split("\\s+");
        assertTrue(r.out().contains("\"total\": {\"count\": " + f[1] + ", \"record_size\": " + f[2] + ","), r.out());
        assertTrue(r.out().contains("\"combined_size\": " + f[6] + ","), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void startInsideARecordSnapsToTheNextRecord(Capture c) {
        assumeTrue(c.has("records.tsv"));
        List<String> rows = c.oracleText("records.tsv").lines().limit(2).toList();
        long second = Lsn.parse(rows.get(1).split("\t")[0]).value();
        CliRun.Result r = run("stats", "-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn() + 1, true),
                "-e", Lsn.format(c.endLsn(), true), "--format=json");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"start_lsn\": \"" + Lsn.of(second).format(
                org.walprism.codec.WalVersion.fromLabel(c.versionLabel())) + "\""), r.out());
        long n = c.oracleText("records.tsv").lines().filter(l -> !l.isBlank()).count();
        assertTrue(r.out().contains("\"total\": {\"count\": " + (n - 1) + ","), r.out());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void segmentFileAsPathReadsThatSegmentOnly(Capture c) {
        String seg = c.segments().get(c.segments().size() - 1);
        long segno = org.walprism.codec.WalFileName.segno(seg, c.segmentSize());
        CliRun.Result file = run("stats", "-p", c.walDir().resolve(seg).toString(), "--stats=record");
        CliRun.Result range = run("stats", "-p", c.walDir().toString(), "--stats=record",
                "-s", Lsn.format(segno * c.segmentSize(), true), "-e", Lsn.format((segno + 1) * c.segmentSize(), true));
        assertEquals(0, file.code(), file.err());
        assertEquals(range.out(), file.out());
        assertTrue(file.out().contains("\nTotal "), file.out());
    }
}
