package org.walprism.analyzer.report;

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

    public Json beginObject() {
        comma();
        sb.append('{');
        depth++;
        first = true;
        return this;
    }

    public Json endObject() {
        return close('}');
    }

    public Json beginArray() {
        comma();
        sb.append('[');
        depth++;
        first = true;
        return this;
    }

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

    public Json key(String k) {
        comma();
        quote(k);
        sb.append(": ");
        afterKey = true;
        return this;
    }

    public Json value(String s) {
        comma();
        if (s == null) {
            sb.append("null");
        } else {
            quote(s);
        }
        return this;
    }

    public Json value(long n) {
        comma();
        sb.append(n);
        return this;
    }

    public Json value(double d) {
        comma();
        sb.append(Double.isFinite(d) ? String.format(Locale.ROOT, "%.4f", d) : "null");
        return this;
    }

    public Json value(boolean b) {
        comma();
        sb.append(b);
        return this;
    }

    public Json field(String k, String v) {
        return key(k).value(v);
    }

    public Json field(String k, long v) {
        return key(k).value(v);
    }

    public Json field(String k, double v) {
        return key(k).value(v);
    }

    private void quote(String s) {
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
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
