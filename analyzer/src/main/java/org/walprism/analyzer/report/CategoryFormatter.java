package org.walprism.analyzer.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walprism.analyzer.ByteUnits;
import org.walprism.analyzer.PlainText;
import org.walprism.analyzer.categories.Category;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.categories.Parts;
import org.walprism.analyzer.categories.RelationTable;
import org.walprism.analyzer.categories.TableRollup;
import org.walprism.analyzer.categories.TimeBuckets;
import org.walprism.analyzer.categories.WalTime;
import org.walprism.analyzer.json.Json;
import org.walprism.analyzer.replay.CompressionEstimate;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;

/**
 * Prints a {@link CategoryStats} as text (fits 80 columns), JSON or CSV. The three carry the same keys: the
 * section and metric names of {@link CategorySummary}, plus {@code relations} and {@code lsn_buckets}.
 */
public final class CategoryFormatter {
    /** Relations listed in text output (JSON and CSV list all). */
    public static final int TEXT_RELATIONS = 10;

    private CategoryFormatter() {
    }

    /** {@code stats --categories} output of {@code stats} in {@code format}. */
    public static String format(CategoryStats stats, OutputFormat format) {
        return format(stats, format, null);
    }

    /**
     * As {@link #format(CategoryStats, OutputFormat)}, followed by the {@code wal_compression} estimate of the same
     * range ({@code --compression-estimate}; null: none): a table after the text, a {@code compression_estimate}
     * member of the JSON object, {@code compression_estimate} rows of the CSV ({@link CompressionFormatter}).
     */
    public static String format(CategoryStats stats, OutputFormat format, CompressionEstimate.Result estimate) {
        return format(stats, format, estimate, ByteUnits.BYTES);
    }

    /**
     * As {@link #format(CategoryStats, OutputFormat, CompressionEstimate.Result)}, the text's byte counts written in
     * {@code units} ({@link ByteUnits#PRETTY}: {@code --human}, as pg_size_pretty writes them); JSON and CSV carry
     * the numbers whatever {@code units} is.
     */
    public static String format(CategoryStats stats, OutputFormat format, CompressionEstimate.Result estimate,
            ByteUnits units) {
        CategorySummary s = new CategorySummary(stats);
        return switch (format) {
            case TEXT -> estimate == null ? text(s, units) : text(s, units) + "\n" + CompressionFormatter.text(estimate);
            case JSON -> json(s, estimate);
            case CSV -> {
                StringBuilder sb = new StringBuilder(csv(s));
                if (estimate != null) {
                    CompressionFormatter.csv(sb, estimate);
                }
                yield sb.toString();
            }
        };
    }

    static String pct(long part, long whole) {
        return whole == 0 ? "0.00" : String.format(Locale.ROOT, "%.2f", 100.0 * part / whole);
    }

    static String fork(int f) {
        return BlockRef.forkName(f);
    }

    private static String text(CategorySummary s, ByteUnits u) {
        CategoryStats st = s.stats();
        StringBuilder sb = new StringBuilder();
        long total = st.bytes();
        sb.append(String.format(Locale.ROOT, "WAL categories between %s and %s (PostgreSQL %s)%n",
                s.lsn(st.startLsn() < 0 ? 0 : st.startLsn()), s.lsn(st.endLsn()), st.version().label()));
        sb.append(String.format(Locale.ROOT, "%d records, %s, %d full-page images%n%n", st.records(), u.amount(total),
                st.images()));

        sb.append(String.format(Locale.ROOT, "%-16s %9s %7s %11s %7s %11s %7s%n", "Category", "Records", "(%)",
                "Bytes", "(%)", "FPI bytes", "Images"));
        for (Category c : Category.values()) {
            sb.append(String.format(Locale.ROOT, "%-16s %9d %7s %11s %7s %11s %7d%n", c.key(),
                    st.categoryRecords(c), pct(st.categoryRecords(c), st.records()), u.text(st.categoryBytes(c)),
                    pct(st.categoryBytes(c), total), u.text(st.categoryFpiBytes(c)), st.categoryImages(c)));
        }
        sb.append(String.format(Locale.ROOT, "%-16s %9d %7s %11s %7s %11s %7d%n%n", "Total", st.records(), "",
                u.text(total), "", u.text(st.partBytes(Parts.FPI)), st.images()));

        sb.append(String.format(Locale.ROOT, "%-34s %8s %11s %11s %7s%n", "Record type", "Records", "Bytes",
                "FPI bytes", "Images"));
        List<Map.Entry<String, Map<String, Long>>> types = new ArrayList<>(s.section("record_type").entrySet());
        types.sort(Comparator.comparingLong((Map.Entry<String, Map<String, Long>> e) -> -e.getValue().get("bytes"))
                .thenComparing(Map.Entry::getKey));
        for (Map.Entry<String, Map<String, Long>> e : types) {
            Map<String, Long> r = e.getValue();
            sb.append(String.format(Locale.ROOT, "%-34s %8d %11s %11s %7d%n", clip(e.getKey(), 34),
                    r.get("records"), u.text(r.get("bytes")), u.text(r.get("fpi_bytes")), r.get("images")));
        }
        sb.append('\n');

        sb.append(String.format(Locale.ROOT, "%-28s %-8s %11s %7s%n", "Part", "Group", "Bytes", "(%)"));
        for (int p = 0; p < Parts.COUNT; p++) {
            long b = st.partBytes(p);
            if (b != 0) {
                sb.append(String.format(Locale.ROOT, "%-28s %-8s %11s %7s%n", clip(Parts.name(st.version(), p), 28),
                        Parts.group(p), u.text(b), pct(b, total)));
            }
        }
        sb.append(String.format(Locale.ROOT, "%-28s %-8s %11s%n", "Total", "", u.text(total)));
        sb.append(String.format(Locale.ROOT, "Records setting VM bits: %d%n", st.vmSetRecords()));
        sb.append(String.format(Locale.ROOT, "Heap DML clearing VM bits: %d records, %s, %d images (in vm)%n%n",
                st.vmClearRecords(), u.amount(st.vmClearBytes()), st.vmClearImages()));

        sb.append(String.format(Locale.ROOT,
                "Full-page images: %d, stored %s, raw %s (" + String.valueOf(BlockImage.BLCKSZ)
                        + " - hole),%n  hole %s%n", st.images(), u.amount(st.imageStoredBytes()),
                u.amount(st.imageRawBytes()), u.amount(st.imageHoleBytes())));
        sb.append(String.format(Locale.ROOT, "  %-16s %8s %12s %12s%n", "Compression", "Images", "Stored", "Raw"));
        for (Map.Entry<String, Map<String, Long>> e : s.section("fpi_compression").entrySet()) {
            Map<String, Long> r = e.getValue();
            if (r.get("images") > 0) {
                sb.append(String.format(Locale.ROOT, "  %-16s %8d %12s %12s%n", e.getKey(), r.get("images"),
                        u.text(r.get("stored_bytes")), u.text(r.get("raw_bytes"))));
            }
        }
        sb.append(String.format(Locale.ROOT, "  %-16s %8s %12s %7s%n", "Cause", "Images", "Stored", "(%)"));
        for (Map.Entry<String, Map<String, Long>> e : s.section("fpi_cause").entrySet()) {
            Map<String, Long> r = e.getValue();
            if (r.get("images") > 0) {
                sb.append(String.format(Locale.ROOT, "  %-16s %8d %12s %7s%n", e.getKey(), r.get("images"),
                        u.text(r.get("stored_bytes")), pct(r.get("stored_bytes"), st.imageStoredBytes())));
            }
        }
        sb.append(String.format(Locale.ROOT, "  %-16s %8s %12s%n", "Fork", "Images", "Stored"));
        for (Map.Entry<String, Map<String, Long>> e : s.section("fpi_fork").entrySet()) {
            Map<String, Long> r = e.getValue();
            if (r.get("images") > 0) {
                sb.append(String.format(Locale.ROOT, "  %-16s %8d %12s%n", e.getKey(), r.get("images"),
                        u.text(r.get("stored_bytes"))));
            }
        }
        sb.append('\n');

        sb.append(String.format(Locale.ROOT, "Layout: %s spanned = %s record + %s page-header%n"
                + "        + %s padding + %s skipped%n%n", u.amount(st.spanBytes()), u.text(total),
                u.text(st.pageHeaderBytes()), u.text(st.paddingBytes()), u.text(st.skippedBytes())));

        List<RelationTable.Entry> rels = sortedRelations(st);
        List<String> relNames = new ArrayList<>();
        for (int i = 0; i < rels.size() && i < TEXT_RELATIONS; i++) {
            relNames.add(PlainText.escape(TableRollup.label(st, rels.get(i))));
        }
        String relCol = "%-" + width(24, relNames) + "s";
        sb.append(String.format(Locale.ROOT, relCol + " %-4s %8s %7s %11s %8s %11s%n", "Relation", "Fork",
                "Blockrefs", "Images", "FPI bytes", "Records", "Rec bytes"));
        for (int i = 0; i < relNames.size(); i++) {
            RelationTable.Entry e = rels.get(i);
            sb.append(String.format(Locale.ROOT, relCol + " %-4s %8d %7d %11s %8d %11s%n", relNames.get(i),
                    fork(e.fork), e.blockRefs, e.images, u.text(e.imageBytes), e.records, u.text(e.recordBytes)));
        }
        if (rels.size() > TEXT_RELATIONS) {
            sb.append(String.format(Locale.ROOT, "(%d more relation forks)%n", rels.size() - TEXT_RELATIONS));
        }
        sb.append('\n');
        if (st.names() != null) {
            sb.append(tablesText(TableRollup.tables(st, TableRollup.Metric.WAL), TEXT_RELATIONS, null, u));
            sb.append('\n');
        }

        sb.append(String.format(Locale.ROOT, "LSN buckets of %s%n", u.amount(st.bucketSize())));
        sb.append(String.format(Locale.ROOT, "%-18s %8s %11s %11s %7s  %s%n", "Start", "Records", "Bytes",
                "FPI bytes", "Images", "Top category"));
        boolean timed = false;
        for (int i = 0; i < st.bucketCount(); i++) {
            long[] b = st.bucket(i);
            timed |= b[CategoryStats.B_TIME_FIRST] != 0;
            sb.append(String.format(Locale.ROOT, "%-18s %8d %11s %11s %7d  %s%n", s.lsn(st.bucketStart(i)),
                    b[CategoryStats.B_RECORDS], u.text(b[CategoryStats.B_BYTES]), u.text(b[CategoryStats.B_FPI_BYTES]),
                    b[CategoryStats.B_IMAGES], topCategory(b).key()));
        }
        if (timed) {
            sb.append(String.format(Locale.ROOT, "%nLSN bucket times (UTC: first and last commit or abort)%n"));
            sb.append(String.format(Locale.ROOT, "%-18s %-26s %s%n", "Start", "First", "Last"));
            for (int i = 0; i < st.bucketCount(); i++) {
                long[] b = st.bucket(i);
                if (b[CategoryStats.B_TIME_FIRST] != 0) {
                    sb.append(String.format(Locale.ROOT, "%-18s %-26s %s%n", s.lsn(st.bucketStart(i)),
                            WalTime.text(b[CategoryStats.B_TIME_FIRST]), WalTime.text(b[CategoryStats.B_TIME_LAST])));
                }
            }
        }
        TimeBuckets tb = st.timeBuckets();
        if (tb != null) {
            sb.append('\n').append(String.format(Locale.ROOT, "Time buckets of %s (UTC; a record counts at the latest "
                    + "commit or abort time before it)%n", duration(tb.width())));
            sb.append(String.format(Locale.ROOT, "%-19s %8s %11s %11s %7s  %s%n", "Start", "Records", "Bytes",
                    "FPI bytes", "Images", "Top category"));
            for (Map.Entry<Long, long[]> e : tb.buckets().entrySet()) {
                long[] b = e.getValue();
                sb.append(String.format(Locale.ROOT, "%-19s %8d %11s %11s %7d  %s%n",
                        WalTime.text(e.getKey()).substring(0, 19), b[CategoryStats.B_RECORDS],
                        u.text(b[CategoryStats.B_BYTES]), u.text(b[CategoryStats.B_FPI_BYTES]), b[CategoryStats.B_IMAGES],
                        b[CategoryStats.B_RECORDS] == 0 ? "" : topCategory(b).key()));
            }
        }
        return sb.toString();
    }

    /**
     * Tables with their indexes and TOAST rolled up, {@code limit} rows at most; {@code title} (null: "Tables, by
     * WAL bytes") heads them.
     */
    public static String tablesText(List<TableRollup.Table> tables, int limit, String title) {
        return tablesText(tables, limit, title, ByteUnits.BYTES);
    }

    /** As {@link #tablesText(List, int, String)}, the byte counts written in {@code units}. */
    public static String tablesText(List<TableRollup.Table> tables, int limit, String title, ByteUnits units) {
        StringBuilder sb = new StringBuilder();
        sb.append(title == null ? "Tables (indexes and TOAST rolled up), by WAL bytes" : title).append('\n');
        List<String> names = new ArrayList<>();
        for (int i = 0; i < tables.size() && i < limit; i++) {
            names.add(PlainText.escape(tables.get(i).name));
        }
        String col = "%-" + width(24, names) + "s";
        sb.append(String.format(Locale.ROOT, col + " %5s %8s %11s %11s %11s%n", "Table", "Files",
                "Records", "WAL bytes", "FPI bytes", "Vac bytes"));
        for (int i = 0; i < names.size(); i++) {
            TableRollup.Table t = tables.get(i);
            sb.append(String.format(Locale.ROOT, col + " %5d %8d %11s %11s %11s%n", names.get(i),
                    t.files, t.records, units.text(t.walBytes), units.text(t.fpiBytes), units.text(t.vacuumBytes)));
        }
        if (tables.size() > limit) {
            sb.append(String.format(Locale.ROOT, "(%d more tables)%n", tables.size() - limit));
        }
        return sb.toString();
    }

    /** {@code 2026-12-01 16:34:05..16:34:09} (the bucket's earliest and latest timestamps), or empty. */
    static String timeSpan(long[] b) {
        long f = b[CategoryStats.B_TIME_FIRST];
        long l = b[CategoryStats.B_TIME_LAST];
        if (f == 0) {
            return "";
        }
        String a = WalTime.text(f).substring(0, 19);
        String z = WalTime.text(l).substring(0, 19);
        return a.substring(0, 10).equals(z.substring(0, 10)) ? a + ".." + z.substring(11) : a + ".." + z;
    }

    /** {@code 60 s}, {@code 5 min}, {@code 2 h}. */
    public static String duration(long micros) {
        long s = micros / 1_000_000L;
        return s % 3600 == 0 ? s / 3600 + " h" : s % 60 == 0 ? s / 60 + " min" : s + " s";
    }

    static Category topCategory(long[] bucket) {
        Category best = Category.OTHER;
        long max = -1;
        for (Category c : Category.values()) {
            long v = bucket[CategoryStats.B_CATEGORY + c.ordinal()];
            if (v > max) {
                max = v;
                best = c;
            }
        }
        return best;
    }

    static List<RelationTable.Entry> sortedRelations(CategoryStats st) {
        List<RelationTable.Entry> rels = new ArrayList<>(st.relations().entries());
        rels.sort(Comparator.comparingLong((RelationTable.Entry e) -> -(e.recordBytes + e.imageBytes))
                .thenComparing(RelationTable.Entry::relation).thenComparingInt(e -> e.fork));
        return rels;
    }

    /**
     * The width of a text column holding {@code values} (already escaped): the longest of them, at least
     * {@code min}, so that a relation name is never cut ({@code pg_catalog.pg_attribute_relid_attnum_index}).
     */
    static int width(int min, List<String> values) {
        int w = min;
        for (String v : values) {
            w = Math.max(w, v.length());
        }
        return w;
    }

    /** {@code s} for a text column: control characters escaped ({@link PlainText}), cut to {@code width}. */
    static String clip(String s, int width) {
        s = PlainText.escape(s);
        return s.length() <= width ? s : s.substring(0, width - 1) + "~";
    }

    private static String json(CategorySummary s, CompressionEstimate.Result estimate) {
        CategoryStats st = s.stats();
        Json j = new Json().beginObject();
        j.field("version", st.version().label());
        j.field("start_lsn", s.lsn(st.startLsn() < 0 ? 0 : st.startLsn()));
        j.field("end_lsn", s.lsn(st.endLsn()));
        for (String section : s.sectionNames()) {
            Map<String, Map<String, Long>> rows = s.section(section);
            j.key(section);
            if (rows.size() == 1 && rows.containsKey("all")) {
                metrics(j, rows.get("all"));
                continue;
            }
            j.beginArray();
            for (Map.Entry<String, Map<String, Long>> e : rows.entrySet()) {
                j.beginObject().field("name", e.getKey());
                if (section.equals("part")) {
                    j.field("group", groupOf(st, e.getKey()));
                }
                for (Map.Entry<String, Long> m : e.getValue().entrySet()) {
                    j.field(m.getKey(), m.getValue());
                }
                if (section.equals("category")) {
                    j.key("parts").beginObject();
                    Category c = categoryOf(e.getKey());
                    for (int p = 0; p < Parts.COUNT; p++) {
                        long b = st.categoryPartBytes(c, p);
                        if (b != 0) {
                            j.field(Parts.name(st.version(), p), b);
                        }
                    }
                    j.endObject();
                }
                j.endObject();
            }
            j.endArray();
        }
        j.key("relations").beginArray();
        for (RelationTable.Entry e : sortedRelations(st)) {
            j.beginObject().field("relation", e.relation());
            if (st.names() != null) {
                String table = TableRollup.tableOf(st, e);
                String name = table == null ? null : TableRollup.label(st, e);
                j.key("name").value(name).key("table").value(table);
            }
            j.field("fork", fork(e.fork))
                    .field("block_refs", e.blockRefs).field("images", e.images).field("image_bytes", e.imageBytes)
                    .field("block_data_bytes", e.blockDataBytes).field("records", e.records)
                    .field("record_bytes", e.recordBytes).field("vacuum_bytes", e.vacuumBytes).endObject();
        }
        j.endArray();
        j.key("lsn_buckets").beginObject().field("size", st.bucketSize()).key("buckets").beginArray();
        for (int i = 0; i < st.bucketCount(); i++) {
            long[] b = st.bucket(i);
            j.beginObject().field("start", s.lsn(st.bucketStart(i))).field("records", b[CategoryStats.B_RECORDS])
                    .field("bytes", b[CategoryStats.B_BYTES]).field("fpi_bytes", b[CategoryStats.B_FPI_BYTES])
                    .field("images", b[CategoryStats.B_IMAGES]);
            j.key("first_time").value(WalTime.iso(b[CategoryStats.B_TIME_FIRST]));
            j.key("last_time").value(WalTime.iso(b[CategoryStats.B_TIME_LAST]));
            j.key("category_bytes").beginObject();
            for (Category c : Category.values()) {
                j.field(c.key(), b[CategoryStats.B_CATEGORY + c.ordinal()]);
            }
            j.endObject().endObject();
        }
        j.endArray().endObject();
        TimeBuckets tb = st.timeBuckets();
        if (tb != null) {
            j.key("time_buckets").beginObject().field("size_seconds", tb.width() / 1_000_000L)
                    .field("untimed_records", tb.untimedRecords()).key("buckets").beginArray();
            for (Map.Entry<Long, long[]> e : tb.buckets().entrySet()) {
                long[] b = e.getValue();
                j.beginObject().key("start").value(WalTime.iso(e.getKey()))
                        .field("records", b[CategoryStats.B_RECORDS]).field("bytes", b[CategoryStats.B_BYTES])
                        .field("fpi_bytes", b[CategoryStats.B_FPI_BYTES]).field("images", b[CategoryStats.B_IMAGES]);
                j.key("first_time").value(WalTime.iso(b[CategoryStats.B_TIME_FIRST]));
                j.key("last_time").value(WalTime.iso(b[CategoryStats.B_TIME_LAST]));
                j.key("category_bytes").beginObject();
                for (Category c : Category.values()) {
                    j.field(c.key(), b[CategoryStats.B_CATEGORY + c.ordinal()]);
                }
                j.endObject().endObject();
            }
            j.endArray().endObject();
        }
        if (estimate != null) {
            j.key("compression_estimate");
            CompressionFormatter.json(j, estimate);
        }
        j.endObject();
        return j + "\n";
    }

    private static void metrics(Json j, Map<String, Long> m) {
        j.beginObject();
        for (Map.Entry<String, Long> e : m.entrySet()) {
            j.field(e.getKey(), e.getValue());
        }
        j.endObject();
    }

    static Category categoryOf(String key) {
        for (Category c : Category.values()) {
            if (c.key().equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException(key);
    }

    private static String groupOf(CategoryStats st, String partName) {
        for (int p = 0; p < Parts.COUNT; p++) {
            if (Parts.name(st.version(), p).equals(partName)) {
                return Parts.group(p);
            }
        }
        return "payload";
    }

    /** Long format: {@code section,name,metric,value}, one line per number. */
    private static String csv(CategorySummary s) {
        CategoryStats st = s.stats();
        StringBuilder sb = new StringBuilder(Csv.row("section", "name", "metric", "value"));
        sb.append(Csv.row("range", "all", "version", st.version().label()));
        sb.append(Csv.row("range", "all", "start_lsn", s.lsn(st.startLsn() < 0 ? 0 : st.startLsn())));
        sb.append(Csv.row("range", "all", "end_lsn", s.lsn(st.endLsn())));
        for (String section : s.sectionNames()) {
            for (Map.Entry<String, Map<String, Long>> e : s.section(section).entrySet()) {
                for (Map.Entry<String, Long> m : e.getValue().entrySet()) {
                    sb.append(Csv.row(section, e.getKey(), m.getKey(), m.getValue()));
                }
                if (section.equals("category")) {
                    Category c = categoryOf(e.getKey());
                    for (int p = 0; p < Parts.COUNT; p++) {
                        long b = st.categoryPartBytes(c, p);
                        if (b != 0) {
                            sb.append(Csv.row("category_part", e.getKey() + ":" + Parts.name(st.version(), p),
                                    "bytes", b));
                        }
                    }
                }
            }
        }
        for (RelationTable.Entry e : sortedRelations(st)) {
            String n = e.relation() + ":" + fork(e.fork);
            String table = TableRollup.tableOf(st, e);
            if (table != null) {
                sb.append(Csv.row("relation", n, "name", TableRollup.label(st, e)));
                sb.append(Csv.row("relation", n, "table", table));
            }
            sb.append(Csv.row("relation", n, "block_refs", e.blockRefs));
            sb.append(Csv.row("relation", n, "images", e.images));
            sb.append(Csv.row("relation", n, "image_bytes", e.imageBytes));
            sb.append(Csv.row("relation", n, "block_data_bytes", e.blockDataBytes));
            sb.append(Csv.row("relation", n, "records", e.records));
            sb.append(Csv.row("relation", n, "record_bytes", e.recordBytes));
            sb.append(Csv.row("relation", n, "vacuum_bytes", e.vacuumBytes));
        }
        for (int i = 0; i < st.bucketCount(); i++) {
            long[] b = st.bucket(i);
            String n = s.lsn(st.bucketStart(i));
            sb.append(Csv.row("lsn_bucket", n, "records", b[CategoryStats.B_RECORDS]));
            sb.append(Csv.row("lsn_bucket", n, "bytes", b[CategoryStats.B_BYTES]));
            sb.append(Csv.row("lsn_bucket", n, "fpi_bytes", b[CategoryStats.B_FPI_BYTES]));
            sb.append(Csv.row("lsn_bucket", n, "images", b[CategoryStats.B_IMAGES]));
            for (Category c : Category.values()) {
                sb.append(Csv.row("lsn_bucket", n, "bytes." + c.key(), b[CategoryStats.B_CATEGORY + c.ordinal()]));
            }
            if (b[CategoryStats.B_TIME_FIRST] != 0) {
                sb.append(Csv.row("lsn_bucket", n, "first_time", WalTime.iso(b[CategoryStats.B_TIME_FIRST])));
                sb.append(Csv.row("lsn_bucket", n, "last_time", WalTime.iso(b[CategoryStats.B_TIME_LAST])));
            }
        }
        TimeBuckets tb = st.timeBuckets();
        if (tb != null) {
            for (Map.Entry<Long, long[]> e : tb.buckets().entrySet()) {
                long[] b = e.getValue();
                String n = WalTime.iso(e.getKey());
                sb.append(Csv.row("time_bucket", n, "records", b[CategoryStats.B_RECORDS]));
                sb.append(Csv.row("time_bucket", n, "bytes", b[CategoryStats.B_BYTES]));
                sb.append(Csv.row("time_bucket", n, "fpi_bytes", b[CategoryStats.B_FPI_BYTES]));
                sb.append(Csv.row("time_bucket", n, "images", b[CategoryStats.B_IMAGES]));
                for (Category c : Category.values()) {
                    sb.append(Csv.row("time_bucket", n, "bytes." + c.key(),
                            b[CategoryStats.B_CATEGORY + c.ordinal()]));
                }
            }
        }
        return sb.toString();
    }
}
