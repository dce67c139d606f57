package org.walprism.analyzer.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.walprism.analyzer.ByteUnits;
import org.walprism.analyzer.PlainText;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.diff.Explanation;
import org.walprism.analyzer.diff.StreamDiff;
import org.walprism.analyzer.json.Json;

/**
 * Prints a {@link StreamDiff} as text (80 columns: explanations, then one table per compared section and
 * metric, rows sorted by impact), JSON or CSV with the same keys.
 */
public final class DiffFormatter {
    /** Rows per table in text output (JSON and CSV list all). */
    public static final int TEXT_ROWS = 12;
    private static final int WIDTH = 78;

    private DiffFormatter() {
    }

    /** {@code diff} output of {@code d} in {@code format}. */
    public static String format(StreamDiff d, OutputFormat format) {
        return format(d, format, TEXT_ROWS);
    }

    /**
     * As {@link #format(StreamDiff, OutputFormat)}, with at most {@code textRows} rows per table in text (a negative
     * number: all of them); JSON and CSV always list every row.
     */
    public static String format(StreamDiff d, OutputFormat format, int textRows) {
        return format(d, format, textRows, ByteUnits.BYTES);
    }

    /**
     * As {@link #format(StreamDiff, OutputFormat, int)}, the text's byte counts (the tables of a byte metric, the
     * explanations' parts) written in {@code units}; JSON and CSV carry the numbers.
     */
    public static String format(StreamDiff d, OutputFormat format, int textRows, ByteUnits units) {
        return switch (format) {
            case TEXT -> text(d, textRows, units);
            case JSON -> json(d);
            case CSV -> csv(d);
        };
    }

    /** {@code +12.5%}, {@code new} when A is 0. */
    public static String relative(StreamDiff.Row r) {
        if (r.a() == 0) {
            return r.b() == 0 ? "0.0%" : "new";
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100.0 * r.relative());
    }

    static String sideLine(String tag, StreamDiff.Side s) {
        CategorySummary st = s.summary();
        return String.format(Locale.ROOT, "%s: PostgreSQL %s, %s..%s, %s", tag, st.version().label(),
                st.lsn(Math.max(0, st.startLsn())), st.lsn(st.endLsn()), s.label());
    }

    /** Wraps {@code text} at {@link #WIDTH} columns, continuation lines indented by {@code indent}. */
    static List<String> wrap(String text, int first, int indent) {
        List<String> lines = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int limit = WIDTH - first;
        for (String word : text.split(" ")) {
            if (cur.length() > 0 && cur.length() + 1 + word.length() > limit) {
                lines.add(cur.toString());
                cur.setLength(0);
                limit = WIDTH - indent;
            }
            if (cur.length() > 0) {
                cur.append(' ');
            }
            cur.append(word);
        }
        if (cur.length() > 0) {
            lines.add(cur.toString());
        }
        return lines;
    }

    private static String title(String section, String metric) {
        String m = switch (metric) {
            case "records" -> "Records";
            case "bytes" -> "Bytes";
            case "fpi_bytes" -> "FPI bytes";
            case "images" -> "Images";
            case "stored_bytes" -> "Image bytes";
            case "span_bytes" -> "Spanned bytes";
            case "page_header_bytes" -> "Page-header bytes";
            case "padding_bytes" -> "Padding bytes";
            case "vacuum_bytes" -> "Vacuum bytes";
            default -> metric;
        };
        String s = switch (section) {
            case "totals" -> "";
            case "category" -> " per category";
            case "record_type" -> " per record type";
            case "fpi_cause" -> " by cause";
            case "fpi_compression" -> " by compression";
            case "fpi_fork" -> " by fork";
            case "part" -> " per part";
            case "layout" -> " (layout)";
            case "table" -> " per table";
            default -> " per " + section;
        };
        return m + s;
    }

    static String text(StreamDiff d) {
        return text(d, TEXT_ROWS);
    }

    /** The text with at most {@code rows} rows per table (negative: all), then "(N more rows)" when cut. */
    static String text(StreamDiff d, int rows) {
        return text(d, rows, ByteUnits.BYTES);
    }

    /** As {@link #text(StreamDiff, int)}, byte counts in {@code units}. */
    static String text(StreamDiff d, int rows, ByteUnits units) {
        StringBuilder sb = new StringBuilder();
        for (String l : wrap(sideLine("A", d.a()), 0, 3)) {
            sb.append(sb.length() == 0 || l.startsWith("A:") ? "" : "   ").append(l).append('\n');
        }
        boolean firstB = true;
        for (String l : wrap(sideLine("B", d.b()), 0, 3)) {
            sb.append(firstB ? "" : "   ").append(l).append('\n');
            firstB = false;
        }
        sb.append('\n');
        sb.append("Explanations (largest impact first)\n");
        if (d.explanations().isEmpty()) {
            sb.append("  none recognised\n");
        }
        int i = 1;
        for (Explanation e : d.explanations()) {
            String head = String.format(Locale.ROOT, "%2d. ", i);
            String tag = (i == 1 && e.impactBytes() != 0 ? "[main cause] " : "") + "[" + e.id() + "] ";
            List<String> lines = wrap(tag + e.text(), head.length(), head.length());
            for (int k = 0; k < lines.size(); k++) {
                sb.append(k == 0 ? head : " ".repeat(head.length())).append(lines.get(k)).append('\n');
            }
            parts(sb, e, units);
            i++;
        }
        for (String merged : new String[] {"totals", "layout"}) {
            sb.append('\n');
            sb.append(String.format(Locale.ROOT, "%-32s %11s %11s %12s %8s%n",
                    merged.equals("totals") ? "Totals" : "Layout", "A", "B", "Delta", "(%)"));
            for (StreamDiff.Table t : d.tables()) {
                if (t.section().equals(merged)) {
                    ByteUnits u = byteMetric(t.metric()) ? units : ByteUnits.BYTES;
                    for (StreamDiff.Row r : t.rows()) {
                        sb.append(String.format(Locale.ROOT, "%-32s %11s %11s %12s %8s%n", t.metric(), u.text(r.a()),
                                u.text(r.b()), u.signed(r.delta()), relative(r)));
                    }
                }
            }
        }
        for (StreamDiff.Table t : d.tables()) {
            if (t.rows().isEmpty() || t.section().equals("totals") || t.section().equals("layout")) {
                continue;
            }
            // the name column is as wide as the longest name the table shows (at least 32), so that none is cut
            List<String> names = new ArrayList<>();
            for (StreamDiff.Row r : t.rows()) {
                if (rows >= 0 && names.size() == rows) {
                    break;
                }
                names.add(PlainText.escape(r.name()));
            }
            String col = "%-" + CategoryFormatter.width(32, names) + "s";
            ByteUnits u = byteMetric(t.metric()) ? units : ByteUnits.BYTES;
            sb.append('\n');
            sb.append(String.format(Locale.ROOT, col + " %11s %11s %12s %8s%n",
                    CategoryFormatter.clip(title(t.section(), t.metric()), CategoryFormatter.width(32, names)), "A",
                    "B", "Delta", "(%)"));
            int n = 0;
            for (StreamDiff.Row r : t.rows()) {
                if (rows >= 0 && n == rows) {
                    sb.append(String.format(Locale.ROOT, "  (%d more rows: --rows all shows them)%n",
                            t.rows().size() - rows));
                    break;
                }
                sb.append(String.format(Locale.ROOT, col + " %11s %11s %12s %8s%n", names.get(n), u.text(r.a()),
                        u.text(r.b()), u.signed(r.delta()), relative(r)));
                n++;
            }
        }
        return sb.toString();
    }

    /**
     * The parts of an explanation, one a line ({@code %+12d  what}), then their sum: the Totals' change of bytes.
     */
    private static void parts(StringBuilder sb, Explanation e, ByteUnits u) {
        long sum = 0;
        for (Explanation.Part p : e.parts()) {
            List<String> label = wrap(p.label(), PART_INDENT, PART_INDENT);
            for (int k = 0; k < label.size(); k++) {
                sb.append(k == 0 ? String.format(Locale.ROOT, "    %12s  ", u.signed(p.bytes())) : " ".repeat(PART_INDENT))
                        .append(label.get(k)).append('\n');
            }
            sum += p.bytes();
        }
        sb.append(String.format(Locale.ROOT, "    %12s  = Totals bytes (this cause: %s)%n", u.signed(sum),
                u.signed(e.impactBytes())));
    }

    /** Whether a table's metric counts bytes ({@code bytes}, {@code fpi_bytes}, ...): --human writes those. */
    private static boolean byteMetric(String metric) {
        return metric.equals("bytes") || metric.endsWith("_bytes");
    }

    private static final int PART_INDENT = 18;

    private static void side(Json j, String key, StreamDiff.Side s) {
        CategorySummary st = s.summary();
        j.key(key).beginObject().field("label", s.label()).field("version", st.version().label())
                .field("start_lsn", st.lsn(Math.max(0, st.startLsn())))
                .field("end_lsn", st.lsn(st.endLsn())).endObject();
    }

    private static String json(StreamDiff d) {
        Json j = new Json().beginObject();
        jsonFields(d, j);
        j.endObject();
        return j + "\n";
    }

    /** The diff's keys (a, b, explanations, tables) written into the open object {@code j}. */
    static void jsonFields(StreamDiff d, Json j) {
        side(j, "a", d.a());
        side(j, "b", d.b());
        j.key("explanations").beginArray();
        boolean first = true;
        for (Explanation e : d.explanations()) {
            j.beginObject().field("id", e.id()).key("main").value(first && e.impactBytes() != 0)
                    .field("impact_bytes", e.impactBytes()).field("text", e.text());
            j.key("parts").beginArray();
            for (Explanation.Part p : e.parts()) {
                j.beginObject().field("name", p.key()).field("text", p.label()).field("bytes", p.bytes()).endObject();
            }
            j.endArray().endObject();
            first = false;
        }
        j.endArray();
        j.key("tables").beginArray();
        for (StreamDiff.Table t : d.tables()) {
            j.beginObject().field("section", t.section()).field("metric", t.metric()).key("rows").beginArray();
            for (StreamDiff.Row r : t.rows()) {
                j.beginObject().field("name", r.name()).field("a", r.a()).field("b", r.b())
                        .field("delta", r.delta()).field("relative", r.relative()).endObject();
            }
            j.endArray().endObject();
        }
        j.endArray();
    }

    private static String csv(StreamDiff d) {
        return Csv.row("section", "name", "metric", "a", "b", "delta", "relative") + csvRows(d);
    }

    /** The diff's CSV rows, without the header line. */
    static String csvRows(StreamDiff d) {
        StringBuilder sb = new StringBuilder();
        for (Explanation e : d.explanations()) {
            sb.append(Csv.row("explanation", e.id(), "impact_bytes", "", "", e.impactBytes(), ""));
            sb.append(Csv.row("explanation", e.id(), "text", e.text(), "", "", ""));
            for (Explanation.Part p : e.parts()) {
                sb.append(Csv.row("explanation", e.id(), "part." + p.key(), "", "", p.bytes(), ""));
            }
        }
        for (StreamDiff.Table t : d.tables()) {
            for (StreamDiff.Row r : t.rows()) {
                double rel = r.relative();
                sb.append(Csv.row(t.section(), r.name(), t.metric(), r.a(), r.b(), r.delta(),
                        Double.isNaN(rel) ? "" : String.format(Locale.ROOT, "%.4f", rel)));
            }
        }
        return sb.toString();
    }
}
