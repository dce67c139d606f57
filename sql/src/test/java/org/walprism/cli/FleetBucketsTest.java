package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code walprism sql --bucket}: the Spark job's tables per LSN or time bucket. The job places records in buckets
 * as {@code stats --categories --bucket} does (spark/README.md: its own tests compare the two), so the rows here
 * are checked against that command's {@code lsn_bucket} / {@code time_bucket} rows (records, bytes, FPI bytes,
 * images per bucket; the CLI also prints the empty buckets between, the job none), and the buckets' stats must add
 * up to the whole range's (which {@code FleetTablesTest} checks against pg_walinspect's stats.tsv).
 */
class FleetBucketsTest {

    /** The CLI's {@code KIND,KEY,METRIC,VALUE} rows for the four totals, non-empty buckets only: "KEY METRIC" -> value. */
    private static Map<String, Long> cli(Capture c, String bucket, String kind) {
        List<String> a = new ArrayList<>(List.of("stats", "--categories", "--bucket", bucket, "--format", "csv"));
        a.addAll(range(c, kind));
        SqlCommandTest.Result r = SqlCommandTest.run(a.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        Map<String, Long> out = new TreeMap<>();
        List<String> empty = new ArrayList<>();
        for (String l : r.out().lines().toList()) {
            String[] f = l.split(",", -1);
            if (f.length == 4 && f[0].equals(kind) && List.of("records", "bytes", "fpi_bytes", "images")
                    .contains(f[2])) {
                if (f[2].equals("records") && f[3].equals("0")) {
                    empty.add(f[1]);
                }
                out.put(f[1] + " " + f[2], Long.parseLong(f[3]));
            }
        }
        out.keySet().removeIf(k -> empty.contains(k.substring(0, k.indexOf(' '))));
        return out;
    }

    /**
     * The capture's range for LSN buckets; for time buckets all its WAL (the measured range of the captures lasts
     * about a second).
     */
    private static List<String> range(Capture c, String kind) {
        return kind.equals("lsn_bucket") ? List.of("-p", c.walDir().toString(), "-s", Lsn.format(c.startLsn(), true),
                "-e", Lsn.format(c.endLsn(), true)) : List.of("-p", c.walDir().toString());
    }

    /** The same figures from the categories table of {@code sql --bucket}: "KEY METRIC" -> value. */
    private static Map<String, Long> sql(Capture c, String bucket, String kind) {
        List<String> a = new ArrayList<>(List.of("sql"));
        a.addAll(range(c, kind));
        String key = kind.equals("lsn_bucket") ? "bucket_start_lsn" : "bucket_time";
        a.addAll(List.of("--bucket", bucket, "--format", "csv", "SELECT " + key + ", metric, value FROM categories "
                + "WHERE section = 'totals' AND name = 'all' AND metric IN ('records', 'bytes', 'fpi_bytes', 'images') "
                + "AND (bucket_start IS NOT NULL OR bucket_time IS NOT NULL) ORDER BY ALL"));
        SqlCommandTest.Result r = SqlCommandTest.run(a.toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        Map<String, Long> out = new TreeMap<>();
        List<String> lines = r.out().lines().toList();
        for (String l : lines.subList(1, lines.size())) {
            List<String> f = SqlExamplesTest.csvFields(l);
            out.put(f.get(0) + " " + f.get(1), Long.parseLong(f.get(2)));
        }
        return out;
    }

    @Test
    void lsnBucketsAreTheCommandsLsnBuckets() {
        for (String name : List.of("18/hot_updates", "19/rewrite_names")) {
            Capture c = TestData.capture(name);
            Map<String, Long> want = cli(c, "100000", "lsn_bucket");
            assertTrue(want.size() > 8, name + ": " + want);
            assertEquals(want, sql(c, "100000", "lsn_bucket"), name);
        }
    }

    @Test
    void timeBucketsAreTheCommandsTimeBuckets() {
        for (String name : List.of("19/rewrite_names")) {
            Capture c = TestData.capture(name);
            Map<String, Long> want = cli(c, "1s", "time_bucket");
            assertTrue(want.size() >= 8, name + ": " + want);
            Map<String, Long> got = new TreeMap<>();
            // bucket_time as csv prints it (2026-12-03 12:58:29+00), the CLI's key as ISO 8601 (2026-12-03T12:58:29Z)
            sql(c, "1s", "time_bucket").forEach((k, v) -> {
                int sp = k.lastIndexOf(' ');
                got.put(k.substring(0, sp).replace(' ', 'T').replace("+00", "Z") + k.substring(sp), v);
            });
            assertEquals(want, got, name);
            // the records before the first commit are counted in the earliest bucket, and said in ranges
            SqlCommandTest.Result r = SqlCommandTest.run("sql", "-p", c.walDir().toString(), "--bucket", "1s",
                    "--format", "csv", "SELECT untimed_records > 0, tasks FROM ranges");
            assertEquals("(untimed_records > 0),tasks\nt,1\n", r.out(), r.err());
        }
    }

    @Test
    void theBucketsAddUpToTheWholeRange() {
        Capture c = TestData.capture("18/hot_updates");
        for (String bucket : List.of("65536", "1s")) {
            List<List<String>> diff = SqlExamplesTest.sql(c, "SELECT name, sum(count) FILTER (bucket_start IS NULL AND "
                    + "bucket_time IS NULL) AS whole, sum(count) FILTER (bucket_start IS NOT NULL OR bucket_time IS NOT "
                    + "NULL) AS buckets, sum(combined_size) FILTER (bucket_start IS NULL AND bucket_time IS NULL) AS "
                    + "whole_size, sum(combined_size) FILTER (bucket_start IS NOT NULL OR bucket_time IS NOT NULL) AS "
                    + "bucket_size FROM stats GROUP BY name HAVING whole IS DISTINCT FROM buckets OR whole_size IS "
                    + "DISTINCT FROM bucket_size", "--bucket", bucket);
            assertEquals(List.of(), diff, bucket);
            List<List<String>> layout = SqlExamplesTest.sql(c, "SELECT metric, sum(value) FILTER (bucket_start IS "
                    + "NULL AND bucket_time IS NULL) AS whole, sum(value) FILTER (bucket_start IS NOT NULL OR "
                    + "bucket_time IS NOT NULL) AS buckets FROM categories WHERE section = 'layout' GROUP BY metric "
                    + "HAVING whole IS DISTINCT FROM buckets", "--bucket", bucket);
            assertEquals(List.of(), layout, bucket);
        }
    }

    @Test
    void aBadBucketIsOneLine() {
        Capture c = TestData.capture("18/hot_updates");
        SqlCommandTest.Result r = SqlCommandTest.run(SqlCommandTest.sql(c, "--bucket", "12parsecs",
                "SELECT count(*) FROM stats"));
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--bucket 12parsecs"), r.err());
        r = SqlCommandTest.run(SqlCommandTest.sql(c, "--bucket", "0", "SELECT count(*) FROM buckets"));
        assertEquals(2, r.code(), r.err());
        assertEquals("walprism: error: --bucket must be a width in bytes, at least 1, or a duration, not 0",
                r.err().strip());
    }

    /** LSN buckets are written as the range passes them: a bucket per record or so is no memory matter. */
    @Test
    void manyLsnBucketsAreWrittenAsTheRangePassesThem() {
        Capture c = TestData.capture("18/hot_updates");
        List<List<String>> rows = SqlExamplesTest.sql(c, "SELECT count(*) FILTER (bucket_start IS NOT NULL), "
                + "sum(records) FILTER (bucket_start IS NOT NULL), sum(records) FILTER (bucket_start IS NULL) "
                + "FROM buckets", "--bucket", "64");
        assertTrue(Long.parseLong(rows.get(0).get(0)) > 1000, rows.toString());
        assertEquals(rows.get(0).get(2), rows.get(0).get(1));
    }

    /**
     * A range read across two promotions ({@code -t 3} following 00000003.history): each timeline's whole-range
     * stats rows are its part of the history, as the job splits them, and equal pg_waldump's {@code -t N} between
     * the switch points (the captures' waldump-tliN-stats-record.txt, Total: count, record size, FPI size).
     */
    @Test
    void eachTimelinesRowsAreItsPartOfTheHistory() {
        for (String name : List.of("15/promotion", "19/promotion")) {
            Capture c = TestData.timelineCapture(name);
            SqlCommandTest.Result r = SqlCommandTest.run("sql", "-p", c.walDir().toString(), "-t", "3", "-s",
                    Lsn.format(c.startLsn(), true), "-e", Lsn.format(c.endLsn(), true), "--format", "csv",
                    "SELECT timeline, count, record_size, fpi_size FROM stats WHERE name = 'Total' ORDER BY 1");
            assertEquals(0, r.code(), r.err());
            StringBuilder want = new StringBuilder("timeline,count,record_size,fpi_size\n");
            for (int t = 1; t <= 3; t++) {
                String total = c.oracleText("waldump-tli" + t + "-stats-record.txt").lines()
                        .filter(l -> l.startsWith("Total")).findFirst().orElseThrow();
                String[] f = total.trim().split("\\s+");
                want.append(t).append(',').append(f[1]).append(',').append(f[2]).append(',').append(f[4]).append('\n');
            }
            assertEquals(want.toString(), r.out(), name);
            SqlCommandTest.Result h = SqlCommandTest.run("sql", "-p", c.walDir().toString(), "-t", "3", "--format",
                    "csv", "SELECT history FROM ranges");
            assertTrue(h.out().contains("timeline 3 (00000003.history): timeline 1 up to "), h.out());
        }
    }
}
