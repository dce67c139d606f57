package org.walprism.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.categories.WalTime;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.analyzer.report.DiffFormatter;
import org.walprism.analyzer.report.OutputFormat;
import org.walprism.codec.WalVersion;

/**
 * {@code walprism-spark diff}: {@code walprism diff} across a fleet, from the job's output. Each side is a cluster
 * and an optional date range, {@code CLUSTER[@FROM..UNTIL]}: the figures of the cluster's buckets (every timeline
 * and system identifier under that label) whose start lies in {@code [FROM, UNTIL)} (time buckets; without a
 * range, all its buckets) are summed into a {@link CategorySummary} ({@link CategorySummary#of}), and the two are
 * compared by the analyzer's {@link StreamDiff} and rendered by its {@link DiffFormatter}: the same tables,
 * categories and explanations as {@code walprism diff}, in text, JSON or CSV.
 *
 * <p>Every figure of the summary is a sum, and the layout bytes of a bucket are those charged to its records
 * ({@link FleetSink}), so a side that selects all of a root's buckets equals {@code walprism diff}'s side for that
 * root exactly. A date range selects whole buckets: records count in the bucket of the latest commit or abort
 * time before them (the CLI's {@code --bucket}), whereas {@code --since} starts after the last one before it.
 */
final class FleetDiff {
    private FleetDiff() {
    }

    /** One side: a cluster and a time range (microseconds; 0: open). */
    record Spec(String text, String cluster, long from, long until) {
        /** Parses {@code CLUSTER[@FROM..UNTIL]} (FROM or UNTIL may be empty). */
        static Spec parse(String text) {
            int at = text.lastIndexOf('@');
            if (at < 0) {
                return new Spec(text, text, 0, 0);
            }
            String range = text.substring(at + 1);
            int dots = range.indexOf("..");
            if (dots < 0) {
                throw new IllegalArgumentException("\"" + text + "\": the range must be FROM..UNTIL");
            }
            String f = range.substring(0, dots);
            String u = range.substring(dots + 2);
            long from = f.isBlank() ? 0 : WalTime.parse(f);
            long until = u.isBlank() ? 0 : WalTime.parse(u);
            if (from != 0 && until != 0 && until <= from) {
                throw new IllegalArgumentException("\"" + text + "\": UNTIL is not after FROM");
            }
            return new Spec(text, text.substring(0, at), from, until);
        }
    }

    /**
     * {@code diff [--out DIR] [--format text|json|csv] [--rows N|all] A B}: prints the comparison on {@code out};
     * returns 0, or 2 with one line on {@code err} (bad usage, or a side with no rows).
     */
    static int run(String[] args, Supplier<SparkSession> sessions, PrintStream out, PrintStream err) {
        String dir = "walprism-fleet";
        OutputFormat format = OutputFormat.TEXT;
        int rows = 12;
        List<String> sides = new ArrayList<>();
        Spec a;
        Spec b;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--out" -> dir = args[++i];
                    case "--format" -> format = OutputFormat.valueOf(args[++i].toUpperCase(Locale.ROOT));
                    case "--rows" -> {
                        String r = args[++i];
                        rows = r.equalsIgnoreCase("all") ? -1 : Integer.parseInt(r);
                    }
                    default -> {
                        if (args[i].startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + args[i]);
                        }
                        sides.add(args[i]);
                    }
                }
            }
            if (sides.size() != 2 || rows < -1) {
                throw new IllegalArgumentException("usage: walprism-spark diff [--out DIR] [--format text|json|csv] "
                        + "[--rows N|all] CLUSTER[@FROM..UNTIL] CLUSTER[@FROM..UNTIL]");
            }
            a = Spec.parse(sides.get(0));
            b = Spec.parse(sides.get(1));
        } catch (ArrayIndexOutOfBoundsException | IllegalArgumentException e) {
            err.println("walprism-spark diff: " + (e instanceof ArrayIndexOutOfBoundsException
                    ? "option needs a value" : e.getMessage()));
            return 2;
        }
        try {
            SparkSession spark = sessions.get();
            out.print(render(spark, dir, a, b, format, rows));
            out.flush();
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("walprism-spark diff: " + e.getMessage());
            return 2;
        }
    }

    /** The comparison of {@code a} with {@code b} in the job output under {@code dir}, as {@code walprism diff}. */
    static String render(SparkSession spark, String dir, Spec a, Spec b, OutputFormat format, int rows) {
        Dataset<Row> cats = read(spark, dir, "categories", WalFleetJob.CATEGORIES_SCHEMA);
        Dataset<Row> buckets = read(spark, dir, "buckets", FleetRows.BUCKETS_SCHEMA);
        StreamDiff d = new StreamDiff(side(cats, buckets, a), side(cats, buckets, b));
        return DiffFormatter.format(d, format, rows);
    }

    /** The summed figures of one side. */
    static StreamDiff.Side side(Dataset<Row> cats, Dataset<Row> buckets, Spec s) {
        Column pick = col("cluster").equalTo(s.cluster())
                .and(col("bucket_start").isNotNull().or(col("bucket_time").isNotNull()));
        if (s.from() != 0 || s.until() != 0) {
            pick = pick.and(col("bucket_time").isNotNull());
            if (s.from() != 0) {
                pick = pick.and(col("bucket_time").geq(FleetRows.timestamp(s.from())));
            }
            if (s.until() != 0) {
                pick = pick.and(col("bucket_time").lt(FleetRows.timestamp(s.until())));
            }
        }
        List<Row> where = buckets.filter(pick).groupBy(col("version"))
                .agg(min(col("first_record")), max(col("end")), sum(col("records"))).collectAsList();
        if (where.isEmpty()) {
            boolean ranged = s.from() != 0 || s.until() != 0;
            boolean timed = ranged && !buckets.filter(col("cluster").equalTo(s.cluster())
                    .and(col("bucket_time").isNotNull())).isEmpty();
            throw new IllegalArgumentException("no bucket of cluster " + s.cluster()
                    + (ranged ? " in " + s.text().substring(s.cluster().length() + 1) : "") + " in the job's output"
                    + (ranged && !timed ? " (a date range needs time buckets: run the job with --bucket 1h)" : ""));
        }
        if (where.size() > 1) {
            List<String> v = new ArrayList<>();
            where.forEach(r -> v.add(r.getString(0)));
            throw new IllegalArgumentException(s.text() + " spans PostgreSQL " + String.join(" and ", v)
                    + ": compare one version's range with another's");
        }
        Row w = where.get(0);
        WalVersion version = WalVersion.fromLabel(w.getString(0));
        List<CategorySummary.Row> figures = new ArrayList<>();
        for (Row r : cats.filter(pick).groupBy(col("section"), col("name"), col("row_order"), col("metric"))
                .agg(sum(col("value"))).collectAsList()) {
            figures.add(new CategorySummary.Row(r.getString(0), r.getString(1), r.getInt(2), r.getString(3),
                    r.getLong(4)));
        }
        // in the order the summary's constructor makes them (sections, then rows by their order, metrics as met)
        figures.sort(java.util.Comparator.comparingInt((CategorySummary.Row r) -> CategorySummary.SECTIONS.indexOf(
                r.section())).thenComparingInt(CategorySummary.Row::order).thenComparingInt(r -> metricOrder(
                r.metric())));
        return new StreamDiff.Side(s.text(), CategorySummary.of(version, w.getLong(1), w.getLong(2), figures));
    }

    private static final List<String> METRICS = List.of("records", "bytes", "fpi_bytes", "images", "vm_set_records",
            "stored_bytes", "raw_bytes", "hole_bytes", "span_bytes", "record_bytes", "page_header_bytes",
            "padding_bytes", "skipped_bytes");

    private static int metricOrder(String m) {
        int i = METRICS.indexOf(m);
        return i < 0 ? METRICS.size() : i;
    }

    /** A table of the job's output, Parquet or (when its directory holds JSON files) JSON. */
    static Dataset<Row> read(SparkSession spark, String dir, String table, StructType schema) {
        String path = dir + "/" + table;
        boolean json;
        try (Stream<Path> files = Files.list(Path.of(path))) {
            json = files.anyMatch(p -> p.getFileName().toString().endsWith(".json"));
        } catch (java.io.IOException | RuntimeException e) {
            json = false;
        }
        return json ? spark.read().schema(schema).option("timestampFormat", WalFleetJob.JSON_TIME)
                .option("timeZone", "UTC").json(path) : spark.read().parquet(path);
    }
}
