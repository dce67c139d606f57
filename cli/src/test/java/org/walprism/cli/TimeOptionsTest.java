package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/** {@code --since}, {@code --until} and {@code --bucket DURATION} on the command line. */
class TimeOptionsTest {
    private static Capture capture() {
        return TestData.captures().stream().filter(c -> c.name().equals("18/pgbench_oltp")).findFirst()
                .orElseThrow();
    }

    private static String[] with(Capture c, String... args) {
        List<String> l = new java.util.ArrayList<>(List.of(args));
        l.addAll(List.of("-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), true), "-e",
                Lsn.format(c.endLsn(), true)));
        return l.toArray(String[]::new);
    }

    /** The commit times pg_walinspect printed, in LSN order, as their text. */
    private static List<String> commitTimes(Capture c) throws Exception {
        return Files.readAllLines(c.oracle("records.tsv")).stream().map(l -> l.split("\t", -1))
                .filter(f -> f[4].equals("Transaction") && f[5].equals("COMMIT"))
                .map(f -> f[9].split(";")[0]).toList();
    }

    @Test
    void sinceAndUntilNarrowTheRangeToCommits() throws Exception {
        Capture c = capture();
        List<String> times = commitTimes(c);
        String from = times.get(times.size() / 4);
        String to = times.get(times.size() / 2);
        CliRun.Result r = CliRun.run(with(c, "stats", "--categories", "--format", "csv",
                "--since", from, "--until", to, "--bucket", "1s"));
        assertEquals(0, r.code(), r.err());
        long records = r.out().lines().filter(l -> l.startsWith("totals,all,records,")).mapToLong(
                l -> Long.parseLong(l.substring(l.lastIndexOf(',') + 1))).sum();
        long perSecond = r.out().lines().filter(l -> l.startsWith("time_bucket,") && l.contains(",records,"))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(',') + 1))).sum();
        assertEquals(records, perSecond, "time buckets add up to the records");
        CliRun.Result all = CliRun.run(with(c, "stats", "--categories", "--format",
                "csv"));
        long allRecords = all.out().lines().filter(l -> l.startsWith("totals,all,records,")).mapToLong(
                l -> Long.parseLong(l.substring(l.lastIndexOf(',') + 1))).sum();
        assertTrue(records > 0 && records < allRecords, records + " of " + allRecords);
        // the commits the narrowed range holds are those pg_walinspect dated after the last before --since
        CliRun.Result dump = CliRun.run(with(c, "dump", "-r", "Transaction",
                "--since", from, "--until", to));
        long commits = dump.out().lines().filter(l -> l.contains("desc: COMMIT ")).count();
        long expected = times.stream().filter(t -> t.compareTo(from) >= 0 && t.compareTo(to) <= 0).count();
        assertEquals(expected, commits, dump.err());
    }

    @Test
    void badTimesAndDurationsAreOneLine() {
        Capture c = capture();
        for (String[] args : List.of(new String[] {"--since", "yesterday"}, new String[] {"--since",
            "2026-12-01 10:00:00", "--until", "2026-12-01 09:00:00"}, new String[] {"--categories", "--bucket",
            "1fortnight"}, new String[] {"--until", "1999-01-01"})) {
            List<String> a = new java.util.ArrayList<>(List.of("stats"));
            a.addAll(List.of(args));
            CliRun.Result r = CliRun.run(with(c, a.toArray(String[]::new)));
            assertEquals(ExitCode.USAGE.code(), r.code(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
    }
}
