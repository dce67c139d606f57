package org.walprism.analyzer.json;

import java.util.Locale;

/** A minimal streaming JSON writer (objects, arrays, strings, numbers), pretty-printed with two-space indents. */
public final class Json {
    private final StringBuilder sb = new StringBuilder();
    private int depth;
    private boolean first = true;
    private boolean afterKey;

    private void comma() {
        if (afterKey) {
            afterKey = false;
            return;
        }
        if (depth > 0) {
            if (!first) {
                sb.append(',');
            }
            sb.append('\n');
            sb.append("  ".repeat(depth));
        }
        first = false;
    }

    /** Opens an object. */
    public Json beginObject() {
        comma();
        sb.append('{');
        depth++;
        first = true;
        return this;
    }

    /** Closes the open object. */
    public Json endObject() {
        return close('}');
    }

    /** Opens an array. */
    public Json beginArray() {
        comma();
        sb.append('[');
        depth++;
        first = true;
        return this;
    }

    /** Closes the open array. */
    public Json endArray() {
        return close(']');
    }

    private Json close(char c) {
        depth--;
        if (!first) {
            sb.append('\n').append("  ".repeat(depth));
        }
        sb.append(c);
        first = false;
        return this;
    }

    /** Writes a member name; its value follows. */
    public Json key(String k) {
        comma();
        quote(k);
        sb.append(": ");
        afterKey = true;
        return this;
    }

    /** Writes a string value ({@code null} as JSON null). */
    public Json value(String s) {
        comma();
        if (s == null) {
            sb.append("null");
        } else {
            quote(s);
        }
        return this;
    }

    /** Writes an integer value. */
    public Json value(long n) {
        comma();
        sb.append(n);
        return this;
    }

    /** Writes a number value (non-finite as JSON null). */
    public Json value(double d) {
        comma();
        sb.append(Double.isFinite(d) ? String.format(Locale.ROOT, "%.4f", d) : "null");
        return this;
    }

    /** Writes a boolean value. */
    public Json value(boolean b) {
        comma();
        sb.append(b);
        return this;
    }

    /** Writes member {@code k} with string value {@code v}. */
    public Json field(String k, String v) {
        return key(k).value(v);
    }

    /** Writes member {@code k} with integer value {@code v}. */
    public Json field(String k, long v) {
        return key(k).value(v);
    }

    /** Writes member {@code k} with number value {@code v}. */
    public Json field(String k, double v) {
        return key(k).value(v);
    }

    private void quote(String s) {
        quote(sb, s);
    }

    /**
     * Appends {@code s} to {@code sb} as a JSON string literal (RFC 8259: quote, backslash and control characters
     * escaped): the one JSON string escaper of walprism.
     */
    public static StringBuilder quote(StringBuilder sb, CharSequence s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"');
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    @Override
    public String toString() {
        return sb.toString();
    }
}
