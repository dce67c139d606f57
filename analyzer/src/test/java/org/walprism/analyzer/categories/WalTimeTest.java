package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Times against pg_walinspect: every commit and abort time pg_get_wal_records_info prints in its description
 * ({@code COMMIT 2026-12-01 15:04:39.67093+00; ...}) gives the LSN buckets their spans, the time buckets their
 * records, and {@code --since} its place in the stream, on every capture with records.tsv and at least two
 * transaction times.
 */
class WalTimeTest {
    private static final long BUCKET = 64 * 1024;

    record Rec(long lsn, String rmgr, String type, long time) {
    }

    static Stream<Arguments> captures() {
        return TestData.captures().stream().filter(c -> c.has("records.tsv"))
                .filter(c -> List.of("pgbench_oltp", "vacuum_tables", "autovacuum", "other_rmgrs")
                        .contains(c.workload())).map(Arguments::of);
    }

    static List<Rec> records(Capture c) throws IOException {
        List<Rec> out = new ArrayList<>();
        for (String line : Files.readAllLines(c.oracle("records.tsv"))) {
            String[] f = line.split("\t", -1);
            long t = 0;
            if (f[4].equals("Transaction") && f[5].matches("COMMIT|ABORT|COMMIT_PREPARED|ABORT_PREPARED")) {
                String d = f[9];
                int semi = d.indexOf(';');
                String ts = semi >= 0 ? d.substring(0, semi) : d;
                if (f[5].endsWith("_PREPARED")) {
                    ts = ts.substring(ts.indexOf(": ") + 2);
                }
                t = WalTime.parse(ts);
            }
            out.add(new Rec(Lsn.parse(f[0]).value(), f[4], f[5], t));
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void bucketsAndSinceFollowPgWalinspectsTimes(Capture c) throws IOException {
        List<Rec> recs = records(c).stream().filter(r -> r.lsn >= c.startLsn() && r.lsn < c.endLsn()).toList();
        List<Rec> stamped = recs.stream().filter(r -> r.time != 0).toList();
        org.junit.jupiter.api.Assumptions.assumeTrue(stamped.size() >= 2, "fewer than two transaction times");
        CategoryStats st = CategoryAnalyzer.scan(c.walDir(), c.startLsn(), c.endLsn(), 0, BUCKET, 2, null,
                1_000_000L);
        // LSN buckets: earliest and latest time of the bucket's commits and aborts
        Map<Long, long[]> expected = new TreeMap<>();
        for (Rec r : recs) {
            long b = r.lsn / BUCKET * BUCKET;
            if (r.time != 0) {
                long[] x = expected.computeIfAbsent(b, k -> new long[] {Long.MAX_VALUE, 0});
                x[0] = Math.min(x[0], r.time);
                x[1] = Math.max(x[1], r.time);
            }
        }
        int compared = 0;
        for (int i = 0; i < st.bucketCount(); i++) {
            long start = st.bucketStart(i);
            long[] b = st.bucket(i);
            long[] x = expected.getOrDefault(start, new long[] {0, 0});
            assertEquals(x[0] == Long.MAX_VALUE ? 0 : x[0], b[CategoryStats.B_TIME_FIRST], c.name() + " bucket "
                    + Lsn.format(start, true));
            assertEquals(x[1], b[CategoryStats.B_TIME_LAST], c.name() + " bucket " + Lsn.format(start, true));
            compared++;
        }
        assertTrue(compared > 0);
        // time buckets of 1 s: each record at the latest commit / abort time before it (the first ones at the first)
        {
            Map<Long, Long> perSecond = new TreeMap<>();
            long current = Math.floorDiv(stamped.get(0).time, 1_000_000L) * 1_000_000L;
            for (Rec r : recs) {
                if (r.time != 0) {
                    current = Math.floorDiv(r.time, 1_000_000L) * 1_000_000L;
                }
                perSecond.merge(current, 1L, Long::sum);
            }
            Map<Long, Long> got = new TreeMap<>();
            for (Map.Entry<Long, long[]> e : st.timeBuckets().buckets().entrySet()) {
                if (e.getValue()[CategoryStats.B_RECORDS] > 0) {
                    got.put(e.getKey(), e.getValue()[CategoryStats.B_RECORDS]);
                }
            }
            assertEquals(perSecond, got, c.name() + " records per second");
        }
        // --since a middle commit's time: the range starts after the last commit or abort before it
        Rec mid = stamped.get(stamped.size() / 2);
        long last = -1;
        for (int i = 0; i < recs.size(); i++) {
            Rec r = recs.get(i);
            if (r.time != 0 && r.time < mid.time && i + 1 < recs.size()) {
                last = recs.get(i + 1).lsn;
            }
        }
        TimeRange.Lsns l = TimeRange.resolve(c.walDir(), c.startLsn(), c.endLsn(), 0, 2, mid.time, mid.time);
        if (last >= 0) {
            assertEquals(Lsn.format(last, true), Lsn.format(l.start(), true), c.name() + " --since");
        }
        int at = recs.indexOf(stamped.stream().filter(r -> r.time <= mid.time).reduce((a, b) -> b).orElseThrow());
        long end = at + 1 < recs.size() ? recs.get(at + 1).lsn : -1;
        if (end >= 0) {
            assertEquals(Lsn.format(end, true), Lsn.format(l.end(), true), c.name() + " --until");
        }
    }

    @org.junit.jupiter.api.Test
    void aDateAloneIsItsMidnightInUtc() {
        // "2001-01-01" once read its "-01" as a zone offset and was refused
        assertEquals(WalTime.parse("2001-01-01T00:00:00Z"), WalTime.parse("2001-01-01"));
        assertEquals(978_307_200_000_000L, WalTime.parse("2001-01-01"));
        assertEquals(WalTime.parse("2001-01-01T01:00:00Z"), WalTime.parse("2001-01-01 00:00:00-01"));
    }
}
