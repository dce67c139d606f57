package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.rmgr.heap2.Heap2View;
import org.walprism.codec.rmgr.heap2.MultiInsert;
import org.walprism.codec.rmgr.heap2.Visible;

/**
 * Heap2 desc text exactly as each version's {@code heap2_desc} prints it: 13-15 in the old
 * {@code name value} style, 16 in {@code key: value} style with offset arrays, 17+ for the merged prune
 * record (with isCatalogRel), 19+ with {@code vm_flags}.
 *
 * <p>Prints from the codec's {@link Heap2View} (the record's bytes in place, no allocation), which has checked
 * the record's layout; a payload the view rejects is decoded by {@link Heap2Codec}, which throws the precise
 * reason. Mirrors heap2_desc of src/backend/access/rmgrdesc/heapdesc.c and array_desc of rmgrdesc_utils.c,
 * REL_13_STABLE .. master.
 */
public final class Heap2Describer implements RmgrDescriber {

    /**
     * What a version's heap2_desc prints beyond the bytes: the one version dispatch of this describer.
     *
     * @param keyed             {@code key: value} pairs and arrays (16+) rather than 13-15's {@code name value}
     * @param multiInsertVmBits MULTI_INSERT prints {@code vm_flags} with {@code XLH_INSERT_ALL_FROZEN_SET} (19+)
     */
    record Dialect(boolean keyed, boolean multiInsertVmBits) {
        static Dialect of(WalVersion v) {
            return switch (v) {
                case PG13, PG14, PG15 -> new Dialect(false, false);
                case PG16, PG17, PG18 -> KEYED;
                case PG19_BETA1, PG19_BETA3, PG19 -> KEYED_VM;
            };
        }

        private static final Dialect KEYED = new Dialect(true, false);
        private static final Dialect KEYED_VM = new Dialect(true, true);
    }

    private static final Dialect[] DIALECTS = new Dialect[WalVersion.values().length];

    static {
        for (WalVersion v : WalVersion.values()) {
            DIALECTS[v.ordinal()] = Dialect.of(v);
        }
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        Heap2View v = r.heap2View();
        if (v.type() == null) {
            return; // heap2_desc prints nothing for an unknown code
        }
        if (!v.accepted()) {
            reject(r);
        }
        describe(v, DIALECTS[r.version().ordinal()], sb);
    }

    /** Throws the codec's reason why {@code r}'s payload contradicts its layout. */
    private static void reject(DescRecord r) {
        try {
            Heap2Codec.decode(r.version(), r.info(), r.mainData("Heap2 main data").toByteArray(),
                    r.blockData(0, "Heap2 block 0 data").toByteArray());
        } catch (InvalidPayloadException e) {
            throw e.at(r.lsn());
        }
        throw new IllegalStateException("Heap2View rejects a payload the decoder accepts at " + r.lsn());
    }

    static void describe(Heap2View v, Dialect d, TextBuffer sb) {
        boolean keyed = d.keyed();
        switch (v.type()) {
            case CLEAN -> sb.append("remxid ").append(v.snapshotConflictHorizon());
            case PRUNE -> prune(v, keyed, sb);
            case VACUUM -> {
                sb.append(keyed ? "nunused: " : "nunused ").append(v.nunused());
                if (keyed && v.hasBlockData()) {
                    sb.append(", unused:");
                    unused(sb, v);
                }
            }
            case FREEZE_PAGE -> freezePage(v, sb);
            case CLEANUP_INFO -> sb.append("remxid ").append(v.snapshotConflictHorizon());
            case VISIBLE -> sb.append(keyed ? "snapshotConflictHorizon: " : "cutoff xid ")
                    .append(v.snapshotConflictHorizon()).append(keyed ? ", flags: 0x" : " flags 0x")
                    .appendHex(v.flags(), 2);
            case PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP -> pruneFreeze(v, sb);
            case MULTI_INSERT -> multiInsert(v, d, sb);
            case LOCK_UPDATED -> HeapDescriber.rowLock(sb, keyed, v.xmax(), v.offnum(), v.infobitsSet(), v.flags(),
                    ": xmax ");
            case NEW_CID -> sb.append(keyed ? "rel: " : "rel ").append(v.targetSpcOid()).append('/')
                    .append(v.targetDbOid()).append('/').append(v.targetRelNumber()).append(keyed ? ", tid: " : "; tid ")
                    .append(v.targetBlock()).append('/').append(v.targetOffset())
                    .append(keyed ? ", cmin: " : "; cmin: ").append(v.cmin()).append(", cmax: ").append(v.cmax())
                    .append(", combo: ").append(v.combocid());
            case REWRITE -> {
                // heap2_desc prints nothing for XLOG_HEAP2_REWRITE
            }
        }
    }

    /** PRUNE (14-16): 14/15 counts only, 16 with the offset arrays. */
    private static void prune(Heap2View v, boolean keyed, TextBuffer sb) {
        if (!keyed) {
            sb.append("latestRemovedXid ").append(v.snapshotConflictHorizon()).append(" nredirected ")
                    .append(v.nredirected()).append(" ndead ").append(v.ndead());
            return;
        }
        sb.append("snapshotConflictHorizon: ").append(v.snapshotConflictHorizon()).append(", nredirected: ")
                .append(v.nredirected()).append(", ndead: ").append(v.ndead());
        if (v.hasBlockData()) {
            sb.append(", nunused: ").append(v.nunused()).append(", redirected:");
            redirects(sb, v);
            sb.append(", dead:");
            dead(sb, v);
            sb.append(", unused:");
            unused(sb, v);
        }
    }

    /** FREEZE_PAGE: 13-15 {@code cutoff xid, ntuples}; 16 with the plans (the view knows the layout). */
    private static void freezePage(Heap2View v, TextBuffer sb) {
        if (v.perTupleFreeze()) {
            sb.append("cutoff xid ").append(v.snapshotConflictHorizon()).append(" ntuples ").append(v.ntuples());
            return;
        }
        sb.append("snapshotConflictHorizon: ").append(v.snapshotConflictHorizon()).append(", nplans: ")
                .append(v.nplans());
        if (v.hasBlockData()) {
            sb.append(", plans:");
            plans(sb, v);
        }
    }

    /** PRUNE_ON_ACCESS / PRUNE_VACUUM_SCAN / PRUNE_VACUUM_CLEANUP (17+). */
    private static void pruneFreeze(Heap2View v, TextBuffer sb) {
        if (v.header() == 6) {
            sb.append("snapshotConflictHorizon: ").append(v.snapshotConflictHorizon());
        }
        sb.append(", isCatalogRel: ").append(v.isCatalogRel() ? 'T' : 'F');
        int vm = v.vmFlags(); // 0 before 19: the flags have no VM bits there
        if (vm != 0) {
            sb.append(", vm_flags: 0x").appendHex(vm, 2);
        }
        if (!v.hasBlockData()) {
            return;
        }
        sb.append(", nplans: ").append(v.nplans()).append(", nredirected: ").append(v.nredirected())
                .append(", ndead: ").append(v.ndead()).append(", nunused: ").append(v.nunused());
        if (v.nplans() > 0) {
            sb.append(", plans:");
            plans(sb, v);
        }
        if (v.nredirected() > 0) {
            sb.append(", redirected:");
            redirects(sb, v);
        }
        if (v.ndead() > 0) {
            sb.append(", dead:");
            dead(sb, v);
        }
        if (v.nunused() > 0) {
            sb.append(", unused:");
            unused(sb, v);
        }
    }

    private static void multiInsert(Heap2View v, Dialect d, TextBuffer sb) {
        int flags = v.flags();
        int ntuples = v.ntuples();
        if (!d.keyed()) {
            sb.append(ntuples).append(" tuples flags 0x").appendHex(flags, 2);
            return;
        }
        sb.append("ntuples: ").append(ntuples).append(", flags: 0x").appendHex(flags, 2);
        if (d.multiInsertVmBits() && (flags & MultiInsert.XLH_INSERT_ALL_FROZEN_SET) != 0) {
            sb.append(", vm_flags: 0x")
                    .appendHex(Visible.VISIBILITYMAP_ALL_VISIBLE | Visible.VISIBILITYMAP_ALL_FROZEN, 2);
        }
        if (v.hasBlockData() && !v.init()) {
            sb.append(", offsets: [");
            for (int i = 0; i < ntuples; i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(v.multiInsertOffset(i));
            }
            sb.append(']');
        }
    }

    /** array_desc with redirect_elem_desc: {@code " [4->38, ...]"}. */
    private static void redirects(TextBuffer sb, Heap2View v) {
        sb.append(" [");
        for (int i = 0; i < v.nredirected(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(v.redirectFrom(i)).append("->").append(v.redirectTo(i));
        }
        sb.append(']');
    }

    /** array_desc with offset_elem_desc over the dead items: {@code " [1, 2]"} or {@code " []"}. */
    private static void dead(TextBuffer sb, Heap2View v) {
        sb.append(" [");
        for (int i = 0; i < v.ndead(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(v.dead(i));
        }
        sb.append(']');
    }

    /** array_desc with offset_elem_desc over the now-unused items. */
    private static void unused(TextBuffer sb, Heap2View v) {
        sb.append(" [");
        for (int i = 0; i < v.nunused(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(v.unused(i));
        }
        sb.append(']');
    }

    /** array_desc with plan_elem_desc; infomask is printed before infomask2, as heapdesc.c does. */
    private static void plans(TextBuffer sb, Heap2View v) {
        sb.append(" [");
        int k = 0;
        for (int p = 0; p < v.nplans(); p++) {
            if (p > 0) {
                sb.append(", ");
            }
            int ntuples = v.planNtuples(p);
            sb.append("{ xmax: ").append(v.planXmax(p)).append(", infomask: ").append(v.planInfomask(p))
                    .append(", infomask2: ").append(v.planInfomask2(p)).append(", ntuples: ").append(ntuples)
                    .append(", offsets: [");
            for (int i = 0; i < ntuples; i++, k++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(v.frozenOffset(k));
            }
            sb.append("] }");
        }
        sb.append(']');
    }
}
