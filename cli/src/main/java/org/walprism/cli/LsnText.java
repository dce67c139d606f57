package org.walprism.cli;

import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;

/**
 * The one rule for LSNs in walprism's notes and errors: the WAL's major decides, as it does in the tables. The
 * codec writes its messages with {@code %X/%08X} (it may fail before it has read a page); the CLI rewrites each LSN
 * in them to the form that major's pg_waldump prints ({@link Lsn#format(WalVersion)}: PostgreSQL's
 * {@code LSN_FORMAT_ARGS} with {@code %X/%X} up to 18, {@code %X/%08X} from 19), when that major is known.
 */
final class LsnText {
    private LsnText() {
    }

    /**
     * {@code text} with every {@code H/LLLLLLLL} (1 to 8 upper-case hex digits, a slash, 8 of them, not part of a
     * longer word or path) printed as {@code version}'s tools print it; {@code text} itself when {@code version} is
     * null (nothing read: walprism's own {@code %X/%08X} stays).
     */
    static String forVersion(String text, WalVersion version) {
        if (version == null || text == null || text.indexOf('/') < 0) {
            return text;
        }
        StringBuilder sb = null;
        int copied = 0;
        for (int slash = text.indexOf('/'); slash >= 0; slash = text.indexOf('/', slash + 1)) {
            int from = slash;
            while (from > 0 && slash - from < 8 && hex(text.charAt(from - 1))) {
                from--;
            }
            int to = slash + 9;
            if (from == slash || to > text.length() || (from > 0 && word(text.charAt(from - 1)))
                    || (to < text.length() && word(text.charAt(to))) || from < copied) {
                continue;
            }
            boolean lowHex = true;
            for (int i = slash + 1; i < to; i++) {
                lowHex &= hex(text.charAt(i));
            }
            if (!lowHex) {
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(text.length());
            }
            sb.append(text, copied, from).append(Lsn.parse(text.substring(from, to)).format(version));
            copied = to;
            slash = to - 1;
        }
        return sb == null ? text : sb.append(text, copied, text.length()).toString();
    }

    private static boolean hex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
    }

    /** A character that makes the digits part of a name or path rather than an LSN. */
    private static boolean word(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '/' || c == '.' || c == '-' || c == '\\';
    }
}
