package org.walprism.analyzer.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.walprism.analyzer.categories.Category;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.categories.Parts;
import org.walprism.analyzer.categories.TableRollup;
import org.walprism.analyzer.diff.Explanation;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.analyzer.replay.CompressionEstimate;
import org.walprism.codec.record.BlockImage;

/**
 * One self-contained HTML page (inline CSS and SVG, no script, no network) for one WAL range, or two with
 * their diff: stacked bars of bytes and records per category and per record type, the parts, the full-page
 * image breakdown, bytes per LSN bucket, the numbers behind them, and the diff's explanations.
 */
public final class HtmlReport {
    /** Record types drawn individually; the rest are summed into one grey segment. */
    static final int TOP_TYPES = 10;
    /** LSN buckets drawn per input. */
    static final int MAX_BUCKETS = 40;

    /** The inputs drawn: A, or A and B. */
    private final List<StreamDiff.Side> sides;
    /** A against B, or null for one input. */
    private final StreamDiff diff;
    /** Whether the page has one input: then nothing is labelled "A". */
    private final boolean single;
    /** One colour per (section, name) for the whole page, so a series looks the same in every chart. */
    private final Map<String, Map<String, Integer>> colours = new java.util.HashMap<>();

    private HtmlReport(StreamDiff.Side a, StreamDiff.Side b) {
        List<StreamDiff.Side> s = new ArrayList<>();
        s.add(a);
        if (b != null) {
            s.add(b);
        }
        this.sides = List.copyOf(s);
        this.diff = b == null ? null : new StreamDiff(a, b);
        this.single = b == null;
        // Categories keep their enum order, so each has the same colour in every report.
        for (Category c : Category.values()) {
            colourOf("category", c.key());
        }
    }

    /** The page for A alone ({@code b} null) or for A and B, with no tool version or date in its header. */
    public static String render(StreamDiff.Side a, StreamDiff.Side b) {
        return render(a, b, "walprism", null);
    }

    /**
     * The page for A alone ({@code b} null) or for A and B; its header names {@code tool} (e.g. "walprism 0.1.0")
     * and, when not null, the time it was {@code generated} at, then the inputs and their ranges.
     */
    public static String render(StreamDiff.Side a, StreamDiff.Side b, String tool, String generated) {
        return render(a, b, tool, generated, null);
    }

    /**
     * As {@link #render(StreamDiff.Side, StreamDiff.Side, String, String)}, with a section of what
     * {@code wal_compression} would save on each input ({@code estimates}: one per input, in order; null: none).
     */
    public static String render(StreamDiff.Side a, StreamDiff.Side b, String tool, String generated,
                                List<CompressionEstimate.Result> estimates) {
        HtmlReport r = new HtmlReport(a, b);
        StringBuilder h = new StringBuilder();
        r.head(h);
        r.header(h, tool, generated);
        r.explanations(h);
        r.categories(h);
        r.recordTypes(h);
        r.parts(h);
        r.images(h);
        if (estimates != null) {
            r.compression(h, estimates);
        }
        h.append(r.relations());
        r.bucketsAndLayout(h);
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    /** The document head and its style sheet. */
    private void head(StringBuilder h) {
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        h.append("<title>walprism report</title>\n<style>\n")
                .append("body{font:14px/1.4 sans-serif;margin:24px auto;padding:0 16px;color:#222;max-width:820px}")
                .append("header p{color:#555;margin:2px 0}code{overflow-wrap:anywhere}")
                .append("#inputs code{overflow-wrap:break-word}dl#glossary dt{font-weight:bold;margin-top:6px}")
                .append("dl#glossary dd{margin:0 0 0 16px}p.note{color:#555;font-size:12px}")
                .append(".tw{overflow-x:auto;max-width:100%}caption{text-align:left;color:#555;font-size:12px}")
                .append(".tl{font:11px sans-serif;fill:#444}")
                .append("svg.chart{max-width:100%;height:auto}")
                .append("h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}")
                .append("table{border-collapse:collapse;margin:8px 0;font:12px/1.4 sans-serif;")
                .append("font-variant-numeric:tabular-nums}td,th{padding:2px 8px;text-align:right;")
                .append("border-bottom:1px solid #eee}td:first-child,th:first-child{text-align:left}")
                .append(".ct{font:bold 13px sans-serif}.bl,.bv,.lt{font:12px sans-serif}.main{font-weight:bold}")
                .append("svg.chart{display:block;margin:12px 0 4px}li{margin:6px 0}code{font-size:12px}")
                .append("details.numbers{margin:0 0 12px}details.numbers summary{color:#555;font-size:12px;")
                .append("cursor:pointer}\n")
                .append("</style>\n</head>\n<body>\n");
    }

    /** The header: the tool, the time of the report and each input with its range and totals. */
    private void header(StringBuilder h, String tool, String generated) {
        h.append("<header id=\"about\"><h1>walprism report</h1>\n<p id=\"tool\">").append(Svg.esc(tool));
        if (generated != null) {
            h.append(", generated ").append(Svg.esc(generated));
        }
        h.append("</p>\n<div class=\"tw\"><table id=\"inputs\"><tr><th>Input</th><th>PostgreSQL</th><th>Range</th>")
                .append("<th>Records</th><th>Bytes</th><th>FPI share</th></tr>\n");
        for (int i = 0; i < sides.size(); i++) {
            StreamDiff.Side s = sides.get(i);
            CategoryStats st = s.summary().stats();
            h.append(String.format(Locale.ROOT, "<tr><td>%s<code>%s</code></td><td>%s</td><td>%s..%s</td>"
                    + "<td>%d</td><td>%d</td><td>%s%%</td></tr>%n", single() ? "" : tag(i) + ": ",
                    breakable(Svg.esc(s.label())), st.version().label(),
                    s.summary().lsn(Math.max(0, st.startLsn())), s.summary().lsn(st.endLsn()), st.records(),
                    st.bytes(), CategoryFormatter.pct(st.partBytes(Parts.FPI), st.bytes())));
        }
        h.append("</table></div>\n</header>\n");
    }

    /** What changed from A to B, main cause first (nothing for one input). */
    private void explanations(StringBuilder h) {
        if (diff != null) {
            h.append("<h2>What changed</h2>\n<ol id=\"explanations\">\n");
            if (diff.explanations().isEmpty()) {
                h.append("<li>No known cause recognised.</li>\n");
            }
            boolean first = true;
            for (Explanation e : diff.explanations()) {
                boolean main = first && e.impactBytes() != 0;
                h.append(String.format(Locale.ROOT, "<li%s><code>%s</code>%s %s</li>%n", main ? " class=\"main\"" : "",
                        e.id(), main ? " (main cause)" : "", Svg.esc(e.text())));
                first = false;
            }
            h.append("</ol>\n");
        }
    }

    /** Bytes and records per category. */
    private void categories(StringBuilder h) {
        h.append("<h2>Categories</h2>\n");
        h.append(chart("chart-category-bytes", "Bytes per category", sides, "category", "bytes", "bytes", false));
        h.append(chart("chart-category-records", "Records per category", sides, "category", "records", "records",
                false));
        h.append("<dl id=\"glossary\">\n");
        for (Category c : Category.values()) {
            h.append("<dt><code>").append(c.key()).append("</code></dt><dd>").append(Svg.esc(meaning(c)))
                    .append("</dd>\n");
        }
        h.append("</dl>\n");
    }

    /** One sentence on what a category's records are; the same meanings as docs/categories.md. */
    static String meaning(Category c) {
        return switch (c) {
            case PRUNE_ONLY -> "Dead tuples removed or redirected on a heap page, by VACUUM's first pass or (before "
                    + "PostgreSQL 17, in the same record) by a read: PRUNE, CLEAN, PRUNE_VACUUM_SCAN with prune items "
                    + "only.";
            case FREEZE_ONLY -> "Tuples frozen, so that the page survives transaction ID wraparound: FREEZE_PAGE, "
                    + "PRUNE_VACUUM_SCAN with freeze plans only.";
            case PRUNE_FREEZE -> "One record that both prunes and freezes a page (PRUNE_VACUUM_SCAN, PostgreSQL 17+).";
            case CLEANUP -> "VACUUM's second heap pass, after the indexes: dead line pointers made reusable (VACUUM, "
                    + "PRUNE_VACUUM_CLEANUP; 13's CLEAN with only unused items, CLEANUP_INFO).";
            case VM -> "Visibility-map bits set (all-visible, all-frozen): VISIBLE, a 19+ PRUNE_VACUUM_SCAN carrying "
                    + "only VM bits, and the VM page references of heap changes that clear them.";
            case ON_ACCESS_PRUNE -> "Pruning by a backend reading a nearly full page, not by VACUUM (PRUNE_ON_ACCESS, "
                    + "PostgreSQL 17+).";
            case INDEX_VACUUM -> "Index vacuum: index entries of dead tuples removed, emptied pages deleted "
                    + "(Btree VACUUM, UNLINK_PAGE; Hash DELETE; Gin, GiST and SP-GiST vacuum records).";
            case HINT -> "Pages logged whole because a hint bit changed on them for the first time after a "
                    + "checkpoint, with data checksums or wal_log_hints on (XLOG FPI_FOR_HINT).";
            case XLOG_FPI -> "Pages logged whole by themselves: index builds, log_newpage, CREATE DATABASE with the "
                    + "WAL_LOG strategy (XLOG FPI).";
            case OTHER -> "Every other record: inserts, updates, deletes, commits, checkpoints, ...";
        };
    }

    /** {@code text} with a line-break opportunity after each path or range separator, never inside a name. */
    private static String breakable(String text) {
        return text.replace("/", "/<wbr>").replace(":", ":<wbr>");
    }

    /** Bytes and records per record type, and with two inputs the largest changes. */
    private void recordTypes(StringBuilder h) {
        h.append("<h2>Record types</h2>\n");
        h.append(chart("chart-type-bytes", "Bytes per record type", sides, "record_type", "bytes", "bytes", true));
        h.append(chart("chart-type-records", "Records per record type", sides, "record_type", "records", "records",
                true));
        if (diff != null) {
            h.append("<div class=\"tw\"><table id=\"type-diff\"><caption>bytes</caption><tr><th>Record type</th>")
                    .append("<th>A</th><th>B</th><th>Delta</th><th>(%)</th></tr>\n");
            int n = 0;
            for (StreamDiff.Row r : diff.find("record_type", "bytes").rows()) {
                if (n++ == 15) {
                    break;
                }
                h.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%+d</td><td>%s</td>"
                        + "</tr>%n", Svg.esc(r.name()), r.a(), r.b(), r.delta(), DiffFormatter.relative(r)));
            }
            h.append("</table></div>\n");
        }
    }

    /** Where the bytes are: the parts of the records. */
    private void parts(StringBuilder h) {
        h.append("<h2>Where the bytes are: parts</h2>\n");
        h.append(partGroups(sides));
        h.append(chart("chart-parts", "Bytes per part (without full-page images)", sides, "part", "bytes", "bytes",
                true, "fpi_images"));
    }

    /** Full-page images by cause, fork and compression, and their stored, raw and hole bytes. */
    private void images(StringBuilder h) {
        h.append("<h2>Full-page images</h2>\n");
        h.append(chart("chart-fpi-cause", "Image bytes by cause", sides, "fpi_cause", "stored_bytes", "bytes", false));
        h.append(chart("chart-fpi-cause-images", "Images by cause", sides, "fpi_cause", "images", "images", false));
        h.append(chart("chart-fpi-fork", "Image bytes by fork", sides, "fpi_fork", "stored_bytes", "bytes", false));
        h.append(chart("chart-fpi-compression", "Image bytes by compression", sides, "fpi_compression",
                "stored_bytes", "bytes", false));
        h.append("<div class=\"tw\"><table id=\"fpi\"><caption>bytes of the images</caption><tr><th>Input</th>")
                .append("<th>Stored</th><th>Raw (" + String.valueOf(BlockImage.BLCKSZ) + " - hole)</th><th>Hole</th></tr>\n");
        for (int i = 0; i < sides.size(); i++) {
            CategoryStats st = sides.get(i).summary().stats();
            h.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%d</td></tr>%n",
                    Svg.esc(barLabel(sides, i)), st.imageStoredBytes(), st.imageRawBytes(), st.imageHoleBytes()));
        }
        h.append("</table></div>\n");
    }

    /**
     * What each {@code wal_compression} method would save on each input's uncompressed images, with the same figures
     * as {@code stats --categories --compression-estimate} ({@link CompressionFormatter}), or the sentence saying why
     * there is no estimate.
     */
    private void compression(StringBuilder h, List<CompressionEstimate.Result> estimates) {
        h.append("<h2>What wal_compression would save</h2>\n");
        for (int i = 0; i < estimates.size(); i++) {
            CompressionEstimate.Result e = estimates.get(i);
            String id = single() ? "compression-estimate" : "compression-estimate-" + tag(i).toLowerCase(Locale.ROOT);
            String sentence = CompressionFormatter.sentence(e);
            if (sentence != null) {
                h.append("<p id=\"").append(id).append("\">").append(single() ? "" : tag(i) + ": ")
                        .append(Svg.esc(sentence)).append(".</p>\n");
                continue;
            }
            h.append("<div class=\"tw\"><table id=\"").append(id).append("\"><caption>")
                    .append(Svg.esc(barLabel(sides, i))).append(String.format(Locale.ROOT, ": %d uncompressed "
                            + "images compressed as the server would (XLogCompressBackupBlock); saved: record bytes, "
                            + "%% of the range's %d</caption>", e.uncompressed(), e.rangeBytes()))
                    .append("<tr><th>Method</th><th>Images</th><th>Compressed</th><th>Stored now</th>")
                    .append("<th>Would store</th><th>Saved</th><th>Saved %</th><th>CPU ms</th><th>MiB/s</th></tr>\n");
            for (CompressionEstimate.Method m : e.methods()) {
                h.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>"
                                + "<td>%d</td><td>%.2f</td><td>%.1f</td><td>%.1f</td></tr>%n", m.method().label(),
                        m.images(), m.compressed(), m.storedBytes(), m.wouldStoreBytes() + m.holeFieldBytes(),
                        m.saved(), m.savedPercent(e.rangeBytes()), m.cpuNanos() / 1e6, m.mibPerSecond()));
            }
            h.append("</table></div>\n");
            h.append("<p class=\"note\">CPU: ").append(Svg.esc(e.cpuMeasure())).append(".</p>\n");
        }
    }

    /** Bytes per LSN bucket of each input, and how each range's bytes are laid out. */
    private void bucketsAndLayout(StringBuilder h) {
        h.append("<h2>Bytes per LSN bucket</h2>\n");
        for (int i = 0; i < sides.size(); i++) {
            h.append(buckets("chart-buckets-" + tag(i).toLowerCase(Locale.ROOT), tag(i), sides.get(i).summary()));
        }
        h.append("<p>Layout: ");
        for (int i = 0; i < sides.size(); i++) {
            CategoryStats st = sides.get(i).summary().stats();
            h.append(String.format(Locale.ROOT, "%s%s %d bytes = %d record + %d page-header + %d padding + %d"
                    + " skipped. ", single() ? "the range spans" : tag(i), single() ? "" : " spans", st.spanBytes(), st.bytes(), st.pageHeaderBytes(), st.paddingBytes(),
                    st.skippedBytes()));
        }
        h.append("</p>\n");
    }

    private static String tag(int i) {
        return i == 0 ? "A" : "B";
    }

    private boolean single() {
        return single;
    }

    /** A bar's label: "A (17)" and "B (18)", or "PostgreSQL 17" for a single input. */
    private static String barLabel(List<StreamDiff.Side> sides, int i) {
        String v = sides.get(i).summary().version().label();
        return sides.size() == 1 ? "PostgreSQL " + v : tag(i) + " (" + v + ")";
    }

    private String chart(String id, String title, List<StreamDiff.Side> sides, String section, String metric,
                                String unit, boolean top, String... exclude) {
        Set<String> names = new LinkedHashSet<>();
        for (StreamDiff.Side s : sides) {
            names.addAll(s.summary().section(section).keySet());
        }
        for (String x : exclude) {
            names.remove(x);
        }
        List<String> series = new ArrayList<>();
        for (String n : names) {
            long max = 0;
            for (StreamDiff.Side s : sides) {
                max = Math.max(max, s.summary().get(section, n, metric));
            }
            if (max > 0) {
                series.add(n);
            }
        }
        if (top) {
            series.sort(Comparator.comparingLong((String n) -> -maxOf(sides, section, n, metric)));
        }
        boolean rest = top && series.size() > TOP_TYPES;
        List<String> shown = rest ? new ArrayList<>(series.subList(0, TOP_TYPES)) : series;
        if (rest) {
            shown.add("(rest: " + (series.size() - TOP_TYPES) + " more)");
        }
        long[][] values = new long[sides.size()][shown.size()];
        for (int b = 0; b < sides.size(); b++) {
            CategorySummary s = sides.get(b).summary();
            for (int k = 0; k < series.size(); k++) {
                long v = s.get(section, series.get(k), metric);
                values[b][Math.min(k, shown.size() - 1)] += v;
            }
        }
        if (shown.isEmpty()) {
            return "<p id=\"" + id + "\">" + Svg.esc(title) + ": none.</p>\n";
        }
        List<String> colours = new ArrayList<>();
        for (String n : shown) {
            colours.add(colourOf(section, n));
        }
        return Svg.stackedBars(id, title, bars(sides), shown, colours, values, unit);
    }

    /** The colour of series {@code name} of {@code section}, the same in every chart of the page. */
    private String colourOf(String section, String name) {
        if (name.startsWith("(rest")) {
            return Svg.REST;
        }
        // FPI causes are categories plus hint / xlog_fpi: they share the categories' colours.
        String key = section.equals("fpi_cause") ? "category" : section;
        Map<String, Integer> m = colours.computeIfAbsent(key, k -> new java.util.HashMap<>());
        int i = m.computeIfAbsent(name, k -> m.size());
        return Svg.PALETTE[i % Svg.PALETTE.length];
    }


    private static long maxOf(List<StreamDiff.Side> sides, String section, String name, String metric) {
        long m = 0;
        for (StreamDiff.Side s : sides) {
            m = Math.max(m, s.summary().get(section, name, metric));
        }
        return m;
    }

    private static List<String> bars(List<StreamDiff.Side> sides) {
        List<String> bars = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            bars.add(barLabel(sides, i));
        }
        return bars;
    }

    private static String partGroups(List<StreamDiff.Side> sides) {
        String[] groups = {"header", "fpi", "prune", "freeze", "vm", "shared", "payload"};
        long[][] values = new long[sides.size()][groups.length];
        for (int b = 0; b < sides.size(); b++) {
            CategoryStats st = sides.get(b).summary().stats();
            for (int p = 0; p < Parts.COUNT; p++) {
                String g = Parts.group(p);
                for (int k = 0; k < groups.length; k++) {
                    if (groups[k].equals(g)) {
                        values[b][k] += st.partBytes(p);
                    }
                }
            }
        }
        return Svg.stackedBars("chart-part-groups", "Bytes per part group", bars(sides), List.of(groups), values,
                "bytes");
    }

    private String buckets(String id, String tag, CategorySummary s) {
        CategoryStats st = s.stats();
        int n = Math.min(st.bucketCount(), MAX_BUCKETS);
        List<String> bars = new ArrayList<>();
        List<String> series = new ArrayList<>();
        for (Category c : Category.values()) {
            series.add(c.key());
        }
        long[][] values = new long[n][series.size()];
        for (int i = 0; i < n; i++) {
            long[] b = st.bucket(i);
            String span = CategoryFormatter.timeSpan(b);
            bars.add(span.isEmpty() ? s.lsn(st.bucketStart(i)) : s.lsn(st.bucketStart(i)) + "  " + span.substring(11));
            for (Category c : Category.values()) {
                values[i][c.ordinal()] = b[CategoryStats.B_CATEGORY + c.ordinal()];
            }
        }
        if (n == 0) {
            return "<p id=\"" + id + "\">" + (single() ? "" : tag + ": ") + "no records.</p>\n";
        }
        boolean timed = false;
        for (int i = 0; i < n && !timed; i++) {
            timed = !CategoryFormatter.timeSpan(st.bucket(i)).isEmpty();
        }
        String title = String.format(Locale.ROOT, "%sBytes per %d-byte LSN bucket, by category%s",
                single() ? "" : tag + ": ", st.bucketSize(), timed ? ", with the times of its commits (UTC)" : "");
        String chart = Svg.stackedBars(id, title, bars, series, values, "bytes");
        if (!timed) {
            chart += "<p class=\"note\" id=\"" + id + "-no-commits\">No commit or abort in "
                    + (single() ? "this range" : "range " + tag)
                    + ": the WAL gives these buckets no times.</p>\n";
        }
        if (st.bucketCount() > n) {
            // more buckets than fit in a chart: say how many are not drawn and which width draws them all
            long fits = st.bucketSize() * ((st.bucketCount() + n - 1) / n);
            chart += String.format(Locale.ROOT, "<p class=\"dropped\" id=\"%s-dropped\">%d of %d buckets drawn: the "
                    + "last %d are not (<code>--bucket %d</code> or wider draws them all).</p>%n", id, n,
                    st.bucketCount(), st.bucketCount() - n, fits);
        }
        return chart + timeChart(id + "-time", tag, st, series);
    }

    /** With time buckets ({@code --bucket 1min}): bytes per time bucket, a time axis (UTC). */
    private String timeChart(String id, String tag, CategoryStats st, List<String> series) {
        org.walprism.analyzer.categories.TimeBuckets tb = st.timeBuckets();
        if (tb == null || tb.buckets().isEmpty()) {
            return "";
        }
        List<String> bars = new ArrayList<>();
        List<long[]> rows = new ArrayList<>();
        for (Map.Entry<Long, long[]> e : tb.buckets().entrySet()) {
            if (bars.size() == MAX_BUCKETS) {
                break;
            }
            bars.add(org.walprism.analyzer.categories.WalTime.text(e.getKey()).substring(0, 19));
            rows.add(e.getValue());
        }
        long[][] values = new long[bars.size()][series.size()];
        for (int i = 0; i < rows.size(); i++) {
            for (Category c : Category.values()) {
                values[i][c.ordinal()] = rows.get(i)[CategoryStats.B_CATEGORY + c.ordinal()];
            }
        }
        String title = String.format(Locale.ROOT, "%sBytes per %s (UTC, at the latest commit before each record), "
                + "by category%s", single() ? "" : tag + ": ", CategoryFormatter.duration(tb.width()),
                tb.buckets().size() > bars.size() ? " (first " + bars.size() + ")" : "");
        return Svg.stackedBars(id, title, bars, series, values, "bytes");
    }

    /** Tables shown per input in the relations section. */
    static final int TABLE_ROWS = 15;

    /**
     * Relations: per input the tables with their indexes and TOAST rolled up (named with --relmap / --dbname, else
     * one file each), largest WAL bytes first; with B and names, the tables that changed most.
     */
    private String relations() {
        StringBuilder h = new StringBuilder("<h2>Relations</h2>\n");
        for (int i = 0; i < sides.size(); i++) {
            CategoryStats st = sides.get(i).summary().stats();
            List<TableRollup.Table> tables = TableRollup.tables(st, TableRollup.Metric.WAL);
            h.append(String.format(Locale.ROOT, "<div class=\"tw\"><table id=\"relations-%s\"><tr>"
                    + "<th>%sTable%s</th><th>Files</th><th>Records</th><th>WAL bytes</th><th>FPI bytes</th>"
                    + "<th>Vacuum bytes</th><th>Index bytes</th><th>TOAST bytes</th></tr>%n",
                    tag(i).toLowerCase(Locale.ROOT), single() ? "" : tag(i) + ": ",
                    st.names() == null ? " (file; --relmap or --dbname names them)" : " (indexes, TOAST rolled up)"));
            for (int k = 0; k < tables.size() && k < TABLE_ROWS; k++) {
                TableRollup.Table t = tables.get(k);
                h.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>"
                        + "<td>%d</td><td>%d</td><td>%d</td></tr>%n", Svg.esc(t.name), t.files, t.records, t.walBytes,
                        t.fpiBytes, t.vacuumBytes, t.indexBytes, t.toastBytes));
            }
            if (tables.size() > TABLE_ROWS) {
                h.append(String.format(Locale.ROOT, "<tr><td>(%d more)</td></tr>%n", tables.size() - TABLE_ROWS));
            }
            h.append("</table></div>\n");
        }
        if (diff != null && diff.tables().stream().anyMatch(t -> t.section().equals("table"))) {
            h.append("<div class=\"tw\"><table id=\"table-diff\"><caption>WAL bytes</caption><tr><th>Table</th>")
                    .append("<th>A</th><th>B</th><th>Delta</th><th>(%)</th></tr>\n");
            int n = 0;
            for (StreamDiff.Row r : diff.find("table", "bytes").rows()) {
                if (n++ == TABLE_ROWS) {
                    break;
                }
                h.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%+d</td><td>%s</td>"
                        + "</tr>%n", Svg.esc(r.name()), r.a(), r.b(), r.delta(), DiffFormatter.relative(r)));
            }
            h.append("</table></div>\n");
        }
        return h.toString();
    }

    /** Number of rows in a summary section (used by tests). */
    static int rows(CategorySummary s, String section) {
        Map<String, Map<String, Long>> m = s.section(section);
        return m.size();
    }
}
