package org.walprism.analyzer.stats;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import org.walprism.analyzer.ByteUnits;
import org.walprism.analyzer.json.Json;
import org.walprism.codec.Lsn;

/**
 * Prints {@link WalStats} as pg_waldump {@code --stats} / {@code --stats=record} text (byte-identical to
 * the pg_waldump of the same major), and as JSON or CSV with the same figures.
 *
 * <p>Mirrors PostgreSQL src/bin/pg_waldump/pg_waldump.c {@code XLogDumpDisplayStats} and
 * {@code XLogDumpStatsRow}. The table is the same in 13 to master; only the first line differs
 * ({@link #headerLine}). Machine-readable keys are pg_walinspect's {@code pg_get_wal_stats} column names.
 */
public final class StatsFormatter {

    /** Machine-readable and text keys: {@code pg_get_wal_stats} column names. */
    public static final List<String> KEYS = List.of("resource_manager/record_type", "count", "count_percentage",
            "record_size", "record_size_percentage", "fpi_size", "fpi_size_percentage", "combined_size",
            "combined_size_percentage");

    private StatsFormatter() {
    }

    /**
     * The pg_waldump text. Empty when 15+ pg_waldump would print nothing (no record counted); 13 and 14
     * print the table even then.
     */
    public static String text(WalStats stats, boolean perRecord) {
        return text(stats, perRecord, ByteUnits.BYTES);
    }

    /**
     * As {@link #text(WalStats, boolean)}, the sizes written in {@code units}: {@link ByteUnits#PRETTY}
     * ({@code --human}) writes them as pg_size_pretty does, in the same columns; the counts stay numbers.
     */
    public static String text(WalStats stats, boolean perRecord, ByteUnits units) {
        StringBuilder sb = new StringBuilder(4096);
        String header = headerLine(stats);
        if (header == null) {
            return "";
        }
        sb.append(header);
        StatsRow total = stats.total();
        long totalLen = total.combinedSize();
        sb.append(padRight("Type", 27)).append(' ').append(padLeft("N", 20)).append(' ').append(padLeft("(%)", 8))
                .append(' ').append(padLeft("Record size", 20)).append(' ').append(padLeft("(%)", 8))
                .append(' ').append(padLeft("FPI size", 20)).append(' ').append(padLeft("(%)", 8))
                .append(' ').append(padLeft("Combined size", 20)).append(' ').append(padLeft("(%)", 8)).append('\n');
        sb.append(padRight("----", 27)).append(' ').append(padLeft("-", 20)).append(' ').append(padLeft("---", 8))
                .append(' ').append(padLeft("-----------", 20)).append(' ').append(padLeft("---", 8))
                .append(' ').append(padLeft("--------", 20)).append(' ').append(padLeft("---", 8))
                .append(' ').append(padLeft("-------------", 20)).append(' ').append(padLeft("---", 8)).append('\n');
        for (StatsRow row : stats.rows(perRecord)) {
            sb.append(padRight(row.name(), 27)).append(' ');
            cell(sb, row.count(), total.count(), ByteUnits.BYTES).append(' ');
            cell(sb, row.recordSize(), total.recordSize(), units).append(' ');
            cell(sb, row.fpiSize(), total.fpiSize(), units).append(' ');
            cell(sb, row.combinedSize(), totalLen, units).append('\n');
        }
        sb.append(padRight("", 27)).append(' ').append(padLeft("--------", 20)).append(' ').append(padLeft("", 8))
                .append(' ').append(padLeft("--------", 20)).append(' ').append(padLeft("", 8))
                .append(' ').append(padLeft("--------", 20)).append(' ').append(padLeft("", 8))
                .append(' ').append(padLeft("--------", 20)).append('\n');
        // the bracketed percentages are of the row total, printed %-9s with no blank before the next number
        sb.append(padRight("Total", 27)).append(' ')
                .append(padLeft(Long.toUnsignedString(stats.count()), 20)).append(' ').append(padRight("", 9))
                .append(padLeft(size(total.recordSize(), units), 20)).append(' ')
                .append(padRight(bracketed(StatsRow.percent(total.recordSize(), totalLen)), 9))
                .append(padLeft(size(total.fpiSize(), units), 20)).append(' ')
                .append(padRight(bracketed(StatsRow.percent(total.fpiSize(), totalLen)), 9))
                .append(padLeft(size(totalLen, units), 20)).append(' ').append(padRight("[100%]", 6))
                .append('\n');
        return sb.toString();
    }

    /**
     * The line before the table: none in 13 and 14, {@code WAL statistics between %X/%X and %X/%X:} in
     * 15 to 18, {@code %X/%08X} in 19 and later. Returns "" when there is no such line and null when
     * pg_waldump prints nothing at all (15+ with no record counted).
     */
    static String headerLine(WalStats stats) {
        return switch (stats.version()) {
            case PG13, PG14 -> "";
            case PG15, PG16, PG17, PG18 -> stats.endLsn() == 0 ? null : between(stats, false);
            case PG19_BETA1, PG19_BETA3, PG19 -> stats.endLsn() == 0 ? null : between(stats, true);
        };
    }

    // String.concat rather than the + operator on the path of every `stats`: on JDK 17 each concatenation's
    // first use spins method-handle classes (a short process's milliseconds), which no AppCDS archive holds
    private static String between(WalStats stats, boolean padLow) {
        return "WAL statistics between ".concat(Lsn.format(stats.startLsn(), padLow)).concat(" and ")
                .concat(Lsn.format(stats.endLsn(), padLow)).concat(":\n");
    }

    /**
     * JSON: {@code version}, {@code start_lsn}, {@code end_lsn}, {@code per_record}, {@code rows} (objects
     * with the {@link #KEYS}) and {@code total}. Percentages are unrounded, as pg_walinspect returns them.
     */
    public static String json(WalStats stats, boolean perRecord) {
        StatsRow total = stats.total();
        StringBuilder sb = new StringBuilder(4096);
        sb.append("{\n  \"version\": ").append(quote(stats.version().label()))
                .append(",\n  \"start_lsn\": ").append(quote(Lsn.of(stats.startLsn()).format(stats.version())))
                .append(",\n  \"end_lsn\": ").append(quote(Lsn.of(stats.endLsn()).format(stats.version())))
                .append(",\n  \"per_record\": ").append(perRecord)
                .append(",\n  \"rows\": [");
        List<StatsRow> rows = stats.rows(perRecord);
        for (int i = 0; i < rows.size(); i++) {
            sb.append(i == 0 ? "\n    " : ",\n    ");
            jsonRow(sb, rows.get(i), total);
        }
        sb.append(rows.isEmpty() ? "],\n" : "\n  ],\n");
        long totalLen = total.combinedSize();
        sb.append("  \"total\": {\"count\": ").append(Long.toUnsignedString(stats.count()))
                .append(", \"record_size\": ").append(Long.toUnsignedString(total.recordSize()))
                .append(", \"record_size_percentage\": ").append(number(StatsRow.percent(total.recordSize(), totalLen)))
                .append(", \"fpi_size\": ").append(Long.toUnsignedString(total.fpiSize()))
                .append(", \"fpi_size_percentage\": ").append(number(StatsRow.percent(total.fpiSize(), totalLen)))
                .append(", \"combined_size\": ").append(Long.toUnsignedString(totalLen))
                .append(", \"combined_size_percentage\": ").append(totalLen == 0 ? "0" : "100")
                .append("}\n}\n");
        return sb.toString();
    }

    /** CSV (RFC 4180): a header of {@link #KEYS}, then one line per row, no total line. */
    public static String csv(WalStats stats, boolean perRecord) {
        StatsRow total = stats.total();
        StringBuilder sb = new StringBuilder(4096);
        sb.append(String.join(",", KEYS)).append("\r\n");
        for (StatsRow row : stats.rows(perRecord)) {
            sb.append(csvField(row.name())).append(',')
                    .append(Long.toUnsignedString(row.count())).append(',')
                    .append(number(StatsRow.percent(row.count(), total.count()))).append(',')
                    .append(Long.toUnsignedString(row.recordSize())).append(',')
                    .append(number(StatsRow.percent(row.recordSize(), total.recordSize()))).append(',')
                    .append(Long.toUnsignedString(row.fpiSize())).append(',')
                    .append(number(StatsRow.percent(row.fpiSize(), total.fpiSize()))).append(',')
                    .append(Long.toUnsignedString(row.combinedSize())).append(',')
                    .append(number(StatsRow.percent(row.combinedSize(), total.combinedSize()))).append("\r\n");
        }
        return sb.toString();
    }

    private static void jsonRow(StringBuilder sb, StatsRow row, StatsRow total) {
        sb.append("{\"").append(KEYS.get(0)).append("\": ").append(quote(row.name()))
                .append(", \"count\": ").append(Long.toUnsignedString(row.count()))
                .append(", \"count_percentage\": ").append(number(StatsRow.percent(row.count(), total.count())))
                .append(", \"record_size\": ").append(Long.toUnsignedString(row.recordSize()))
                .append(", \"record_size_percentage\": ")
                .append(number(StatsRow.percent(row.recordSize(), total.recordSize())))
                .append(", \"fpi_size\": ").append(Long.toUnsignedString(row.fpiSize()))
                .append(", \"fpi_size_percentage\": ").append(number(StatsRow.percent(row.fpiSize(), total.fpiSize())))
                .append(", \"combined_size\": ").append(Long.toUnsignedString(row.combinedSize()))
                .append(", \"combined_size_percentage\": ")
                .append(number(StatsRow.percent(row.combinedSize(), total.combinedSize())))
                .append('}');
    }

    /** {@code (%6.02f)} cell after a {@code %20llu} number (or its pg_size_pretty text). */
    private static StringBuilder cell(StringBuilder sb, long value, long total, ByteUnits units) {
        sb.append(padLeft(size(value, units), 20)).append(" (")
                .append(padLeft(fixed2(StatsRow.percent(value, total)), 6)).append(')');
        return sb;
    }

    /** A {@code %llu} size: the unsigned number, or pg_size_pretty's text. */
    private static String size(long value, ByteUnits units) {
        return units == ByteUnits.BYTES ? Long.toUnsignedString(value) : units.text(value);
    }

    /**
     * C's {@code %.02f}: the exact binary value rounded to two decimals, ties to even (glibc). Java's
     * {@code %.2f} rounds the shortest decimal form half-up and differs on values such as 0.145.
     */
    static String fixed2(double v) {
        // Fast path: v * 100 is within 1e-11 of the exact product here (v <= 100), so unless its fraction is near
        // one half the rounding is decided without BigDecimal, whose first use costs a short process milliseconds.
        double h = v * 100;
        double fl = Math.floor(h);
        double frac = h - fl;
        if (v >= 0 && h < 1e15 && Math.abs(frac - 0.5) > 1e-6) {
            long k = (long) fl + (frac > 0.5 ? 1 : 0);
            long cents = k % 100;
            return Long.toString(k / 100).concat(cents < 10 ? ".0" : ".").concat(Long.toString(cents));
        }
        return new BigDecimal(v).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** A JSON/CSV number: integral values without a fraction, others in shortest round-trip form. */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    private static String bracketed(double percent) {
        return "[".concat(fixed2(percent)).concat("%]");
    }

    private static String padLeft(String s, int width) {
        if (s.length() >= width) {
            return s;
        }
        StringBuilder b = new StringBuilder(width);
        for (int i = s.length(); i < width; i++) {
            b.append(' ');
        }
        return b.append(s).toString();
    }

    private static String padRight(String s, int width) {
        if (s.length() >= width) {
            return s;
        }
        StringBuilder b = new StringBuilder(width).append(s);
        for (int i = s.length(); i < width; i++) {
            b.append(' ');
        }
        return b.toString();
    }

    private static String quote(String s) {
        return Json.quote(new StringBuilder(s.length() + 2), s).toString();
    }

    private static String csvField(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
