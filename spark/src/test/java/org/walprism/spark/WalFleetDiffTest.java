package org.walprism.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.categories.WalTime;
import org.walprism.analyzer.diff.Explanation;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.analyzer.report.DiffFormatter;
import org.walprism.analyzer.report.OutputFormat;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The fleet diff, from the job's written output, equals {@code walprism diff} of the same inputs (what DiffCommand
 * runs: {@link StreamDiff} of two {@link CategoryAnalyzer} summaries, {@link DiffFormatter}): PostgreSQL 16 and 17
 * running the same workload as "before" and "after" an upgrade, and checksums off and on.
 */
class WalFleetDiffTest {
    private static SparkSession spark;
    private static final String[][] PAIRS = {{"16/vacuum_indexed", "17/vacuum_indexed"},
        {"16/hot_updates", "16/hot_updates_checksums"}};

    @TempDir
    static Path out;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("walprism-fleet-diff-test")
                .config("spark.ui.enabled", "false")
                // loopback only: the driver binds no other address
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.default.parallelism", "4")
                .getOrCreate();
        // one job, one root per capture (cluster = its name), time buckets of an hour, one segment per task, written
        // by the command
        List<String> roots = new ArrayList<>();
        for (String[] p : PAIRS) {
            for (String name : p) {
                roots.add(name + "=" + TestData.capture(name).walDir());
            }
        }
        List<String> args = new ArrayList<>(List.of("--out", out.resolve("parquet").toString(), "--format", "parquet",
                "--segments-per-task", "1", "--bucket", "1h"));
        args.addAll(roots);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = WalFleetJob.run(args.toArray(String[]::new), () -> spark,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        // the same tables as JSON (what --format json writes: one file per table), without running the job again
        for (String table : List.of("stats", "categories", "ranges", "buckets")) {
            WalFleetJob.write(spark.read().parquet(out.resolve("parquet").resolve(table).toString()), "json",
                    out.resolve("json").resolve(table).toString());
        }
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    /** {@code walprism diff A B} with the labels {@code la} and {@code lb}. */
    private static String cli(String a, String b, String la, String lb, OutputFormat f, int rows) {
        Capture ca = TestData.capture(a);
        Capture cb = TestData.capture(b);
        StreamDiff d = new StreamDiff(
                new StreamDiff.Side(la, new CategorySummary(CategoryAnalyzer.analyze(ca.walDir(), 0, 0, 0, 0, 1))),
                new StreamDiff.Side(lb, new CategorySummary(CategoryAnalyzer.analyze(cb.walDir(), 0, 0, 0, 0, 1))));
        if (a.startsWith("16/vacuum")) {
            assertEquals("prune_freeze_merge", d.explanations().get(0).id(), "the upgrade's explanation");
        } else {
            assertTrue(d.explanations().stream().map(Explanation::id).anyMatch("hint_fpi"::equals), "checksums");
        }
        return DiffFormatter.format(d, f, rows);
    }

    private static String fleet(String format, String a, String b, OutputFormat f, int rows) {
        return FleetDiff.render(spark, out.resolve(format).toString(), FleetDiff.Spec.parse(a), FleetDiff.Spec.parse(b),
                f, rows);
    }

    @Test
    void fleetDiffOfWholeClustersIsWalprismDiff() {
        for (String[] p : PAIRS) {
            for (OutputFormat f : OutputFormat.values()) {
                String want = cli(p[0], p[1], p[0], p[1], f, 12);
                assertEquals(want, fleet("parquet", p[0], p[1], f, 12), p[0] + " vs " + p[1] + " " + f);
                assertEquals(want, fleet("json", p[0], p[1], f, 12), p[0] + " vs " + p[1] + " " + f + " (JSON)");
            }
            assertEquals(cli(p[0], p[1], p[0], p[1], OutputFormat.TEXT, -1),
                    fleet("parquet", p[0], p[1], OutputFormat.TEXT, -1), "--rows all");
        }
    }

    @Test
    void dateRangesSelectTheirBuckets() {
        String[] p = PAIRS[0];
        // each side's buckets, from the buckets table: a range around all of them is the whole cluster
        long[] first = new long[2];
        long[] last = new long[2];
        for (int i = 0; i < 2; i++) {
            for (Row r : FleetDiff.read(spark, out.resolve("parquet").toString(), "buckets", FleetRows.BUCKETS_SCHEMA)
                    .filter("cluster = '" + p[i] + "' and bucket_time is not null").collectAsList()) {
                long t = r.getTimestamp(r.fieldIndex("bucket_time")).getTime() * 1000L;
                first[i] = first[i] == 0 ? t : Math.min(first[i], t);
                last[i] = Math.max(last[i], t);
            }
        }
        String a = p[0] + "@" + WalTime.iso(first[0]) + ".." + WalTime.iso(last[0] + 3_600_000_000L);
        String b = p[1] + "@" + WalTime.iso(first[1]) + "..";
        assertEquals(cli(p[0], p[1], a, b, OutputFormat.JSON, 12), fleet("parquet", a, b, OutputFormat.JSON, 12));
        // a range before any of them: no bucket, one line, exit 2
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = FleetDiff.run(new String[] {"--out", out.resolve("parquet").toString(), p[0] + "@..2001-01-01",
            p[1]}, () -> spark, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, rc);
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.startsWith("walprism-spark diff: no bucket of cluster 16/vacuum_indexed in ..2001-01-01")
                && e.endsWith("\n") && e.indexOf('\n') == e.length() - 1, e);
        // bad usage
        assertEquals(2, FleetDiff.run(new String[] {"only-one"}, () -> spark, System.out,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
    }

    @Test
    void commandPrintsTheDiff() {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] p = PAIRS[1];
        PrintStream ps = new PrintStream(o, true, StandardCharsets.UTF_8);
        int rc = FleetDiff.run(new String[] {"--out", out.resolve("json").toString(), "--format", "json", p[0], p[1]},
                () -> spark, ps, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        assertEquals(cli(p[0], p[1], p[0], p[1], OutputFormat.JSON, 12), o.toString(StandardCharsets.UTF_8));
    }

    @Test
    void jsonKeepsEveryFigureAndTimeOfParquet() {
        for (String table : List.of("buckets", "categories")) {
            org.apache.spark.sql.types.StructType schema = table.equals("buckets") ? FleetRows.BUCKETS_SCHEMA
                    : WalFleetJob.CATEGORIES_SCHEMA;
            List<String> p = new ArrayList<>();
            FleetDiff.read(spark, out.resolve("parquet").toString(), table, schema).collectAsList()
                    .forEach(r -> p.add(r.toString()));
            List<String> j = new ArrayList<>();
            FleetDiff.read(spark, out.resolve("json").toString(), table, schema).collectAsList()
                    .forEach(r -> j.add(r.toString()));
            p.sort(null);
            j.sort(null);
            assertEquals(p, j, table);
            assertTrue(p.size() >= 8, table + " rows");
            if (table.equals("buckets")) {
                assertTrue(p.stream().anyMatch(r -> r.matches(".*\\.\\d{5}[1-9].*")), "times to the microsecond");
            }
        }
    }
}
