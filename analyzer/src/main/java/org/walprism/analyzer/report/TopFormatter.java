package org.walprism.analyzer.report;

import java.util.List;
import java.util.Locale;
import org.walprism.analyzer.ByteUnits;
import org.walprism.analyzer.PlainText;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.categories.TableRollup;
import org.walprism.analyzer.json.Json;

/**
 * {@code stats --by relation}: the tables of a range ranked by one {@link TableRollup.Metric}, as text, JSON or CSV
 * with the same keys: {@code rank}, {@code table}, {@code kind}, {@code files}, {@code records}, {@code wal_bytes},
 * {@code fpi_bytes}, {@code images}, {@code vacuum_bytes}, {@code heap_bytes}, {@code index_bytes},
 * {@code toast_bytes}, {@code block_refs}.
 */
public final class TopFormatter {
    private TopFormatter() {
    }

    /** The {@code top} first tables of {@code stats} by {@code by} (0: all). */
    public static String format(CategoryStats stats, TableRollup.Metric by, int top, OutputFormat format) {
        return format(stats, by, top, format, ByteUnits.BYTES);
    }

    /** As {@link #format(CategoryStats, TableRollup.Metric, int, OutputFormat)}, the text's bytes in {@code units}. */
    public static String format(CategoryStats stats, TableRollup.Metric by, int top, OutputFormat format,
            ByteUnits units) {
        List<TableRollup.Table> all = TableRollup.tables(stats, by);
        List<TableRollup.Table> shown = top > 0 && all.size() > top ? all.subList(0, top) : all;
        CategorySummary s = new CategorySummary(stats);
        String start = s.lsn(stats.startLsn() < 0 ? 0 : stats.startLsn());
        String end = s.lsn(stats.endLsn());
        return switch (format) {
            case TEXT -> text(stats, by, shown, all.size(), start, end, units);
            case JSON -> json(stats, by, shown, all.size(), start, end);
            case CSV -> csv(shown);
        };
    }

    private static String text(CategoryStats st, TableRollup.Metric by, List<TableRollup.Table> shown, int total,
                               String start, String end, ByteUnits u) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Tables by %s between %s and %s (PostgreSQL %s): %d of %d%n",
                by.key().replace('_', ' '), start, end, st.version().label(), shown.size(), total));
        sb.append(st.names() == null ? "(no --relmap or --dbname: relation files by number)\n"
                : "(each with its indexes and TOAST; JSON and CSV add files, records, index and TOAST bytes)\n");
        List<String> names = new java.util.ArrayList<>();
        for (TableRollup.Table t : shown) {
            names.add(PlainText.escape(t.name));
        }
        String col = "%-" + CategoryFormatter.width(20, names) + "s";
        sb.append(String.format(Locale.ROOT, "%4s " + col + " %11s %5s %11s %5s %11s %5s%n", "Rank", "Table",
                "WAL bytes", "(%)", "FPI bytes", "(%)", "Vac bytes", "(%)"));
        long fpi = st.imageStoredBytes();
        int rank = 1;
        for (TableRollup.Table t : shown) {
            sb.append(String.format(Locale.ROOT, "%4d " + col + " %11s %5s %11s %5s %11s %5s%n", rank,
                    names.get(rank - 1), u.text(t.walBytes), pct1(t.walBytes, st.bytes()), u.text(t.fpiBytes),
                    pct1(t.fpiBytes, fpi), u.text(t.vacuumBytes), pct1(t.vacuumBytes, vacuumBytes(st))));
            rank++;
        }
        return sb.toString();
    }

    private static String pct1(long part, long whole) {
        return whole == 0 ? "0.0" : String.format(Locale.ROOT, "%.1f", 100.0 * part / whole);
    }

    /**
     * Bytes of VACUUM's records in the whole range (the categories whose {@code Category.vacuum()} is true), without
     * the VM page references of heap DML that category vm's bytes include.
     */
    static long vacuumBytes(CategoryStats st) {
        long v = 0;
        for (org.walprism.analyzer.categories.Category c : org.walprism.analyzer.categories.Category.values()) {
            if (c.vacuum()) {
                v += st.categoryBytes(c);
            }
        }
        return v - st.vmClearBytes();
    }

    private static String json(CategoryStats st, TableRollup.Metric by, List<TableRollup.Table> shown, int total,
                               String start, String end) {
        Json j = new Json().beginObject();
        j.field("version", st.version().label()).field("start_lsn", start).field("end_lsn", end);
        j.field("sort", by.key()).field("tables_total", total).field("named", st.names() != null ? 1 : 0);
        j.key("totals").beginObject().field("wal_bytes", st.bytes()).field("fpi_bytes", st.imageStoredBytes())
                .field("vacuum_bytes", vacuumBytes(st)).endObject();
        j.key("tables").beginArray();
        int rank = 1;
        for (TableRollup.Table t : shown) {
            j.beginObject().field("rank", rank++).field("table", t.name).field("kind", String.valueOf(t.kind))
                    .field("files", t.files).field("records", t.records).field("wal_bytes", t.walBytes)
                    .field("fpi_bytes", t.fpiBytes).field("images", t.images).field("vacuum_bytes", t.vacuumBytes)
                    .field("heap_bytes", t.heapBytes).field("index_bytes", t.indexBytes)
                    .field("toast_bytes", t.toastBytes).field("block_refs", t.blockRefs).endObject();
        }
        j.endArray().endObject();
        return j + "\n";
    }

    private static String csv(List<TableRollup.Table> shown) {
        StringBuilder sb = new StringBuilder(Csv.row("rank", "table", "kind", "files", "records", "wal_bytes",
                "fpi_bytes", "images", "vacuum_bytes", "heap_bytes", "index_bytes", "toast_bytes", "block_refs"));
        int rank = 1;
        for (TableRollup.Table t : shown) {
            sb.append(Csv.row(rank++, t.name, String.valueOf(t.kind), t.files, t.records, t.walBytes, t.fpiBytes,
                    t.images, t.vacuumBytes, t.heapBytes, t.indexBytes, t.toastBytes, t.blockRefs));
        }
        return sb.toString();
    }
}
