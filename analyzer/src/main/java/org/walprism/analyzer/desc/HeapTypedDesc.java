package org.walprism.analyzer.desc;

import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.heap.HeapConfirm;
import org.walprism.codec.rmgr.heap.HeapDelete;
import org.walprism.codec.rmgr.heap.HeapInplace;
import org.walprism.codec.rmgr.heap.HeapInsert;
import org.walprism.codec.rmgr.heap.HeapLock;
import org.walprism.codec.rmgr.heap.HeapRecord;
import org.walprism.codec.rmgr.heap.HeapTruncate;
import org.walprism.codec.rmgr.heap.HeapUpdate;

/**
 * pg_waldump's desc text of a typed Heap record ({@code heap_desc}, src/backend/access/rmgrdesc/heapdesc.c):
 * 13-15 in the {@code off %u flags 0x%02X} style, 16+ in {@code key: value} style, 18+ with INPLACE's
 * invalidation messages. The same text {@link HeapDescriber} prints from the bytes in dump's hot path (a test
 * holds the two equal on every corpus record).
 */
public final class HeapTypedDesc {
    private HeapTypedDesc() {
    }

    private static boolean old(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15 -> true;
            case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> false;
        };
    }

    /** The desc text of {@code r}, written by {@code version}. */
    public static String describe(WalVersion version, HeapRecord r) {
        TextBuffer sb = new TextBuffer(64);
        describe(version, r, sb);
        return sb.toString();
    }

    /** Appends the desc text of {@code r} to {@code sb}. */
    public static void describe(WalVersion version, HeapRecord r, TextBuffer sb) {
        boolean old = old(version);
        if (r instanceof HeapInsert i) {
            sb.append(old ? "off " : "off: ").append(i.offnum()).append(old ? " flags 0x" : ", flags: 0x")
                    .appendHex(i.flags(), 2);
        } else if (r instanceof HeapDelete d) {
            rowLock(sb, old, d.xmax(), d.offnum(), d.infobitsSet(), d.flags(), " flags 0x", " ");
        } else if (r instanceof HeapLock l) {
            rowLock(sb, old, l.xmax(), l.offnum(), l.infobitsSet(), l.flags(), ": xid " + l.xmax() + ": flags 0x",
                    " ");
        } else if (r instanceof HeapUpdate u) {
            update(sb, old, u);
        } else if (r instanceof HeapTruncate t) {
            truncate(sb, old, t);
        } else if (r instanceof HeapConfirm c) {
            sb.append(old ? "off " : "off: ").append(c.offnum());
        } else if (r instanceof HeapInplace p) {
            sb.append(old ? "off " : "off: ").append(p.offnum());
            if (p instanceof HeapInplace.Pg18 n) {
                TypedInvalidations.append(sb, version, n.msgs(), n.dbId(), n.tsId(), n.relcacheInitFileInval());
            }
        }
    }

    /** DELETE and LOCK: 13-15 {@code off N<middle>XX <infobits words>}, 16+ keyed. */
    private static void rowLock(TextBuffer sb, boolean old, long xmax, int off, int infobits, int flags,
                                String oldMiddle, String oldAfterFlags) {
        if (old) {
            sb.append("off ").append(off).append(oldMiddle).appendHex(flags, 2).append(oldAfterFlags);
            DescFormat.infobitsWords(sb, infobits);
        } else {
            sb.append("xmax: ").append(xmax).append(", off: ").append(off).append(", ");
            DescFormat.infobitsList(sb, infobits, "infobits");
            sb.append(", flags: 0x").appendHex(flags, 2);
        }
    }

    private static void update(TextBuffer sb, boolean old, HeapUpdate u) {
        if (old) {
            sb.append("off ").append(u.oldOffnum()).append(" xmax ").append(u.oldXmax())
                    .append(" flags 0x").appendHex(u.flags(), 2).append(' ');
            DescFormat.infobitsWords(sb, u.oldInfobitsSet());
            sb.append("; new off ").append(u.newOffnum()).append(" xmax ").append(u.newXmax());
        } else {
            sb.append("old_xmax: ").append(u.oldXmax()).append(", old_off: ").append(u.oldOffnum()).append(", ");
            DescFormat.infobitsList(sb, u.oldInfobitsSet(), "old_infobits");
            sb.append(", flags: 0x").appendHex(u.flags(), 2).append(", new_xmax: ").append(u.newXmax())
                    .append(", new_off: ").append(u.newOffnum());
        }
    }

    private static void truncate(TextBuffer sb, boolean old, HeapTruncate t) {
        boolean cascade = (t.flags() & HeapTruncate.CASCADE) != 0;
        boolean restart = (t.flags() & HeapTruncate.RESTART_SEQS) != 0;
        List<Long> relids = t.relids();
        if (old) {
            if (cascade) {
                sb.append("cascade ");
            }
            if (restart) {
                sb.append("restart_seqs ");
            }
            sb.append("nrelids ").append(relids.size()).append(" relids");
            for (long r : relids) {
                sb.append(' ').append(r);
            }
        } else {
            sb.append("flags: [");
            if (cascade) {
                sb.append("CASCADE");
            }
            if (restart) {
                sb.append(cascade ? ", " : "").append("RESTART_SEQS");
            }
            sb.append("], nrelids: ").append(relids.size()).append(", relids:");
            TypedDescs.array(sb, relids);
        }
    }
}
