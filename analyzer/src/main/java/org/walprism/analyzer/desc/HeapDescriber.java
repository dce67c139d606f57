package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.heap.HeapTruncate;
import org.walprism.codec.rmgr.heap.HeapView;

/**
 * Desc text of Heap (rmgr 10) records, mirroring {@code heap_desc} in src/backend/access/rmgrdesc/heapdesc.c:
 * 13-15 in the {@code off %u flags 0x%02X} style, 16+ in {@code key: value} style, 18+ with INPLACE's
 * invalidation messages.
 *
 * <p>Prints from the codec's {@link HeapView} (byte maps there), which has checked the main data; a record it
 * rejects has its fields read in heap_desc's order through {@link DescData}, which throws naming the first field
 * that is missing.
 */
public final class HeapDescriber implements RmgrDescriber {

    /** Whether a version's heap_desc prints {@code key: value} pairs (16+): the one version dispatch here. */
    private static boolean keyed(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15 -> false;
            case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        HeapView v = r.heapView();
        if (!v.accepted()) {
            reject(r, v);
        }
        boolean keyed = keyed(r.version());
        switch (v.type()) {
            case INSERT -> sb.append(keyed ? "off: " : "off ").append(v.offnum())
                    .append(keyed ? ", flags: 0x" : " flags 0x").appendHex(v.flags(), 2);
            case DELETE -> rowLock(sb, keyed, v.xmax(), v.offnum(), v.infobitsSet(), v.flags(), null);
            case UPDATE, HOT_UPDATE -> update(sb, v, keyed);
            case TRUNCATE -> truncate(sb, v, keyed);
            case CONFIRM -> sb.append(keyed ? "off: " : "off ").append(v.offnum());
            case LOCK -> rowLock(sb, keyed, v.xmax(), v.offnum(), v.infobitsSet(), v.flags(), ": xid ");
            case INPLACE -> {
                sb.append(keyed ? "off: " : "off ").append(v.offnum());
                if (HeapView.invalidationsLogged(v.version())) {
                    StandbyDescriber.invalidations(sb, v.version(), r.mainData("Heap main data"),
                            HeapView.msgsOffset(), v.nmsgs(), v.dbId(), v.tsId(), v.relcacheInitFileInval());
                }
            }
        }
    }

    /**
     * Reads the fields of a record the view rejected in heap_desc's order, so that the first missing one is named
     * ({@link DescData} throws).
     */
    private static void reject(DescRecord r, HeapView v) {
        DescData d = r.mainData("Heap main data");
        switch (v.type()) {
            case INSERT -> {
                d.u16(0, "offnum");
                d.u8(2, "flags");
            }
            case DELETE, LOCK -> {
                d.u32(0, "xmax");
                d.u16(4, "offnum");
                d.u8(6, "infobits_set");
                d.u8(7, "flags");
            }
            case UPDATE, HOT_UPDATE -> {
                d.u32(0, "old_xmax");
                d.u16(4, "old_offnum");
                d.u8(6, "old_infobits_set");
                d.u8(7, "flags");
                d.u32(8, "new_xmax");
                d.u16(12, "new_offnum");
            }
            case TRUNCATE -> {
                long nrelids = d.u32(4, "nrelids");
                d.u8(8, "flags");
                d.count(nrelids, HeapTruncate.SIZE, 4, "relids");
            }
            case CONFIRM -> d.u16(0, "offnum");
            case INPLACE -> {
                d.u16(0, "offnum");
                if (HeapView.invalidationsLogged(v.version())) {
                    d.u32(4, "dbId");
                    d.u32(8, "tsId");
                    d.bool(12, "relcacheInitFileInval");
                    int nmsgs = d.i32(16, "nmsgs");
                    StandbyDescriber.invalidations(new TextBuffer(), v.version(), d, HeapView.msgsOffset(), nmsgs,
                            0, 0, false);
                }
            }
        }
        throw new IllegalStateException("HeapView rejects main data heap_desc reads at " + r.lsn());
    }

    /**
     * DELETE, LOCK and Heap2's LOCK_UPDATED: 13-15 {@code off N flags 0xXX <infobits words>} (with
     * {@code oldXmaxLabel}: {@code off N<label>XMAX: flags 0xXX <words>}), 16+ keyed.
     */
    static void rowLock(TextBuffer sb, boolean keyed, long xmax, int off, int infobits, int flags,
                        String oldXmaxLabel) {
        if (!keyed) {
            sb.append("off ").append(off);
            if (oldXmaxLabel == null) {
                sb.append(" flags 0x");
            } else {
                sb.append(oldXmaxLabel).append(xmax).append(": flags 0x");
            }
            sb.appendHex(flags, 2).append(' ');
            DescFormat.infobitsWords(sb, infobits);
        } else {
            sb.append("xmax: ").append(xmax).append(", off: ").append(off).append(", ");
            DescFormat.infobitsList(sb, infobits, "infobits");
            sb.append(", flags: 0x").appendHex(flags, 2);
        }
    }

    private static void update(TextBuffer sb, HeapView v, boolean keyed) {
        if (!keyed) {
            sb.append("off ").append(v.offnum()).append(" xmax ").append(v.xmax())
                    .append(" flags 0x").appendHex(v.flags(), 2).append(' ');
            DescFormat.infobitsWords(sb, v.infobitsSet());
            sb.append("; new off ").append(v.newOffnum()).append(" xmax ").append(v.newXmax());
        } else {
            sb.append("old_xmax: ").append(v.xmax()).append(", old_off: ").append(v.offnum()).append(", ");
            DescFormat.infobitsList(sb, v.infobitsSet(), "old_infobits");
            sb.append(", flags: 0x").appendHex(v.flags(), 2).append(", new_xmax: ").append(v.newXmax())
                    .append(", new_off: ").append(v.newOffnum());
        }
    }

    private static void truncate(TextBuffer sb, HeapView v, boolean keyed) {
        long nrelids = v.nrelids();
        int flags = v.flags();
        boolean cascade = (flags & HeapTruncate.XLH_TRUNCATE_CASCADE) != 0;
        boolean restart = (flags & HeapTruncate.XLH_TRUNCATE_RESTART_SEQS) != 0;
        if (!keyed) {
            if (cascade) {
                sb.append("cascade ");
            }
            if (restart) {
                sb.append("restart_seqs ");
            }
            sb.append("nrelids ").append(nrelids).append(" relids");
            for (int i = 0; i < nrelids; i++) {
                sb.append(' ').append(v.relid(i));
            }
        } else {
            sb.append("flags: [");
            if (cascade) {
                sb.append("CASCADE");
            }
            if (restart) {
                sb.append(cascade ? ", " : "").append("RESTART_SEQS");
            }
            sb.append("], nrelids: ").append(nrelids).append(", relids: [");
            for (int i = 0; i < nrelids; i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(v.relid(i));
            }
            sb.append(']');
        }
    }
}
