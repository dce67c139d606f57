package org.walprism.analyzer.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.walprism.analyzer.categories.CategorySummary;

/**
 * Side-by-side comparison of two attributed WAL ranges (possibly of different PostgreSQL versions): every
 * metric of every row of the compared sections, with absolute and relative deltas sorted by impact, and the
 * {@link Explanation explanations} {@link Explainer} recognises.
 */
public final class StreamDiff {

    /** The sections and metrics compared, in output order. */
    public static final List<String[]> COMPARED = List.of(
            new String[] {"totals", "records"}, new String[] {"totals", "bytes"},
            new String[] {"totals", "fpi_bytes"}, new String[] {"totals", "images"},
            new String[] {"category", "bytes"}, new String[] {"category", "records"},
            new String[] {"category", "fpi_bytes"},
            new String[] {"record_type", "bytes"}, new String[] {"record_type", "records"},
            new String[] {"record_type", "fpi_bytes"},
            new String[] {"fpi_cause", "stored_bytes"}, new String[] {"fpi_cause", "images"},
            new String[] {"fpi_compression", "images"}, new String[] {"fpi_compression", "stored_bytes"},
            new String[] {"fpi_fork", "images"}, new String[] {"fpi_fork", "stored_bytes"},
            new String[] {"part", "bytes"}, new String[] {"layout", "span_bytes"},
            new String[] {"layout", "page_header_bytes"}, new String[] {"layout", "padding_bytes"},
            new String[] {"table", "bytes"}, new String[] {"table", "fpi_bytes"},
            new String[] {"table", "vacuum_bytes"});

    /** One compared number. */
    public record Row(String section, String name, String metric, long a, long b) {
        public long delta() {
            return b - a;
        }

        /** {@code (b - a) / a}, or NaN when {@code a} is 0. */
        public double relative() {
            return a == 0 ? Double.NaN : (double) (b - a) / a;
        }
    }

    /** The rows of one (section, metric) pair, sorted by impact (largest absolute delta first). */
    public record Table(String section, String metric, List<Row> rows) {
    }

    private final Side a;
    private final Side b;
    private final List<Table> tables = new ArrayList<>();
    private final List<Explanation> explanations;

    /** One input: a label (path and range) and its summary. */
    public record Side(String label, CategorySummary summary) {
    }

    public StreamDiff(Side a, Side b) {
        this.a = a;
        this.b = b;
        boolean named = !a.summary().section("table").isEmpty() || !b.summary().section("table").isEmpty();
        for (String[] sm : COMPARED) {
            // tables (relations rolled up) are compared when relations are named (--relmap, --dbname)
            if (named || !sm[0].equals("table")) {
                tables.add(table(sm[0], sm[1]));
            }
        }
        this.explanations = Explainer.explain(a.summary(), b.summary());
    }

    private Table table(String section, String metric) {
        Set<String> names = new LinkedHashSet<>(a.summary().section(section).keySet());
        names.addAll(b.summary().section(section).keySet());
        List<Row> rows = new ArrayList<>();
        for (String n : names) {
            long va = a.summary().get(section, n, metric);
            long vb = b.summary().get(section, n, metric);
            if (va != 0 || vb != 0 || section.equals("totals")) {
                rows.add(new Row(section, n, metric, va, vb));
            }
        }
        if (!section.equals("totals")) {
            rows.sort(Comparator.comparingLong((Row r) -> -Math.abs(r.delta()))
                    .thenComparingLong(r -> -Math.max(r.a(), r.b())).thenComparing(Row::name));
        }
        return new Table(section, metric, List.copyOf(rows));
    }

    public Side a() {
        return a;
    }

    public Side b() {
        return b;
    }

    public List<Table> tables() {
        return tables;
    }

    /** The table of {@code section}/{@code metric}. */
    public Table find(String section, String metric) {
        for (Table t : tables) {
            if (t.section().equals(section) && t.metric().equals(metric)) {
                return t;
            }
        }
        throw new IllegalArgumentException(section + "/" + metric);
    }

    /** Explanations, largest impact first; the first is the main cause. */
    public List<Explanation> explanations() {
        return explanations;
    }

    /** One metric of one side. */
    public static long metric(CategorySummary s, String section, String name, String metric) {
        return s.get(section, name, metric);
    }

    static long sum(Map<String, Map<String, Long>> rows, String metric) {
        long t = 0;
        for (Map<String, Long> r : rows.values()) {
            t += r.getOrDefault(metric, 0L);
        }
        return t;
    }
}
