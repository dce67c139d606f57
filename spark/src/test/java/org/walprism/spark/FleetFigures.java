package org.walprism.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.WalForms;

/**
 * For the tests reading roots off local disk ({@code hdfs://}, {@code s3a://}): the forms a capture is stored in,
 * and the job's whole-range figures of a root against {@code walprism stats --stats=record} and
 * {@code stats --categories} ({@link StatsCollector}, {@link CategoryAnalyzer}) on the capture's own segments.
 */
final class FleetFigures {
    private FleetFigures() {
    }

    /** A Spark session as the other tests make it: {@code local[2]}, loopback only. */
    static SparkSession session(String name) {
        return SparkSession.builder().master("local[2]").appName(name)
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.default.parallelism", "4")
                .getOrCreate();
    }

    /**
     * Under {@code dir}, the forms of {@code c}'s segments that are read by several tasks or one: plain segments,
     * zstd segments, a pgBackRest repository (lz4), a WAL-G root (xz), a barman server (bzip2 under the plain
     * name) and {@code pg_basebackup -Ft} directories ({@code pg_wal.tar.gz}: one task; {@code pg_wal.tar}: members
     * read in place, several tasks); name -&gt; directory relative to {@code dir}.
     */
    static Map<String, String> forms(Capture c, Path dir) throws IOException {
        List<Path> segs = WalForms.segments(c.walDir());
        Map<String, String> forms = new java.util.LinkedHashMap<>();
        WalForms.compressedDir(segs, dir.resolve("plain"), WalForms.Codec.NONE, false);
        forms.put("plain", "plain");
        WalForms.compressedDir(segs, dir.resolve("zstd"), WalForms.Codec.ZSTD, false);
        forms.put("zstd", "zstd");
        WalForms.pgBackRest(segs, dir.resolve("pgbackrest"), "main", c.versionLabel() + "-1", WalForms.Codec.LZ4);
        forms.put("pgbackrest", "pgbackrest");
        WalForms.walG(segs, dir.resolve("walg"), WalForms.Codec.XZ);
        forms.put("walg", "walg");
        WalForms.barman(segs, dir.resolve("barman").resolve("pg"), WalForms.Codec.BZIP2);
        forms.put("barman", "barman/pg");
        Files.createDirectories(dir.resolve("basebackup"));
        WalForms.tar(dir.resolve("basebackup").resolve("pg_wal.tar.gz"), WalForms.members(segs, "", WalForms.Codec.NONE,
                0), WalForms.Codec.GZIP);
        forms.put("tar", "basebackup");
        Files.createDirectories(dir.resolve("plaintar"));
        WalForms.tar(dir.resolve("plaintar").resolve("pg_wal.tar"), WalForms.members(segs, "", WalForms.Codec.NONE,
                0), WalForms.Codec.NONE);
        forms.put("plaintar", "plaintar");
        return forms;
    }

    /** The job's whole-range rows, by cluster: stats lines, categories lines, range row. */
    record Figures(Map<String, List<String>> stats, Map<String, List<String>> categories, Map<String, Row> ranges) {

        static Figures of(WalFleetJob.Output out) {
            Map<String, List<String>> stats = new HashMap<>();
            for (Row r : out.stats().collectAsList()) {
                if (r.isNullAt(3)) {
                    stats.computeIfAbsent(r.getString(0), k -> new ArrayList<>())
                            .add(statsLine(r.getString(5), r.getLong(6), r.getLong(7), r.getLong(8), r.getLong(9)));
                }
            }
            Map<String, List<String>> cats = new HashMap<>();
            for (Row r : out.categories().collectAsList()) {
                if (r.isNullAt(3)) {
                    cats.computeIfAbsent(r.getString(0), k -> new ArrayList<>())
                            .add(r.getString(5) + "\t" + r.getString(6) + "\t" + r.getString(7) + "\t" + r.getLong(8));
                }
            }
            Map<String, Row> ranges = new HashMap<>();
            for (Row r : out.ranges().collectAsList()) {
                ranges.put(r.getString(0), r);
            }
            return new Figures(stats, cats, ranges);
        }

        /** Root {@code cluster}'s figures equal the CLI's on capture {@code c}. */
        void assertSameAsCli(Capture c, String cluster) {
            WalStats expected = StatsCollector.collect(c.walDir(), c.startLsn(), c.endLsn(), 0, 1);
            Row range = ranges.get(cluster);
            assertNotNull(range, "a range row for " + cluster);
            assertEquals(expected.count(), range.getLong(7), cluster + " records");
            assertEquals(Lsn.of(expected.startLsn()).format(expected.version()), range.getString(5), cluster + " first");
            assertEquals(Lsn.of(expected.endLsn()).format(expected.version()), range.getString(6), cluster + " end");

            List<String> want = new ArrayList<>();
            for (StatsRow r : expected.rows(true)) {
                want.add(statsLine(r.name(), r.count(), r.recordSize(), r.fpiSize(), r.combinedSize()));
            }
            StatsRow t = expected.total();
            want.add(statsLine(t.name(), t.count(), t.recordSize(), t.fpiSize(), t.combinedSize()));
            assertEquals(sorted(want), sorted(stats.getOrDefault(cluster, List.of())), cluster + " stats rows");

            List<String> wantCats = new ArrayList<>();
            CategorySummary s = new CategorySummary(CategoryAnalyzer.analyze(c.walDir(), c.startLsn(), c.endLsn(), 0,
                    c.segmentSize(), 1));
            for (String section : s.sectionNames()) {
                s.section(section).forEach((name, metrics) -> metrics.forEach((m, v) ->
                        wantCats.add(section + "\t" + name + "\t" + m + "\t" + v)));
            }
            assertEquals(sorted(wantCats), sorted(categories.getOrDefault(cluster, List.of())),
                    cluster + " categories view");
        }
    }

    private static List<String> sorted(List<String> l) {
        List<String> s = new ArrayList<>(l);
        s.sort(null);
        return s;
    }

    private static String statsLine(String name, long count, long rec, long fpi, long comb) {
        return name + "\t" + count + "\t" + rec + "\t" + fpi + "\t" + comb;
    }
}
