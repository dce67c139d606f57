package org.walprism.analyzer.generate;

import java.util.List;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.heap2.CleanupInfo;
import org.walprism.codec.rmgr.heap2.FreezePage;
import org.walprism.codec.rmgr.heap2.FreezePlan;
import org.walprism.codec.rmgr.heap2.FreezeTuple;
import org.walprism.codec.rmgr.heap2.HeapPrune;
import org.walprism.codec.rmgr.heap2.HeapVacuum;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.heap2.PruneFreeze;
import org.walprism.codec.rmgr.heap2.Visible;

/**
 * Builds the typed Heap2 records of each design from page-level content, so the codec produces the exact
 * bytes. {@code withData} false means block 0 carries a full-page image and therefore no data.
 */
public final class Heap2Records {
    /** {@code HEAP_XMIN_FROZEN | HEAP_XMAX_INVALID | HEAP_XMIN_COMMITTED...} as frozen tuples show them. */
    static final int FROZEN_INFOMASK = 0x0B02;
    static final int FROZEN_INFOMASK2 = 0x0001;

    private Heap2Records() {
    }

    /** Typed payload plus its info code. */
    public record Typed(int info, org.walprism.codec.rmgr.heap2.Heap2Record record) {
    }

    /**
     * A page's items as the records list them; {@code plans} are the freeze plans of {@code frozen}
     * (null: one plan with the usual frozen infomask).
     */
    public record Items(OffsetArray redirected, OffsetArray dead, OffsetArray unused, OffsetArray frozen,
                        List<FreezePlan> plans) {
        /** The item offsets of one page's prune and freeze. */
        public Items(OffsetArray redirected, OffsetArray dead, OffsetArray unused, OffsetArray frozen) {
            this(redirected, dead, unused, frozen, null);
        }

        /** The freeze plans, deduplicated as PostgreSQL 16+ writes them. */
        public List<FreezePlan> freezePlans() {
            return plans != null ? plans : Heap2Records.plans(frozen);
        }

        /** Offsets a page's items get: dead first, then HOT roots, then dead heap-only, then live tuples. */
        public static Items of(PageGroup g, boolean unusedNow) {
            int next = 1;
            int[] dead = new int[g.dead()];
            for (int i = 0; i < dead.length; i++) {
                dead[i] = next++;
            }
            int[] red = new int[2 * g.redirects()];
            int[] roots = new int[g.redirects()];
            for (int i = 0; i < roots.length; i++) {
                roots[i] = next++;
            }
            int[] unused = new int[g.unused()];
            for (int i = 0; i < unused.length; i++) {
                unused[i] = next++;
            }
            int[] live = new int[g.live()];
            for (int i = 0; i < live.length; i++) {
                live[i] = g.linePointers() - g.live() + 1 + i;
            }
            for (int i = 0; i < roots.length; i++) {
                red[2 * i] = roots[i];
                red[2 * i + 1] = live.length > 0 ? live[i % live.length] : roots[i];
            }
            int[] frozen = java.util.Arrays.copyOf(live, g.freeze());
            if (unusedNow) {
                int[] merged = new int[dead.length + unused.length];
                System.arraycopy(unused, 0, merged, 0, unused.length);
                System.arraycopy(dead, 0, merged, unused.length, dead.length);
                java.util.Arrays.sort(merged);
                return new Items(OffsetArray.of(red), OffsetArray.EMPTY, OffsetArray.of(merged), OffsetArray.of(frozen));
            }
            return new Items(OffsetArray.of(red), OffsetArray.of(dead), OffsetArray.of(unused), OffsetArray.of(frozen));
        }
    }

    static List<FreezePlan> plans(OffsetArray frozen) {
        return frozen.isEmpty() ? List.of() : List.of(new FreezePlan(0, FROZEN_INFOMASK2, FROZEN_INFOMASK, 0, 0, frozen));
    }

    /** PRUNE (14-16) or CLEAN (13): redirects, dead, unused. */
    public static Typed prune(VacuumDesign d, long horizon, Items it, boolean withData) {
        int nred = it.redirected().size() / 2;
        int ndead = it.dead().size();
        OffsetArray r = withData ? it.redirected() : OffsetArray.EMPTY;
        OffsetArray dd = withData ? it.dead() : OffsetArray.EMPTY;
        OffsetArray u = withData ? it.unused() : OffsetArray.EMPTY;
        return switch (d) {
            case SEPARATE_13, SEPARATE_14 -> new Typed(0x10, new HeapPrune.Pg13(horizon, nred, ndead, withData, r, dd, u));
            case SEPARATE_16 -> new Typed(0x10, new HeapPrune.Pg16(horizon, nred, ndead, false, withData, r, dd, u));
            case COMBINED_17, VM_IN_PRUNE_19 -> throw new IllegalStateException("no PRUNE record in " + d);
        };
    }

    /** FREEZE_PAGE (13-16). */
    public static Typed freeze(VacuumDesign d, long horizon, Items it, boolean withData) {
        List<FreezePlan> plans = it.freezePlans();
        return switch (d) {
            case SEPARATE_13, SEPARATE_14 -> {
                List<FreezeTuple> tuples = new java.util.ArrayList<>();
                int n = 0;
                for (FreezePlan p : plans) {
                    for (int i = 0; i < p.ntuples(); i++) {
                        n++;
                        if (withData) {
                            tuples.add(new FreezeTuple(p.xmax(), p.offsets().get(i), p.infomask2(), p.infomask(),
                                    p.frzflags(), 0));
                        }
                    }
                }
                yield new Typed(d == VacuumDesign.SEPARATE_13 ? 0x20 : 0x30,
                        new FreezePage.Pg13(horizon, n, withData, tuples));
            }
            case SEPARATE_16 -> new Typed(0x30, new FreezePage.Pg16(horizon, plans.size(), false, withData,
                    withData ? plans : List.of()));
            case COMBINED_17, VM_IN_PRUNE_19 -> throw new IllegalStateException("no FREEZE_PAGE record in " + d);
        };
    }

    /** The second heap pass: CLEAN (13) or VACUUM (14-16). */
    public static Typed vacuum(VacuumDesign d, OffsetArray unused, boolean withData) {
        return switch (d) {
            case SEPARATE_13 -> new Typed(0x10, new HeapPrune.Pg13(0, 0, 0, withData, OffsetArray.EMPTY,
                    OffsetArray.EMPTY, withData ? unused : OffsetArray.EMPTY));
            case SEPARATE_14, SEPARATE_16 -> new Typed(0x20, new HeapVacuum.Pg14(unused.size(), withData,
                    withData ? unused : OffsetArray.EMPTY));
            case COMBINED_17, VM_IN_PRUNE_19 -> throw new IllegalStateException("no VACUUM record in " + d);
        };
    }

    /** CLEANUP_INFO (13 only): the relation and the vacuum's latestRemovedXid, no block reference. */
    public static Typed cleanupInfo(VacuumDesign d, RelFileLocator rel, long horizon) {
        return switch (d) {
            case SEPARATE_13 -> new Typed(0x30, new CleanupInfo.Pg13(rel, horizon));
            case SEPARATE_14, SEPARATE_16, COMBINED_17, VM_IN_PRUNE_19 ->
                    throw new IllegalStateException("no CLEANUP_INFO record in " + d);
        };
    }

    /** VISIBLE (13-18). */
    public static Typed visible(long horizon, int vmFlags) {
        return new Typed(0x40, new Visible.Pg13(horizon, vmFlags));
    }

    /**
     * PRUNE_ON_ACCESS / PRUNE_VACUUM_SCAN / PRUNE_VACUUM_CLEANUP (17+).
     *
     * @param vmFlags VISIBILITYMAP_ALL_VISIBLE / ALL_FROZEN to set (19+ only; must be 0 for 17)
     */
    public static Typed pruneFreeze(VacuumDesign d, PruneFreeze.Reason reason, long horizon, Items it, int vmFlags,
                                    boolean withData) {
        boolean prunes = !it.redirected().isEmpty() || !it.dead().isEmpty() || !it.unused().isEmpty();
        int flags = 0;
        if (reason != PruneFreeze.Reason.VACUUM_CLEANUP && horizon != 0) {
            flags |= PruneFreeze.XLHP_HAS_CONFLICT_HORIZON;
        }
        if (prunes && reason != PruneFreeze.Reason.VACUUM_CLEANUP) {
            flags |= PruneFreeze.XLHP_CLEANUP_LOCK;
        }
        flags |= it.freezePlans().isEmpty() ? 0 : PruneFreeze.XLHP_HAS_FREEZE_PLANS;
        flags |= it.redirected().isEmpty() ? 0 : PruneFreeze.XLHP_HAS_REDIRECTIONS;
        flags |= it.dead().isEmpty() ? 0 : PruneFreeze.XLHP_HAS_DEAD_ITEMS;
        flags |= it.unused().isEmpty() ? 0 : PruneFreeze.XLHP_HAS_NOW_UNUSED_ITEMS;
        boolean data = withData && (flags & PruneFreeze.HAS_ANY_SUBRECORD) != 0;
        PruneFreeze.Body body = data
                ? new PruneFreeze.Body(true, 0, it.freezePlans(), it.redirected(), it.dead(), it.unused())
                : PruneFreeze.Body.NONE;
        long h = (flags & PruneFreeze.XLHP_HAS_CONFLICT_HORIZON) != 0 ? horizon : 0;
        return switch (d) {
            case COMBINED_17 -> {
                if (vmFlags != 0) {
                    throw new IllegalStateException("17/18 prune records carry no VM bits");
                }
                yield new Typed(reason.info(), new PruneFreeze.Pg17(reason, 0, flags, h, body));
            }
            case VM_IN_PRUNE_19 -> {
                if ((vmFlags & Visible.VISIBILITYMAP_ALL_VISIBLE) != 0) {
                    flags |= PruneFreeze.XLHP_VM_ALL_VISIBLE;
                    flags |= (vmFlags & Visible.VISIBILITYMAP_ALL_FROZEN) != 0 ? PruneFreeze.XLHP_VM_ALL_FROZEN : 0;
                }
                yield new Typed(reason.info(), new PruneFreeze.Pg19(reason, flags, h, body));
            }
            case SEPARATE_13, SEPARATE_14, SEPARATE_16 -> throw new IllegalStateException("no combined prune in " + d);
        };
    }
}
