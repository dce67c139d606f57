package org.walprism.analyzer.generate;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.walprism.analyzer.stats.StatsRow;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Predicted versus real: the Heap2 records a model predicts for a version against a real capture's
 * {@code pg_get_wal_stats(start, end, true)} rows ("rmgr/type", count, record size, FPI size, combined).
 */
public final class Calibration {
    /** Bound on the relative error of Heap2 record counts. */
    public static final double COUNT_BOUND = 0.02;
    /** Bound on the relative error of Heap2 bytes (combined size). */
    public static final double BYTES_BOUND = 0.05;

    private Calibration() {
    }

    /** Counts and sizes of one record type (or a total). */
    public record Numbers(long count, long recordBytes, long fpiBytes) {
        /** Record plus image bytes. */
        public long combined() {
            return recordBytes + fpiBytes;
        }

        Numbers plus(Numbers o) {
            return new Numbers(count + o.count, recordBytes + o.recordBytes, fpiBytes + o.fpiBytes);
        }
    }

    /**
     * One capture's comparison.
     *
     * @param source where the real numbers come from (the oracle file, or walprism's reader)
     */
    public record Row(String capture, WalVersion version, String source, Map<String, Numbers> predicted,
                      Map<String, Numbers> real) {
        /** Heap2 figures the model predicts. */
        public Numbers predictedHeap2() {
            return sum(predicted);
        }

        /** Heap2 figures of the real capture. */
        public Numbers realHeap2() {
            return sum(real);
        }

        /** Relative error of the Heap2 record count. */
        public double countError() {
            return relative(predictedHeap2().count(), realHeap2().count());
        }

        /** Relative error of the Heap2 bytes (record plus image). */
        public double bytesError() {
            return relative(predictedHeap2().combined(), realHeap2().combined());
        }

        /** True when both errors are within {@link #COUNT_BOUND} and {@link #BYTES_BOUND}. */
        public boolean withinBounds() {
            return Math.abs(countError()) <= COUNT_BOUND && Math.abs(bytesError()) <= BYTES_BOUND;
        }
    }

    static double relative(long predicted, long real) {
        return real == 0 ? (predicted == 0 ? 0 : 1) : (double) (predicted - real) / real;
    }

    private static Numbers sum(Map<String, Numbers> m) {
        Numbers n = new Numbers(0, 0, 0);
        for (Numbers x : m.values()) {
            n = n.plus(x);
        }
        return n;
    }

    /** Heap2 rows of generated statistics, keyed "Heap2/TYPE". */
    public static Map<String, Numbers> heap2(WalStats stats) {
        Map<String, Numbers> out = new TreeMap<>();
        for (StatsRow r : stats.rows(true)) {
            if (r.name().startsWith(RmgrTable.name(stats.version(), RmgrTable.HEAP2) + "/")) {
                out.put(r.name(), new Numbers(r.count(), r.recordSize(), r.fpiSize()));
            }
        }
        return out;
    }

    /** Heap2 rows of a {@code stats.tsv} oracle (pg_get_wal_stats per record type). */
    public static Map<String, Numbers> heap2FromStatsTsv(String tsv) {
        Map<String, Numbers> out = new TreeMap<>();
        for (String line : tsv.split("\n")) {
            String[] f = line.split("\t");
            if (f.length >= 4 && f[0].startsWith("Heap2/")) {
                out.put(f[0], new Numbers(Long.parseLong(f[1].trim()), Long.parseLong(f[2].trim()),
                        Long.parseLong(f[3].trim())));
            }
        }
        return out;
    }

    /** The columns of one pg_waldump {@code --stats=record} line: type, N, record, FPI, combined size. */
    private static final Pattern WALDUMP_STATS_LINE = Pattern.compile(
            "^(\\S+)\\s+(\\d+)\\s+\\(\\s*[\\d.]+\\)\\s+(\\d+)\\s+\\(\\s*[\\d.]+\\)\\s+(\\d+)\\s+"
            + "\\(\\s*[\\d.]+\\)\\s+(\\d+)\\s+\\(\\s*[\\d.]+\\)\\s*$");

    /** Heap2 rows of a pg_waldump {@code --stats=record} oracle (waldump-stats-record.txt). */
    public static Map<String, Numbers> heap2FromWaldumpStats(String text) {
        Map<String, Numbers> out = new TreeMap<>();
        for (String line : text.split("\n")) {
            if (!line.startsWith("Heap2/")) {
                continue;
            }
            Matcher m = WALDUMP_STATS_LINE.matcher(line);
            if (!m.matches()) {
                throw new IllegalArgumentException("not a pg_waldump --stats=record line: " + line);
            }
            Numbers n = new Numbers(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), Long.parseLong(m.group(4)));
            if (n.combined() != Long.parseLong(m.group(5))) {
                throw new IllegalArgumentException("record + FPI size differs from combined size: " + line);
            }
            out.put(m.group(1), n);
        }
        return out;
    }

    /** Markdown table of {@code rows}, one line per record type plus a Heap2 total per capture. */
    public static String markdown(List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| capture | real numbers from | record type | predicted N | real N | predicted bytes | real bytes |\n");
        sb.append("|---|---|---|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            TreeMap<String, Boolean> types = new TreeMap<>();
            r.predicted().keySet().forEach(k -> types.put(k, true));
            r.real().keySet().forEach(k -> types.put(k, true));
            for (String t : types.keySet()) {
                Numbers p = r.predicted().getOrDefault(t, new Numbers(0, 0, 0));
                Numbers q = r.real().getOrDefault(t, new Numbers(0, 0, 0));
                sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %d | %d | %d |%n", r.capture(), r.source(), t, p.count(),
                        q.count(), p.combined(), q.combined()));
            }
            Numbers p = r.predictedHeap2();
            Numbers q = r.realHeap2();
            sb.append(String.format(Locale.ROOT, "| %s | %s | **Heap2 total** | %d | %d (%+.2f%%) | %d | %d (%+.2f%%) |%n",
                    r.capture(), r.source(), p.count(), q.count(), 100 * r.countError(), p.combined(), q.combined(),
                    100 * r.bytesError()));
        }
        return sb.toString();
    }

    /** Builds a row: runs {@code model} for {@code version} and pairs it with the real Heap2 rows. */
    public static Row compare(String capture, WorkloadModel model, WalVersion version, String source,
                              Map<String, Numbers> real) {
        Generator.Result result = Generator.run(model, version);
        return new Row(capture, version, source, heap2(result.stats()), new TreeMap<>(real));
    }

}
