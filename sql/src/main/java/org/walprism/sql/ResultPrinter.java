package org.walprism.sql;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Blob;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.walprism.analyzer.json.Json;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;

/**
 * A query's result as psql prints it: the aligned table (psql's default: centred header, a {@code ---+---}
 * separator, numbers right-aligned, {@code (N rows)}), CSV ({@code psql --csv}: a header line, RFC 4180 quoting), or
 * JSON (one object per row, keys the column names). Values are PostgreSQL's text forms: {@code UBIGINT} as
 * {@code pg_lsn} of the WAL's major ({@link LsnSql}), arrays as {@code {A,B}}, bytes as {@code \x} and hex, booleans
 * {@code t}/{@code f}, timestamps {@code 2026-12-01 08:08:59.410696+00}, null as nothing.
 *
 * <p>The aligned table needs every row's width before the first line, so it holds the result's text (bounded by what
 * the query returns, not by the WAL); CSV and JSON stream.
 */
public final class ResultPrinter {

    /** Output formats. */
    public enum Format {
        /** psql's aligned table. */
        aligned,
        /** psql --csv. */
        csv,
        /** One JSON object per line. */
        json
    }

    private static final HexFormat HEX = HexFormat.of();
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private final WalVersion version;

    /** Prints LSNs as {@code version} does. */
    public ResultPrinter(WalVersion version) {
        this.version = version;
    }

    private enum Kind { LSN, NUMBER, TEXT, BOOL, OTHER }

    private static Kind kind(String typeName) {
        String t = typeName.toUpperCase(Locale.ROOT);
        if (t.equals("UBIGINT")) {
            return Kind.LSN;
        }
        if (t.equals("BOOLEAN")) {
            return Kind.BOOL;
        }
        if (t.startsWith("DECIMAL") || List.of("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT",
                "USMALLINT", "UINTEGER", "UHUGEINT", "FLOAT", "DOUBLE").contains(t)) {
            return Kind.NUMBER;
        }
        if (t.equals("VARCHAR")) {
            return Kind.TEXT;
        }
        return Kind.OTHER;
    }

    /** Prints {@code rs} in {@code format} to {@code out}; returns the number of rows. */
    public long print(ResultSet rs, Format format, PrintWriter out) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        String[] names = new String[n];
        Kind[] kinds = new Kind[n];
        for (int i = 0; i < n; i++) {
            names[i] = md.getColumnLabel(i + 1);
            kinds[i] = kind(md.getColumnTypeName(i + 1));
        }
        return switch (format) {
            case aligned -> aligned(rs, names, kinds, out);
            case csv -> csv(rs, names, kinds, out);
            case json -> json(rs, names, kinds, out);
        };
    }

    /** The text of column {@code i} (1-based) of the current row, null for SQL null. */
    String text(ResultSet rs, int i, Kind kind) throws SQLException {
        Object o = rs.getObject(i);
        if (o == null) {
            return null;
        }
        if (kind == Kind.LSN) {
            return Lsn.of(((BigInteger) toBig(o)).longValue()).format(version);
        }
        return text(o);
    }

    private static Object toBig(Object o) {
        if (o instanceof BigInteger b) {
            return b;
        }
        return new BigInteger(o.toString());
    }

    private static String text(Object o) throws SQLException {
        if (o instanceof Boolean b) {
            return b ? "t" : "f";
        }
        if (o instanceof Double d) {
            return float8(d);
        }
        if (o instanceof Float f) {
            return float8(f.doubleValue());
        }
        if (o instanceof byte[] b) {
            return "\\x" + HEX.formatHex(b);
        }
        if (o instanceof Blob b) {
            return "\\x" + HEX.formatHex(b.getBytes(1, (int) b.length()));
        }
        if (o instanceof Array a) {
            Object[] items = (Object[]) a.getArray();
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < items.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(items[i] == null ? "NULL" : arrayItem(text(items[i])));
            }
            return sb.append('}').toString();
        }
        if (o instanceof OffsetDateTime t) {
            return timestamp(t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime()) + "+00";
        }
        if (o instanceof java.sql.Timestamp t) {
            return timestamp(t.toLocalDateTime());
        }
        if (o instanceof LocalDateTime t) {
            return timestamp(t);
        }
        if (o instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return o.toString();
    }

    /** An array element as PostgreSQL's array_out writes it: quoted when it holds a delimiter, quote or space. */
    private static String arrayItem(String s) {
        if (s.isEmpty() || s.chars().anyMatch(c -> c == ',' || c == '"' || c == '\\' || c == '{' || c == '}'
                || Character.isWhitespace(c)) || s.equalsIgnoreCase("NULL")) {
            return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
        }
        return s;
    }

    /** PostgreSQL's timestamp text: seconds, then the microseconds without trailing zeros. */
    private static String timestamp(LocalDateTime t) {
        String s = TS.format(t);
        int micros = t.get(java.time.temporal.ChronoField.MICRO_OF_SECOND);
        if (micros == 0) {
            return s;
        }
        String f = String.format(Locale.ROOT, "%06d", micros);
        int end = f.length();
        while (f.charAt(end - 1) == '0') {
            end--;
        }
        return s + "." + f.substring(0, end);
    }

    /** float8out's shortest text: {@code 12.5}, {@code 1e-05}, {@code 1.5e+20}, {@code NaN}, {@code Infinity}. */
    static String float8(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0" : "0";
        }
        BigDecimal b = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        int exp = b.precision() - b.scale() - 1;
        if (exp < -4 || exp >= 15) {
            String digits = b.unscaledValue().abs().toString();
            String mant = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
            return (d < 0 ? "-" : "") + mant + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "")
                    + Math.abs(exp);
        }
        return b.toPlainString();
    }

    private long aligned(ResultSet rs, String[] names, Kind[] kinds, PrintWriter out) throws SQLException {
        int n = names.length;
        List<String[]> rows = new ArrayList<>();
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            w[i] = width(names[i]);
        }
        while (rs.next()) {
            String[] row = new String[n];
            for (int i = 0; i < n; i++) {
                String s = text(rs, i + 1, kinds[i]);
                row[i] = s == null ? "" : s.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
                w[i] = Math.max(w[i], width(row[i]));
            }
            rows.add(row);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? " " : " | ");
            int pad = w[i] - width(names[i]);
            sb.append(" ".repeat(pad / 2)).append(names[i]).append(" ".repeat((pad + 1) / 2));
        }
        out.println(sb.append(' '));
        sb.setLength(0);
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : "+").append("-".repeat(w[i] + 2));
        }
        out.println(sb);
        for (String[] row : rows) {
            sb.setLength(0);
            for (int i = 0; i < n; i++) {
                sb.append(i == 0 ? " " : " | ");
                int pad = w[i] - width(row[i]);
                if (kinds[i] == Kind.NUMBER) {
                    sb.append(" ".repeat(pad)).append(row[i]);
                } else {
                    sb.append(row[i]);
                    if (i < n - 1) {
                        sb.append(" ".repeat(pad));
                    }
                }
            }
            out.println(sb);
        }
        out.println(rows.size() == 1 ? "(1 row)" : "(" + rows.size() + " rows)");
        out.println();
        return rows.size();
    }

    private static int width(String s) {
        return s.codePointCount(0, s.length());
    }

    private long csv(ResultSet rs, String[] names, Kind[] kinds, PrintWriter out) throws SQLException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            sb.append(i == 0 ? "" : ",").append(csvField(names[i]));
        }
        out.println(sb);
        long rows = 0;
        while (rs.next()) {
            sb.setLength(0);
            for (int i = 0; i < names.length; i++) {
                String s = text(rs, i + 1, kinds[i]);
                sb.append(i == 0 ? "" : ",").append(s == null ? "" : csvField(s));
            }
            out.println(sb);
            rows++;
        }
        return rows;
    }

    /** psql --csv's quoting: a field with a comma, quote, newline or surrounding space, or empty, is quoted. */
    private static String csvField(String s) {
        if (s.isEmpty() || s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0
                || Character.isWhitespace(s.charAt(0)) || Character.isWhitespace(s.charAt(s.length() - 1))) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    private long json(ResultSet rs, String[] names, Kind[] kinds, PrintWriter out) throws SQLException {
        StringBuilder sb = new StringBuilder();
        long rows = 0;
        while (rs.next()) {
            sb.setLength(0);
            sb.append('{');
            for (int i = 0; i < names.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                Json.quote(sb, names[i]).append(':');
                Object o = rs.getObject(i + 1);
                if (o == null) {
                    sb.append("null");
                } else if (kinds[i] == Kind.NUMBER && !(o instanceof Double d && (d.isNaN() || d.isInfinite()))) {
                    sb.append(text(o));
                } else if (kinds[i] == Kind.BOOL) {
                    sb.append(o);
                } else if (o instanceof Array a) {
                    Object[] items = (Object[]) a.getArray();
                    sb.append('[');
                    for (int j = 0; j < items.length; j++) {
                        if (j > 0) {
                            sb.append(',');
                        }
                        if (items[j] == null) {
                            sb.append("null");
                        } else {
                            Json.quote(sb, text(items[j]));
                        }
                    }
                    sb.append(']');
                } else {
                    Json.quote(sb, text(rs, i + 1, kinds[i]));
                }
            }
            out.println(sb.append('}'));
            rows++;
        }
        return rows;
    }
}
