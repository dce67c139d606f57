package org.walprism.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.cli.Main;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The Spark job's tables as {@code walprism export} writes them: the same names, column names, types and
 * nullability as the job's schemas (read from the spark module's source, so that Spark need not start), and the
 * values of a capture against its server's {@code pg_get_wal_stats(..., true)} ({@code stats.tsv}) and against
 * {@code walprism stats --categories --format csv} on the same range.
 */
class FleetTablesTest {

    private static final Map<String, String> TYPES = Map.of("StringType", "VARCHAR", "IntegerType", "INTEGER",
            "LongType", "BIGINT", "TimestampType", "TIMESTAMP WITH TIME ZONE");

    /** The columns of {@code constant} in {@code file}: name, DuckDB type, nullable (YES/NO), as DESCRIBE prints. */
    static List<String> sparkSchema(String file, String constant) throws Exception {
        String src = Files.readString(Path.of("..", "spark", "src", "main", "java", "org", "walprism", "spark", file));
        int at = src.indexOf(constant + " = new StructType()");
        assertFalse(at < 0, constant + " not found in " + file);
        String block = src.substring(at, src.indexOf(';', at));
        Matcher m = Pattern.compile("\\.add\\(\"(\\w+)\", DataTypes\\.(\\w+), (true|false)\\)").matcher(block);
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1) + " " + TYPES.get(m.group(2)) + " " + (m.group(3).equals("true") ? "YES" : "NO"));
        }
        assertFalse(out.isEmpty(), constant);
        return out;
    }

    private static List<String> described(WalSql db, String table) throws Exception {
        List<String> out = new ArrayList<>();
        for (List<String> r : rows(db, "SELECT column_name, column_type, \"null\" FROM (DESCRIBE " + table + ")")) {
            out.add(String.join(" ", r));
        }
        return out;
    }

    private static List<List<String>> rows(WalSql db, String sql) throws Exception {
        List<List<String>> out = new ArrayList<>();
        try (var st = db.connection().createStatement(); var rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> r = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    r.add(rs.getString(i));
                }
                out.add(r);
            }
        }
        return out;
    }

    @Test
    void theSchemasAreTheSparkJobs() throws Exception {
        Capture c = TestData.capture("18/vacuum_noindex");
        try (WalSql db = WalinspectEqualityTest.load(c, WalTables.Contents.all(false).cluster("vacuum_noindex"))) {
            assertEquals(sparkSchema("WalFleetJob.java", "STATS_SCHEMA"), described(db, "stats"));
            assertEquals(sparkSchema("WalFleetJob.java", "CATEGORIES_SCHEMA"), described(db, "categories"));
            assertEquals(sparkSchema("FleetRows.java", "BUCKETS_SCHEMA"), described(db, "buckets"));
        }
    }

    @Test
    void theStatsRowsAreTheServers() throws Exception {
        Capture c = TestData.capture("18/vacuum_noindex");
        try (WalSql db = WalinspectEqualityTest.load(c, WalTables.Contents.all(false).cluster("vacuum_noindex"))) {
            List<String> expected = c.oracleText("stats.tsv").lines().sorted().toList();
            List<String> actual = new ArrayList<>();
            for (List<String> r : rows(db, "SELECT name, count, record_size, fpi_size, combined_size FROM stats "
                    + "WHERE name <> 'Total' AND count > 0 AND bucket_start IS NULL ORDER BY name")) {
                actual.add(String.join("\t", r));
            }
            assertEquals(expected, actual);
            List<List<String>> total = rows(db, "SELECT t.count, t.combined_size, "
                    + "(SELECT sum(count) FROM stats WHERE name <> 'Total'), "
                    + "(SELECT sum(combined_size) FROM stats WHERE name <> 'Total'), "
                    + "(SELECT count(*) FROM wal_records), b.records, b.version, t.system_identifier, t.cluster "
                    + "FROM stats t, buckets b WHERE t.name = 'Total'");
            assertEquals(1, total.size());
            List<String> t = total.get(0);
            assertEquals(t.get(0), t.get(2));
            assertEquals(t.get(1), t.get(3));
            assertEquals(t.get(0), t.get(4));
            assertEquals(t.get(0), t.get(5));
            assertEquals("18", t.get(6));
            assertEquals("vacuum_noindex", t.get(8));
            assertFalse(t.get(7).equals("0"), "system identifier");
        }
    }

    @Test
    void theCategoriesRowsAreStatsCategories() throws Exception {
        Capture c = TestData.capture("18/vacuum_noindex");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String start = Lsn.format(c.startLsn(), true);
        String end = Lsn.format(c.endLsn(), true);
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "stats", "--categories", "--format", "csv",
                "-p", c.walDir().toString(), "-s", start, "-e", end);
        assertEquals(0, code, err.toString());
        // the sections the job stores (CategorySummary.rows()); range, category_part, relation and lsn_bucket rows
        // are the CSV's own
        List<String> expected = new ArrayList<>();
        List<String> range = new ArrayList<>();
        for (String line : out.toString().lines().skip(1).toList()) {
            String[] f = line.split(",", -1);
            assertEquals(4, f.length, line);
            if (CategorySummary.SECTIONS.contains(f[0])) {
                expected.add(String.join("\t", f));
            } else if (f[0].equals("range")) {
                range.add(f[2] + "=" + f[3]);
            }
        }
        for (String section : List.of("totals", "category", "record_type", "part", "fpi_cause", "layout")) {
            assertTrue(expected.stream().anyMatch(e -> e.startsWith(section + "\t")), section);
        }
        try (WalSql db = WalinspectEqualityTest.load(c, WalTables.Contents.all(false).cluster("vacuum_noindex"))) {
            List<String> actual = new ArrayList<>();
            for (List<String> r : rows(db, "SELECT section, name, metric, value FROM categories "
                    + "WHERE bucket_start IS NULL")) {
                actual.add(String.join("\t", r));
            }
            assertEquals(expected.stream().sorted().toList(), actual.stream().sorted().toList());
            List<List<String>> b = rows(db, "SELECT version, first_lsn, end_lsn FROM buckets");
            assertEquals(List.of("version=" + b.get(0).get(0), "start_lsn=" + b.get(0).get(1),
                    "end_lsn=" + b.get(0).get(2)), range);
        }
    }

    /**
     * Time buckets are held until the range is read: more than {@link FleetTables#MAX_BUCKETS} stop the load (the
     * CLI's least width is 1s; 1 microsecond here gives a bucket per commit, 4000 on 17/hot_updates).
     */
    @Test
    void moreTimeBucketsThanTheLimitStopTheLoad() throws Exception {
        Capture c = TestData.capture("17/hot_updates");
        WalTables.Contents contents = WalTables.Contents.all(false).cluster("hot_updates")
                .source("hot_updates", new FleetTables.Buckets(0, 1), null);
        try (WalSql db = WalSql.open(null, new WalSql.Settings("1GB", null, 2));
             org.walprism.codec.read.WalReader r = org.walprism.source.WalSources.reader(c.walDir(),
                     Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()), 0)) {
            FleetTables.TooManyBuckets e = org.junit.jupiter.api.Assertions.assertThrows(
                    FleetTables.TooManyBuckets.class, () -> db.load(r, c.startLsn(), c.endLsn(), contents,
                            org.walprism.analyzer.relmap.RelationMap.empty(), null));
            assertEquals("more than 1000 buckets over the range", e.getMessage());
        }
    }
}
