package org.walprism.analyzer.dump;

import java.nio.charset.StandardCharsets;
import org.walprism.analyzer.PlainText;
import org.walprism.analyzer.desc.TextBuffer;
import org.walprism.analyzer.relmap.RelationMap;

/**
 * {@code dump --names}: after every {@code rel SPC/DB/REL} of a record's text, the relation's name in parentheses,
 * {@code rel 1663/5/16384 (public.orders)}, when the relation map names the file. The rest of the line is
 * pg_waldump's, byte for byte; without the option nothing changes.
 */
public final class RelationNames {
    private static final byte[] REL = "rel ".getBytes(StandardCharsets.US_ASCII);
    private final RelationMap names;
    private final TextBuffer scratch = new TextBuffer();

    /** Names relation files from {@code names}. */
    public RelationNames(RelationMap names) {
        this.names = names;
    }

    /** The map names come from. */
    public RelationMap map() {
        return names;
    }

    /** Rewrites {@code out} from {@code from} on with the names added. */
    public void annotate(TextBuffer out, int from) {
        int end = out.length();
        int i = find(out, from, end);
        if (i < 0) {
            return;
        }
        scratch.clear();
        scratch.append(out, from, end - from);
        out.setLength(from);
        int pos = 0;
        int n = scratch.length();
        while (pos < n) {
            int at = find(scratch, pos, n);
            if (at < 0) {
                out.append(scratch, pos, n - pos);
                break;
            }
            long[] f = new long[3];
            int p = at + REL.length;
            int k = 0;
            for (; k < 3; k++) {
                int s = p;
                long v = 0;
                while (p < n && scratch.byteAt(p) >= '0' && scratch.byteAt(p) <= '9' && p - s < 11) {
                    v = v * 10 + (scratch.byteAt(p) - '0');
                    p++;
                }
                if (p == s) {
                    break;
                }
                f[k] = v;
                if (k < 2) {
                    if (p >= n || scratch.byteAt(p) != '/') {
                        break;
                    }
                    p++;
                }
            }
            out.append(scratch, pos, p - pos);
            if (k == 3) {
                RelationMap.Relation r = names.find(f[0], f[1], f[2]);
                if (r != null) {
                    out.append(" (").append(PlainText.escape(r.name())).append(')');
                }
            }
            pos = p;
        }
    }

    private static int find(TextBuffer b, int from, int end) {
        outer:
        for (int i = from; i + REL.length <= end; i++) {
            for (int k = 0; k < REL.length; k++) {
                if (b.byteAt(i + k) != REL[k]) {
                    continue outer;
                }
            }
            if (i > 0 && b.byteAt(i - 1) != ' ') {
                continue;
            }
            return i;
        }
        return -1;
    }
}
