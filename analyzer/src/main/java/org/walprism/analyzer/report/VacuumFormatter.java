package org.walprism.analyzer.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walprism.analyzer.ByteUnits;
import org.walprism.analyzer.PlainText;
import org.walprism.analyzer.categories.CategorySummary;
import org.walprism.analyzer.json.Json;
import org.walprism.analyzer.relmap.PgClassRow;
import org.walprism.analyzer.relmap.RelationTracker;
import org.walprism.analyzer.vacuums.Phase;
import org.walprism.analyzer.vacuums.RunFigures;
import org.walprism.analyzer.vacuums.VacuumAnalyzer;
import org.walprism.analyzer.vacuums.VacuumRun;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;

/**
 * Prints the vacuum runs of a range ({@code walprism vacuums}) as text, JSON or CSV, with the same keys: per run its
 * relation, span, WAL usage (as VACUUM VERBOSE reports it), pg_class figures, page figures, phases, indexes, and its
 * records by category, part and FPI cause (the sections of {@link CategorySummary}).
 */
public final class VacuumFormatter {
    private static final String[] RUN_SECTIONS = {"category", "part", "fpi_cause", "record_type"};

    private VacuumFormatter() {
    }

    /** {@code vacuums} output of {@code r} in {@code format}. */
    public static String format(VacuumAnalyzer.Result r, OutputFormat format) {
        return format(r, format, ByteUnits.BYTES);
    }

    /** As {@link #format(VacuumAnalyzer.Result, OutputFormat)}, the text's byte counts written in {@code units}. */
    public static String format(VacuumAnalyzer.Result r, OutputFormat format, ByteUnits units) {
        return switch (format) {
            case TEXT -> text(r, units);
            case JSON -> json(r);
            case CSV -> csv(r);
        };
    }

    /** ISO-8601 UTC with microseconds, or null when unknown. */
    static String time(long micros) {
        if (micros == Long.MIN_VALUE) {
            return null;
        }
        return java.time.Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                Math.floorMod(micros, 1_000_000L) * 1000L).toString();
    }

    private static String lsn(WalVersion v, long lsn) {
        return lsn < 0 ? "-" : Lsn.of(lsn).format(v);
    }

    private static String relfile(VacuumRun run) {
        return (run.tablespace() < 0 ? "?" : Long.toString(run.tablespace())) + "/" + run.database() + "/"
                + (run.relfilenode() < 0 ? "?" : Long.toString(run.relfilenode()));
    }

    /** A count as text: {@code ~N} when read from page images, {@code N+?} when records left it unknown. */
    static String count(RunFigures.Count c) {
        return (c.isExact() ? "" : "~") + c.value() + (c.unknownRecords() > 0 ? "+?" : "");
    }

    private static String text(VacuumAnalyzer.Result r, ByteUnits u) {
        WalVersion v = r.version();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Vacuum runs between %s and %s (PostgreSQL %s): %d runs, %d records%n%n",
                lsn(v, r.startLsn()), lsn(v, r.endLsn()), v.label(), r.runs().size(), r.records()));
        // the relation column is as wide as the longest name, so that no name is cut
        List<String> names = new ArrayList<>();
        for (VacuumRun run : r.runs()) {
            names.add(PlainText.escape(run.name()));
        }
        String relCol = "%-" + CategoryFormatter.width(32, names) + "s";
        sb.append(String.format(Locale.ROOT, "%3s " + relCol + " %-12s %-12s %8s %6s %11s %5s%n", "#", "Relation",
                "Start", "End", "Records", "FPIs", "Bytes", "Idx"));
        int k = 0;
        for (VacuumRun run : r.runs()) {
            VacuumRun.WalUsage w = run.walUsage();
            sb.append(String.format(Locale.ROOT, "%3d " + relCol + " %-12s %-12s %8d %6d %11s %5d%n", run.id(),
                    names.get(k++), lsn(v, run.startLsn()), lsn(v, run.endLsn()), w.records(),
                    w.fullPageImages(), u.text(w.bytes()), run.figures().indexPasses()));
        }
        for (VacuumRun run : r.runs()) {
            sb.append('\n');
            runText(sb, v, run, u);
        }
        notes(sb, r);
        return sb.toString();
    }

    private static void runText(StringBuilder sb, WalVersion v, VacuumRun run, ByteUnits u) {
        sb.append(String.format(Locale.ROOT, "Run %d: %s (database %s, file %s)%s%n", run.id(),
                PlainText.escape(run.name()),
                run.databaseName() != null ? PlainText.escape(run.databaseName()) : Long.toString(run.database()), relfile(run),
                run.complete() ? "" : " - incomplete: the range ends before its pg_class update"));
        sb.append(String.format(Locale.ROOT, "  LSN %s .. %s, pg_class update at %s%n", lsn(v, run.startLsn()),
                lsn(v, run.endLsn()), lsn(v, run.relstatsLsn())));
        String from = time(run.timeNotBefore());
        String to = time(run.timeNotAfter());
        if (from != null || to != null) {
            sb.append(String.format(Locale.ROOT, "  time: after %s, before %s (the stream's nearest commit or "
                    + "checkpoint times)%n", from != null ? from : "?", to != null ? to : "?"));
        }
        VacuumRun.WalUsage w = run.walUsage();
        String approx = run.walUsageExact() ? "" : "~";
        sb.append(String.format(Locale.ROOT, "  WAL usage: %s%d records, %s%d full page images, %s%s, "
                + "%s%s full page image bytes%s%n", approx, w.records(), approx, w.fullPageImages(), approx,
                u.amount(w.bytes()), approx, u.text(w.fullPageImageBytes()), run.walUsageDoubt().map(d -> " (approximate: " + d
                        + "; its prunes and hint-bit images carry no xid, as the run's do)").orElse("")));
        PgClassRow row = run.relstats();
        if (row != null) {
            sb.append(String.format(Locale.ROOT, "  pg_class: relpages %d, reltuples %.0f, relallvisible %d%s, "
                    + "relfrozenxid %d, relminmxid %d%n", row.relpages(), row.reltuples(), row.relallvisible(),
                    row.relallfrozen() >= 0 ? ", relallfrozen " + row.relallfrozen() : "", row.relfrozenxid(),
                    row.relminmxid()));
        }
        RunFigures f = run.figures();
        sb.append(String.format(Locale.ROOT, "  pages: %d written, %d pruned, %d frozen, %d set all-visible, "
                + "%d set all-frozen%s%n", f.heapPagesWritten(), f.pagesPruned(), f.pagesFrozen(), f.pagesAllVisible(),
                f.pagesAllFrozen(), run.truncatedTo() >= 0 ? ", truncated to " + run.truncatedTo() : ""));
        sb.append(String.format(Locale.ROOT, "  tuples: %s removed, %s frozen; dead items: %s removed in %d pages; "
                + "index passes: %d%n", count(f.tuplesRemoved()), count(f.tuplesFrozen()),
                count(f.deadItemsRemoved()), f.deadItemPages(), f.indexPasses()));
        // the first column is as wide as the longest index name (after "index "), so that none is cut and every
        // table of the run stays aligned
        List<String> indexNames = new ArrayList<>();
        for (String n : run.indexNames()) {
            indexNames.add(PlainText.escape(n));
        }
        int first = Math.max(26, "index ".length() + CategoryFormatter.width(0, indexNames));
        String col = "  %-" + first + "s";
        String indexCol = "  index %-" + (first - "index ".length()) + "s";
        sb.append(String.format(Locale.ROOT, col + " %8s %11s %11s %7s%n", "Phase", "Records", "Bytes", "FPI bytes",
                "Images"));
        for (Phase p : Phase.values()) {
            if (run.phaseRecords(p) > 0) {
                sb.append(String.format(Locale.ROOT, col + " %8d %11s %11s %7d%n", p.label()
                        + (p.inWalUsage() ? "" : " *"), run.phaseRecords(p), u.text(run.phaseBytes(p)),
                        u.text(run.phaseFpiBytes(p)), run.phaseImages(p)));
            }
        }
        int i = 0;
        for (Map.Entry<Long, long[]> e : run.indexActivity().entrySet()) {
            long[] a = e.getValue();
            sb.append(String.format(Locale.ROOT, indexCol + " %8d %11s %11s %7d%n", indexNames.get(i++), a[0],
                    u.text(a[1]), u.text(a[2]), a[3]));
        }
        CategorySummary s = new CategorySummary(run.stats());
        sb.append(String.format(Locale.ROOT, col + " %8s %11s %11s %7s%n", "Category", "Records", "Bytes",
                "FPI bytes", "Images"));
        for (Map.Entry<String, Map<String, Long>> e : s.section("category").entrySet()) {
            Map<String, Long> m = e.getValue();
            if (m.get("records") > 0) {
                sb.append(String.format(Locale.ROOT, col + " %8d %11s %11s %7d%n", e.getKey(), m.get("records"),
                        u.text(m.get("bytes")), u.text(m.get("fpi_bytes")), m.get("images")));
            }
        }
        sb.append(String.format(Locale.ROOT, col + " %8s %11s%n", "FPI cause", "Images", "Stored"));
        for (Map.Entry<String, Map<String, Long>> e : s.section("fpi_cause").entrySet()) {
            Map<String, Long> m = e.getValue();
            if (m.get("images") > 0) {
                sb.append(String.format(Locale.ROOT, col + " %8d %11s%n", e.getKey(), m.get("images"),
                        u.text(m.get("stored_bytes"))));
            }
        }
    }

    private static void notes(StringBuilder sb, VacuumAnalyzer.Result r) {
        sb.append(String.format(Locale.ROOT, "%n* not in the run's WAL usage (written after heap_vacuum_rel reports)."
                + "%n~ read from page images (the records left the count out); +? records whose count is not in the WAL.%n"));
        if (r.looseVacuumRecords() > 0) {
            sb.append(String.format(Locale.ROOT, "%d vacuum records belong to no run found (the range cuts a run "
                    + "before its first heap pass, or several runs of one database overlap).%n",
                    r.looseVacuumRecords()));
        }
        for (RelationTracker.Unnamed u : r.unnamed()) {
            sb.append(String.format(Locale.ROOT, "relfilenode %d/%d/%d created at %s is not named: %s.%n", u.spc(),
                    u.db(), u.relfilenode(), lsn(r.version(), u.lsn()), u.why()));
        }
    }

    private static String json(VacuumAnalyzer.Result r) {
        WalVersion v = r.version();
        Json j = new Json().beginObject();
        j.field("version", v.label()).field("start_lsn", lsn(v, r.startLsn())).field("end_lsn", lsn(v, r.endLsn()));
        j.field("records", r.records()).field("loose_vacuum_records", r.looseVacuumRecords());
        j.key("runs").beginArray();
        for (VacuumRun run : r.runs()) {
            runJson(j, v, run);
        }
        j.endArray();
        j.key("unnamed_relfilenodes").beginArray();
        for (RelationTracker.Unnamed u : r.unnamed()) {
            j.beginObject().field("relfilenode", u.spc() + "/" + u.db() + "/" + u.relfilenode())
                    .field("lsn", lsn(v, u.lsn())).field("why", u.why()).endObject();
        }
        j.endArray();
        return j.endObject() + "\n";
    }

    private static void runJson(Json j, WalVersion v, VacuumRun run) {
        j.beginObject();
        j.field("id", run.id()).field("relation", run.name()).field("database", run.database());
        j.key("database_name").value(run.databaseName());
        j.field("relfilenode", relfile(run)).field("start_lsn", lsn(v, run.startLsn()))
                .field("end_lsn", lsn(v, run.endLsn()));
        j.key("relstats_lsn").value(run.relstatsLsn() < 0 ? null : lsn(v, run.relstatsLsn()));
        j.key("time_not_before").value(time(run.timeNotBefore()));
        j.key("time_not_after").value(time(run.timeNotAfter()));
        j.key("complete").value(run.complete());
        j.field("truncated_to", run.truncatedTo());
        VacuumRun.WalUsage w = run.walUsage();
        j.key("wal_usage").beginObject().field("records", w.records()).field("full_page_images", w.fullPageImages())
                .field("bytes", w.bytes()).field("full_page_image_bytes", w.fullPageImageBytes());
        j.key("exact").value(run.walUsageExact());
        j.key("approximate_reason").value(run.walUsageDoubt().orElse(null));
        j.endObject();
        PgClassRow row = run.relstats();
        j.key("relstats");
        if (row == null) {
            j.value((String) null);
        } else {
            j.beginObject().field("relpages", row.relpages()).field("reltuples", (double) row.reltuples())
                    .field("relallvisible", row.relallvisible()).field("relallfrozen", row.relallfrozen())
                    .field("relfrozenxid", row.relfrozenxid()).field("relminmxid", row.relminmxid()).endObject();
        }
        j.key("figures").beginObject();
        for (Map.Entry<String, Long> e : figures(run).entrySet()) {
            j.field(e.getKey(), e.getValue());
        }
        RunFigures f = run.figures();
        count(j, "tuples_removed", f.tuplesRemoved());
        count(j, "tuples_frozen", f.tuplesFrozen());
        count(j, "dead_items_removed", f.deadItemsRemoved());
        j.endObject();
        j.key("phases").beginArray();
        for (Phase p : Phase.values()) {
            j.beginObject().field("name", p.key()).field("records", run.phaseRecords(p))
                    .field("bytes", run.phaseBytes(p)).field("fpi_bytes", run.phaseFpiBytes(p))
                    .field("images", run.phaseImages(p));
            j.key("in_wal_usage").value(p.inWalUsage());
            j.endObject();
        }
        j.endArray();
        j.key("indexes").beginArray();
        int i = 0;
        for (Map.Entry<Long, long[]> e : run.indexActivity().entrySet()) {
            long[] a = e.getValue();
            j.beginObject().field("relation", run.indexNames().get(i++)).field("relfilenode", e.getKey())
                    .field("records", a[0]).field("bytes", a[1]).field("fpi_bytes", a[2]).field("images", a[3])
                    .endObject();
        }
        j.endArray();
        CategorySummary s = new CategorySummary(run.stats());
        for (String section : RUN_SECTIONS) {
            j.key(section).beginArray();
            for (Map.Entry<String, Map<String, Long>> e : s.section(section).entrySet()) {
                j.beginObject().field("name", e.getKey());
                for (Map.Entry<String, Long> m : e.getValue().entrySet()) {
                    j.field(m.getKey(), m.getValue());
                }
                j.endObject();
            }
            j.endArray();
        }
        j.endObject();
    }

    private static void count(Json j, String key, RunFigures.Count c) {
        j.key(key).beginObject().field("value", c.value()).field("stated", c.stated())
                .field("from_images", c.fromImages()).field("unknown_records", c.unknownRecords()).endObject();
    }

    private static Map<String, Long> figures(VacuumRun run) {
        RunFigures f = run.figures();
        Map<String, Long> m = new java.util.LinkedHashMap<>();
        m.put("heap_pages_written", (long) f.heapPagesWritten());
        m.put("pages_pruned", (long) f.pagesPruned());
        m.put("pages_frozen", (long) f.pagesFrozen());
        m.put("pages_all_visible", (long) f.pagesAllVisible());
        m.put("pages_all_frozen", (long) f.pagesAllFrozen());
        m.put("dead_item_pages", (long) f.deadItemPages());
        m.put("index_passes", (long) f.indexPasses());
        return m;
    }

    private static String csv(VacuumAnalyzer.Result r) {
        WalVersion v = r.version();
        StringBuilder sb = new StringBuilder("run,relation,section,name,metric,value\n");
        sb.append(Csv.row(0, "", "range", "all", "start_lsn", lsn(v, r.startLsn())));
        sb.append(Csv.row(0, "", "range", "all", "end_lsn", lsn(v, r.endLsn())));
        sb.append(Csv.row(0, "", "range", "all", "records", r.records()));
        sb.append(Csv.row(0, "", "range", "all", "loose_vacuum_records", r.looseVacuumRecords()));
        for (VacuumRun run : r.runs()) {
            int id = run.id();
            String rel = run.name();
            List<Object[]> rows = new ArrayList<>();
            rows.add(new Object[] {"run", "all", "start_lsn", lsn(v, run.startLsn())});
            rows.add(new Object[] {"run", "all", "end_lsn", lsn(v, run.endLsn())});
            rows.add(new Object[] {"run", "all", "relstats_lsn", lsn(v, run.relstatsLsn())});
            rows.add(new Object[] {"run", "all", "time_not_before", String.valueOf(time(run.timeNotBefore()))});
            rows.add(new Object[] {"run", "all", "time_not_after", String.valueOf(time(run.timeNotAfter()))});
            rows.add(new Object[] {"run", "all", "relfilenode", relfile(run)});
            rows.add(new Object[] {"run", "all", "complete", run.complete()});
            rows.add(new Object[] {"run", "all", "truncated_to", run.truncatedTo()});
            VacuumRun.WalUsage w = run.walUsage();
            rows.add(new Object[] {"wal_usage", "all", "records", w.records()});
            rows.add(new Object[] {"wal_usage", "all", "full_page_images", w.fullPageImages()});
            rows.add(new Object[] {"wal_usage", "all", "bytes", w.bytes()});
            rows.add(new Object[] {"wal_usage", "all", "full_page_image_bytes", w.fullPageImageBytes()});
            rows.add(new Object[] {"wal_usage", "all", "exact", run.walUsageExact()});
            run.walUsageDoubt().ifPresent(d -> rows.add(new Object[] {"wal_usage", "all", "approximate_reason", d}));
            PgClassRow row = run.relstats();
            if (row != null) {
                rows.add(new Object[] {"relstats", "all", "relpages", row.relpages()});
                rows.add(new Object[] {"relstats", "all", "reltuples", (long) row.reltuples()});
                rows.add(new Object[] {"relstats", "all", "relallvisible", row.relallvisible()});
                rows.add(new Object[] {"relstats", "all", "relallfrozen", row.relallfrozen()});
                rows.add(new Object[] {"relstats", "all", "relfrozenxid", row.relfrozenxid()});
                rows.add(new Object[] {"relstats", "all", "relminmxid", row.relminmxid()});
            }
            for (Map.Entry<String, Long> e : figures(run).entrySet()) {
                rows.add(new Object[] {"figures", "all", e.getKey(), e.getValue()});
            }
            RunFigures f = run.figures();
            countRows(rows, "tuples_removed", f.tuplesRemoved());
            countRows(rows, "tuples_frozen", f.tuplesFrozen());
            countRows(rows, "dead_items_removed", f.deadItemsRemoved());
            for (Phase p : Phase.values()) {
                rows.add(new Object[] {"phase", p.key(), "records", run.phaseRecords(p)});
                rows.add(new Object[] {"phase", p.key(), "bytes", run.phaseBytes(p)});
                rows.add(new Object[] {"phase", p.key(), "fpi_bytes", run.phaseFpiBytes(p)});
                rows.add(new Object[] {"phase", p.key(), "images", run.phaseImages(p)});
            }
            int i = 0;
            for (Map.Entry<Long, long[]> e : run.indexActivity().entrySet()) {
                String n = run.indexNames().get(i++);
                long[] a = e.getValue();
                rows.add(new Object[] {"index", n, "records", a[0]});
                rows.add(new Object[] {"index", n, "bytes", a[1]});
                rows.add(new Object[] {"index", n, "fpi_bytes", a[2]});
                rows.add(new Object[] {"index", n, "images", a[3]});
            }
            CategorySummary s = new CategorySummary(run.stats());
            for (String section : RUN_SECTIONS) {
                for (Map.Entry<String, Map<String, Long>> e : s.section(section).entrySet()) {
                    for (Map.Entry<String, Long> m : e.getValue().entrySet()) {
                        rows.add(new Object[] {section, e.getKey(), m.getKey(), m.getValue()});
                    }
                }
            }
            for (Object[] x : rows) {
                sb.append(Csv.row(id, rel, x[0], x[1], x[2], x[3]));
            }
        }
        return sb.toString();
    }

    private static void countRows(List<Object[]> rows, String name, RunFigures.Count c) {
        rows.add(new Object[] {"figures", name, "value", c.value()});
        rows.add(new Object[] {"figures", name, "stated", c.stated()});
        rows.add(new Object[] {"figures", name, "from_images", c.fromImages()});
        rows.add(new Object[] {"figures", name, "unknown_records", c.unknownRecords()});
    }
}
