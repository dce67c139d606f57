package org.walprism.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.walprism.analyzer.categories.Category;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.categories.TimeBuckets;
import org.walprism.analyzer.categories.TimeRange;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Time buckets, timelines and {@code --since/--until} of the job against the CLI's own code: on every bundled capture,
 * one segment per task (every segment boundary a task seam, so records before a task's first commit are placed by
 * the driver), the per-time-bucket figures equal the CLI's {@code --bucket 1s} buckets ({@link TimeBuckets}); the
 * buckets' stats and layout add up to the whole range's, which equals {@code stats --categories}. The promotion
 * capture (timelines 1, 2, 3 and their history files in one directory) splits into the three parts pg_waldump
 * {@code -t N} reads between the switch points.
 */
class WalFleetTimeTest {
    private static final long SECOND = 1_000_000L;
    /** The width of the tests' time buckets: the captures last seconds, so a tenth of one (the CLI's least is 1s). */
    private static final long WIDTH = SECOND / 10;
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("walprism-fleet-time-test")
                .config("spark.ui.enabled", "false")
                // loopback only: the driver binds no other address
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.default.parallelism", "4")
                .getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    /** The rows of one job by cluster and table. */
    record Rows(Map<String, List<Row>> stats, Map<String, List<Row>> categories, Map<String, List<Row>> buckets,
                Map<String, Row> ranges) {
        static Rows of(WalFleetJob.Output o) {
            Rows r = new Rows(new HashMap<>(), new HashMap<>(), new HashMap<>(), new HashMap<>());
            o.stats().collectAsList().forEach(x -> r.stats.computeIfAbsent(x.getString(0), k -> new ArrayList<>())
                    .add(x));
            o.categories().collectAsList().forEach(x -> r.categories.computeIfAbsent(x.getString(0),
                    k -> new ArrayList<>()).add(x));
            o.buckets().collectAsList().forEach(x -> r.buckets.computeIfAbsent(x.getString(0), k -> new ArrayList<>())
                    .add(x));
            o.ranges().collectAsList().forEach(x -> r.ranges.put(x.getString(0), x));
            return r;
        }
    }

    private static boolean whole(Row r) {
        return r.isNullAt(3) && r.isNullAt(r.fieldIndex("bucket_time"));
    }

    private static long micros(Row r, String field) {
        if (r.isNullAt(r.fieldIndex(field))) {
            return 0;
        }
        java.sql.Timestamp t = r.getTimestamp(r.fieldIndex(field));
        return t.getTime() / 1000 * 1_000_000L + t.getNanos() / 1000 % 1_000_000L;
    }

    @TestFactory
    Stream<DynamicTest> timeBucketsEqualTheClisOnEveryCapture() {
        List<Capture> captures = TestData.captures();
        List<WalFleetJob.Root> roots = new ArrayList<>();
        for (Capture c : captures) {
            roots.add(new WalFleetJob.Root(c.name(), c.walDir().toString(), c.startLsn(), c.endLsn()));
        }
        Rows job = Rows.of(WalFleetJob.compute(spark, new WalFleetJob.Options(roots, 0, 0, 1, WIDTH, 0, 0, null,
                null)));
        // the test must cross seams: some root has several buckets and records placed from an earlier task
        long several = captures.stream().filter(c -> job.buckets().getOrDefault(c.name(), List.of()).size() > 3)
                .count();
        assertTrue(several >= 10, "captures with several one-second buckets: " + several);
        return captures.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> checkTime(c, job)));
    }

    private static void checkTime(Capture c, Rows job) {
        CategoryStats cli = CategoryAnalyzer.scan(c.walDir(), c.startLsn(), c.endLsn(), 0, 0, 1, null, WIDTH);
        assertTrue(!cli.timeBuckets().overflowed(), "at most " + TimeBuckets.MAX_BUCKETS + " buckets");
        NavigableMap<Long, long[]> want = new TreeMap<>();
        cli.timeBuckets().buckets().forEach((k, v) -> {
            if (v[CategoryStats.B_RECORDS] > 0) {
                want.put(k, v);
            }
        });
        Map<Long, long[]> got = new TreeMap<>();
        int fields = CategoryStats.B_TIME_LAST + 1;
        for (Row r : job.categories().getOrDefault(c.name(), List.of())) {
            if (whole(r)) {
                continue;
            }
            long[] v = got.computeIfAbsent(micros(r, "bucket_time"), k -> new long[fields]);
            String section = r.getString(5);
            String metric = r.getString(7);
            if (section.equals("totals")) {
                switch (metric) {
                    case "records" -> v[CategoryStats.B_RECORDS] = r.getLong(8);
                    case "bytes" -> v[CategoryStats.B_BYTES] = r.getLong(8);
                    case "fpi_bytes" -> v[CategoryStats.B_FPI_BYTES] = r.getLong(8);
                    case "images" -> v[CategoryStats.B_IMAGES] = r.getLong(8);
                    default -> { }
                }
            } else if (section.equals("category") && metric.equals("bytes")) {
                for (Category k : Category.values()) {
                    if (k.key().equals(r.getString(6))) {
                        v[CategoryStats.B_CATEGORY + k.ordinal()] = r.getLong(8);
                    }
                }
            }
        }
        for (Row b : job.buckets().getOrDefault(c.name(), List.of())) {
            if (!whole(b)) {
                long[] v = got.get(micros(b, "bucket_time"));
                v[CategoryStats.B_TIME_FIRST] = micros(b, "first_time");
                v[CategoryStats.B_TIME_LAST] = micros(b, "last_time");
            }
        }
        assertEquals(render(want), render(got), "time buckets (records, bytes, fpi, images, categories, times)");
        Row range = job.ranges().get(c.name());
        assertEquals(cli.timeBuckets().buckets().isEmpty() ? cli.records() : cli.timeBuckets().untimedRecords(),
                range.getLong(range.fieldIndex("untimed_records")), "records before the first time");
        if (!want.isEmpty()) {
            sumsEqualWhole(c.name(), job, cli);
        }
        wholeEqualsCli(c.name(), job, cli, StatsCollector.collect(c.walDir(), c.startLsn(), c.endLsn(), 0, 1), -1);
    }

    /** The buckets' stats totals and layout bytes add up to the whole range's, which are the CLI's. */
    private static void sumsEqualWhole(String cluster, Rows job, CategoryStats cli) {
        long[] layout = new long[5];
        List<String> metrics = List.of("span_bytes", "record_bytes", "page_header_bytes", "padding_bytes",
                "skipped_bytes");
        for (Row r : job.categories().get(cluster)) {
            if (!whole(r) && r.getString(5).equals("layout")) {
                layout[metrics.indexOf(r.getString(7))] += r.getLong(8);
            }
        }
        assertEquals(List.of(cli.spanBytes(), cli.bytes(), cli.pageHeaderBytes(), cli.paddingBytes(),
                cli.skippedBytes()), List.of(layout[0], layout[1], layout[2], layout[3], layout[4]),
                "the buckets' layout bytes add up to the range's");
        long records = 0;
        for (Row r : job.stats().get(cluster)) {
            if (!whole(r) && r.getString(5).equals("Total")) {
                records += r.getLong(6);
            }
        }
        assertEquals(cli.records(), records, "the buckets' records add up to the range's");
    }

    /** The whole-range rows of {@code cluster} (of timeline {@code tli}; -1: any) equal the CLI's figures. */
    private static void wholeEqualsCli(String cluster, Rows job, CategoryStats cli, WalStats stats, int tli) {
        List<String> want = new ArrayList<>();
        for (StatsRow r : stats.rows(true)) {
            want.add(r.name() + "\t" + r.count() + "\t" + r.recordSize() + "\t" + r.fpiSize());
        }
        StatsRow t = stats.total();
        want.add(t.name() + "\t" + t.count() + "\t" + t.recordSize() + "\t" + t.fpiSize());
        List<String> got = new ArrayList<>();
        for (Row r : job.stats().get(cluster)) {
            if (whole(r) && (tli < 0 || r.getInt(2) == tli)) {
                got.add(r.getString(5) + "\t" + r.getLong(6) + "\t" + r.getLong(7) + "\t" + r.getLong(8));
            }
        }
        want.sort(null);
        got.sort(null);
        assertEquals(want, got, "stats --stats=record");
        List<String> wantCats = new ArrayList<>();
        for (CategorySummary.Row r : new CategorySummary(cli).rows()) {
            wantCats.add(r.section() + "\t" + r.name() + "\t" + r.metric() + "\t" + r.value() + "\t" + r.order());
        }
        List<String> gotCats = new ArrayList<>();
        for (Row r : job.categories().get(cluster)) {
            if (whole(r) && (tli < 0 || r.getInt(2) == tli)) {
                gotCats.add(r.getString(5) + "\t" + r.getString(6) + "\t" + r.getString(7) + "\t" + r.getLong(8)
                        + "\t" + r.getInt(r.fieldIndex("row_order")));
            }
        }
        wantCats.sort(null);
        gotCats.sort(null);
        assertEquals(wantCats, gotCats, "stats --categories");
    }

    private static String render(Map<Long, long[]> m) {
        StringBuilder b = new StringBuilder();
        new TreeMap<>(m).forEach((k, v) -> b.append(k).append(' ').append(java.util.Arrays.toString(v)).append('\n'));
        return b.toString();
    }

    @Test
    void promotionSplitsIntoTheTimelinesPgWaldumpReads() {
        Capture c = TestData.timelineCapture("15/promotion");
        long start = c.startLsn();
        long s1 = TestData.parseLsn(c.meta("switch_1"));
        long s2 = TestData.parseLsn(c.meta("switch_2"));
        long end = c.endLsn();
        List<WalFleetJob.Root> roots = List.of(new WalFleetJob.Root("promo", c.walDir().toString(), start, end));
        for (long width : new long[] {0, WIDTH}) {
            Rows job = Rows.of(WalFleetJob.compute(spark, new WalFleetJob.Options(roots, 0, 0, 1, width, 0, 0, null,
                    null)));
            long[][] parts = {{1, start, s1}, {2, s1, s2}, {3, s2, end}};
            for (long[] p : parts) {
                int tli = (int) p[0];
                WalStats stats = StatsCollector.collect(c.walDir(), p[1], p[2], tli, 1);
                CategoryStats cats = CategoryAnalyzer.analyze(c.walDir(), p[1], p[2], tli, 0, 1);
                wholeEqualsCli("promo", job, cats, stats, tli);
                // pg_waldump -t N between the switch points, as stored
                String oracle = c.oracleText("waldump-tli" + tli + "-stats-record.txt");
                for (Row r : job.stats().get("promo")) {
                    if (whole(r) && r.getInt(2) == tli && r.getString(5).equals("Total")) {
                        assertTrue(oracle.matches("(?s).*\\nTotal +" + r.getLong(6) + " +" + r.getLong(7)
                                + " .*"), "pg_waldump -t " + tli + " total " + r.getLong(6) + " records");
                    }
                }
            }
            // the whole history, crossing both switches: stats -t 3 over the range
            CategoryStats crossing = CategoryAnalyzer.scan(c.walDir(), start, end, 3, 0, 1, null, WIDTH);
            sumsEqualWhole("promo", job, crossing);
            Row range = job.ranges().get("promo");
            assertEquals(3, range.getInt(3), "the newest timeline is followed");
            assertEquals("timeline 3 (00000003.history): timeline 1 up to 0/009D3A20, timeline 2 up to 0/00B08C58, "
                    + "then timeline 3", range.getString(range.fieldIndex("history")));
            assertEquals(crossing.records(), range.getLong(7), "records across the switches");
        }
    }

    @Test
    void sinceAndUntilNarrowAsTheCliDoes() {
        // the first of these with a few buckets of commits
        Capture c = null;
        CategoryStats cli = null;
        List<Long> starts = List.of();
        for (String name : List.of("16/pgbench_oltp", "17/pgbench_oltp", "18/pgbench_oltp", "16/vacuum_interleaved",
                "18/busy_tables", "17/autovacuum")) {
            c = TestData.capture(name);
            cli = CategoryAnalyzer.scan(c.walDir(), c.startLsn(), c.endLsn(), 0, 0, 1, null, WIDTH);
            starts = new ArrayList<>(cli.timeBuckets().buckets().keySet());
            if (starts.size() >= 4) {
                break;
            }
        }
        assertTrue(starts.size() >= 4, "buckets: " + starts.size());
        // between bucket edges and at an odd microsecond
        long since = starts.get(1) + 12_347;
        long until = starts.get(starts.size() - 2) + 65_431;
        TimeRange.Lsns l = TimeRange.resolve(c.walDir(), c.startLsn(), c.endLsn(), 0, 1, since, until);
        long[] n = TimeRange.narrow(c.startLsn(), c.endLsn(), since, until, l, "a", "b");
        CategoryStats want = CategoryAnalyzer.analyze(c.walDir(), n[0], n[1], 0, 0, 1);
        assertTrue(want.records() > 0 && want.records() < cli.records(), "a strict part of the range");
        List<WalFleetJob.Root> roots = List.of(new WalFleetJob.Root("x", c.walDir().toString(), c.startLsn(),
                c.endLsn()));
        Rows job = Rows.of(WalFleetJob.compute(spark, new WalFleetJob.Options(roots, 0, 0, 1, 0, since, until, "a",
                "b")));
        wholeEqualsCli("x", job, want, StatsCollector.collect(c.walDir(), n[0], n[1], 0, 1), -1);
        assertNotNull(job.ranges().get("x"));
    }
}
