package org.walprism.analyzer;

/**
 * Untrusted text (relation names from a relation map or a server, tar member names, file names) made safe for text
 * output: a control character would otherwise act on the terminal (ESC sequences set its title, BEL rings) or
 * forge a line of its own (a newline in a relation name). HTML, JSON and CSV output escape in their own syntax;
 * text output uses this one.
 */
public final class PlainText {
    private PlainText() {
    }

    /**
     * {@code s} with every control character (C0, DEL, C1), line and paragraph separator and bidirectional
     * override written as {@code \xHH} (or {@code \\uHHHH} above U+00FF); {@code s} itself when it has none.
     */
    public static String escape(String s) {
        if (s == null) {
            return null;
        }
        int i = 0;
        int n = s.length();
        while (i < n && !unsafe(s.charAt(i))) {
            i++;
        }
        if (i == n) {
            return s;
        }
        StringBuilder sb = new StringBuilder(n + 8).append(s, 0, i);
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (!unsafe(c)) {
                sb.append(c);
            } else if (c <= 0xFF) {
                sb.append(String.format(java.util.Locale.ROOT, "\\x%02X", (int) c));
            } else {
                sb.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) c));
            }
        }
        return sb.toString();
    }

    private static boolean unsafe(char c) {
        return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029'
                || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }
}
