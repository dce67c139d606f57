package org.walprism.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * On every bundled capture (all of them in one job, one root each, as a fleet), the job's figures equal the CLI's
 * own sequential analysis ({@link StatsCollector}, {@link CategoryAnalyzer}): whole-range {@code stats
 * --stats=record} rows and {@code --categories} summary, the per-bucket counters, the range and record count; for
 * one segment per task (every segment boundary a task seam) and three segments per task.
 */
class WalFleetJobTest {
    private static SparkSession spark;
    private static List<Capture> captures;
    private static final String GZ = "stored:";

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("walprism-fleet-test")
                .config("spark.ui.enabled", "false")
                // loopback only: the driver binds no other address
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.default.parallelism", "4")
                .getOrCreate();
        captures = TestData.captures();
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    /** The job's rows of one run, by cluster. */
    private record JobRows(Map<String, List<Row>> stats, Map<String, List<Row>> categories, Map<String, Row> ranges) {
    }

    private static JobRows run(int segmentsPerTask) {
        List<WalFleetJob.Root> roots = new ArrayList<>();
        for (int i = 0; i < captures.size(); i++) {
            Capture c = captures.get(i);
            roots.add(new WalFleetJob.Root(c.name(), c.walDir().toString(), c.startLsn(), c.endLsn()));
            Path stored = c.storedDir().resolve("wal");
            if (i % 8 == 0 && Files.isDirectory(stored)) {
                // the corpus as stored (.gz segments), for some captures: the same figures
                roots.add(new WalFleetJob.Root(GZ + c.name(), stored.toString(), c.startLsn(), c.endLsn()));
            }
        }
        WalFleetJob.Output out = WalFleetJob.compute(spark, new WalFleetJob.Options(roots, 0, 0, segmentsPerTask));
        Map<String, List<Row>> stats = new HashMap<>();
        for (Row r : out.stats().collectAsList()) {
            stats.computeIfAbsent(r.getString(0), k -> new ArrayList<>()).add(r);
        }
        Map<String, List<Row>> cats = new HashMap<>();
        for (Row r : out.categories().collectAsList()) {
            cats.computeIfAbsent(r.getString(0), k -> new ArrayList<>()).add(r);
        }
        Map<String, Row> ranges = new HashMap<>();
        for (Row r : out.ranges().collectAsList()) {
            ranges.put(r.getString(0), r);
        }
        return new JobRows(stats, cats, ranges);
    }

    @TestFactory
    Stream<DynamicTest> oneSegmentPerTask() {
        return checks(1);
    }

    @TestFactory
    Stream<DynamicTest> threeSegmentsPerTask() {
        return checks(3);
    }

    private Stream<DynamicTest> checks(int segmentsPerTask) {
        JobRows job = run(segmentsPerTask);
        assertTrue(job.ranges().size() > captures.size(), "one range row per root, stored forms too");
        Stream<DynamicTest> plain = captures.stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c, c.name(), job)));
        Stream<DynamicTest> stored = captures.stream().filter(c -> job.ranges().containsKey(GZ + c.name()))
                .map(c -> DynamicTest.dynamicTest(GZ + c.name(), () -> check(c, GZ + c.name(), job)));
        return Stream.concat(plain, stored);
    }

    private static void check(Capture c, String cluster, JobRows job) {
        WalStats expected = StatsCollector.collect(c.walDir(), c.startLsn(), c.endLsn(), 0, 1);
        CategoryStats cats = CategoryAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0, c.segmentSize(), 1);
        List<Row> stats = job.stats().getOrDefault(cluster, List.of());
        List<Row> catRows = job.categories().getOrDefault(cluster, List.of());
        Row range = job.ranges().get(cluster);

        // the range and record count
        assertEquals(expected.count(), range.getLong(7), "records");
        assertEquals(Lsn.of(expected.startLsn()).format(expected.version()), range.getString(5), "first record");
        assertEquals(Lsn.of(expected.endLsn()).format(expected.version()), range.getString(6), "end of last record");
        assertTrue(range.getInt(9) >= 1 && range.getInt(9) <= range.getInt(8), "tasks used");

        // whole range: stats --stats=record rows and the total
        List<String> want = new ArrayList<>();
        for (StatsRow r : expected.rows(true)) {
            want.add(statsLine(r.name(), r.count(), r.recordSize(), r.fpiSize(), r.combinedSize()));
        }
        StatsRow t = expected.total();
        want.add(statsLine(t.name(), t.count(), t.recordSize(), t.fpiSize(), t.combinedSize()));
        List<String> got = new ArrayList<>();
        for (Row r : stats) {
            if (r.isNullAt(3)) {
                got.add(statsLine(r.getString(5), r.getLong(6), r.getLong(7), r.getLong(8), r.getLong(9)));
            }
        }
        want.sort(null);
        got.sort(null);
        assertEquals(want, got, "stats --stats=record rows");

        // whole range: the categories view
        List<String> wantCats = new ArrayList<>();
        CategorySummary s = new CategorySummary(cats);
        for (String section : s.sectionNames()) {
            s.section(section).forEach((name, metrics) -> metrics.forEach((m, v) ->
                    wantCats.add(section + "\t" + name + "\t" + m + "\t" + v)));
        }
        List<String> gotCats = new ArrayList<>();
        for (Row r : catRows) {
            if (r.isNullAt(3)) {
                gotCats.add(r.getString(5) + "\t" + r.getString(6) + "\t" + r.getString(7) + "\t" + r.getLong(8));
            }
        }
        wantCats.sort(null);
        gotCats.sort(null);
        assertEquals(wantCats, gotCats, "categories view");

        // per bucket: the analyzer's bucket counters at the same width (one segment)
        Map<Long, long[]> bucketTotals = new HashMap<>();
        for (Row r : catRows) {
            if (!r.isNullAt(3) && r.getString(5).equals("totals")) {
                long[] v = bucketTotals.computeIfAbsent(r.getLong(3), k -> new long[4]);
                switch (r.getString(7)) {
                    case "records" -> v[0] = r.getLong(8);
                    case "bytes" -> v[1] = r.getLong(8);
                    case "fpi_bytes" -> v[2] = r.getLong(8);
                    case "images" -> v[3] = r.getLong(8);
                    default -> { }
                }
            }
        }
        Map<Long, long[]> wantBuckets = new HashMap<>();
        for (int i = 0; i < cats.bucketCount(); i++) {
            long[] b = cats.bucket(i);
            if (b[CategoryStats.B_RECORDS] > 0) {
                wantBuckets.put(cats.bucketStart(i), new long[] {b[CategoryStats.B_RECORDS], b[CategoryStats.B_BYTES],
                    b[CategoryStats.B_FPI_BYTES], b[CategoryStats.B_IMAGES]});
            }
        }
        assertEquals(render(wantBuckets), render(bucketTotals), "per-bucket totals");
        long bucketRecords = 0;
        for (Row r : stats) {
            if (!r.isNullAt(3) && r.getString(5).equals("Total")) {
                bucketRecords += r.getLong(6);
            }
        }
        assertEquals(expected.count(), bucketRecords, "per-bucket stats totals add up to the range's");
    }

    private static String statsLine(String name, long count, long rec, long fpi, long comb) {
        return name + "\t" + count + "\t" + rec + "\t" + fpi + "\t" + comb;
    }

    private static String render(Map<Long, long[]> m) {
        StringBuilder b = new StringBuilder();
        new java.util.TreeMap<>(m).forEach((k, v) -> b.append(Long.toHexString(k)).append(' ')
                .append(java.util.Arrays.toString(v)).append('\n'));
        return b.toString();
    }
}
