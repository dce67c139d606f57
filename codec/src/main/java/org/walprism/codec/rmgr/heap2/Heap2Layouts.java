package org.walprism.codec.rmgr.heap2;

/**
 * The length and count checks of {@link Heap2View#load}, one method per layout: each checks that the payload holds
 * exactly what its layout declares (the byte maps are in {@link Heap2View}'s class comment and in the typed layout
 * classes) and records the positions of the arrays and the parts in the view. Static and allocation-free: the view
 * is the only state.
 */
final class Heap2Layouts {
    private Heap2Layouts() {
    }

    private static boolean isBool(Heap2View w, int offset) {
        return (w.mr.u8(w.mi + offset) & ~1) == 0;
    }

    /** A record of {@code size} bytes of main data and no block data. */
    static boolean fixed(Heap2View w, int size) {
        if (w.ml != size || w.bl != 0) {
            return false;
        }
        w.header = size;
        return true;
    }

    /** {@link HeapPrune}: counts in main data, offset arrays in block 0 (unused = the rest). */
    static boolean prune(Heap2View w) {
        int size = switch (w.version) {
            case PG13, PG14, PG15 -> HeapPrune.Pg13.SIZE;
            case PG16 -> HeapPrune.Pg16.SIZE;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> -1;
        };
        // 16 adds isCatalogRel, a bool at offset 8
        if (w.ml != size || (size == HeapPrune.Pg16.SIZE && !isBool(w, 8))) {
            return false;
        }
        w.nredirected = w.mu16(4);
        w.ndead = w.mu16(6);
        w.header = size;
        if (w.bl > 0) {
            long rest = w.bl - (4L * w.nredirected + 2L * w.ndead);
            if (rest < 0 || rest % 2 != 0) {
                return false;
            }
            w.nunused = (int) (rest / 2);
            w.redirectedAt = w.bi;
            w.deadAt = w.bi + 4 * w.nredirected;
            w.unusedAt = w.deadAt + 2 * w.ndead;
            w.redirectedBytes = 4 * w.nredirected;
            w.deadBytes = 2 * w.ndead;
            w.unusedBytes = (int) rest;
        }
        return true;
    }

    /** {@link HeapVacuum.Pg14}: {@code nunused} in main data, the offsets in block 0. */
    static boolean vacuum(Heap2View w) {
        if (w.ml != HeapVacuum.Pg14.SIZE) {
            return false;
        }
        w.header = HeapVacuum.Pg14.SIZE;
        w.nunused = w.mu16(0);
        if (w.bl > 0) {
            if (w.bl != 2 * w.nunused) {
                return false;
            }
            w.unusedAt = w.bi;
            w.unusedBytes = w.bl;
        }
        return true;
    }

    /** {@link FreezePage}: 13-15 per-tuple entries, 16 plans then their offsets. */
    static boolean freezePage(Heap2View w) {
        int size = switch (w.version) {
            case PG13, PG14, PG15 -> FreezePage.Pg13.SIZE;
            case PG16 -> FreezePage.Pg16.SIZE;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> -1;
        };
        if (w.ml != size) {
            return false;
        }
        w.header = size;
        w.perTupleFreeze = size == FreezePage.Pg13.SIZE;
        if (w.perTupleFreeze) {
            if (w.bl > 0) {
                if (w.bl != w.mu16(4) * FreezeTuple.SIZE) {
                    return false;
                }
                w.freezeTupleBytes = w.bl;
            }
            return true;
        }
        // 16: nplans at offset 4, isCatalogRel (a bool) at offset 6
        if (!isBool(w, 6)) {
            return false;
        }
        w.nplans = w.mu16(4);
        if (w.bl > 0) {
            long plans = (long) w.nplans * FreezePlan.SIZE;
            if (plans > w.bl) {
                return false;
            }
            w.nfrozen = ntuples(w, w.bi, w.nplans);
            if (plans + 2 * w.nfrozen != w.bl) {
                return false;
            }
            w.plansAt = w.bi;
            w.offsetsAt = w.bi + (int) plans;
            w.freezePlanBytes = (int) plans;
            w.freezeOffsetBytes = w.bl - (int) plans;
        }
        return true;
    }

    /** {@link Visible.Pg13}: 5 bytes of main data, no block data. */
    static boolean visible(Heap2View w) {
        if (w.ml != Visible.Pg13.SIZE || w.bl != 0) {
            return false;
        }
        w.visibilityBytes = Visible.Pg13.SIZE;
        return true;
    }

    /** Sum of {@code ntuples} of the {@code n} 12-byte plans at {@code index} of block 0 (uint16 at plan offset 10). */
    private static long ntuples(Heap2View w, int index, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += w.br.u16(index + i * FreezePlan.SIZE + 10);
        }
        return sum;
    }

    /**
     * Bytes of the flags field of the 17+ prune record that precede the horizon: the one dispatch of this
     * family (17/18: {@code reason: uint8, flags: uint8}; 19+: {@code flags: uint16}).
     */
    private static int pruneFlags(Heap2View w) {
        return switch (w.version) {
            case PG17, PG18 -> w.mr.u8(w.mi + 1);
            case PG19_BETA1, PG19_BETA3, PG19 -> w.mu16(0);
            case PG13, PG14, PG15, PG16 -> -1;
        };
    }

    /** {@link PruneFreeze}: flags (after the reason byte in 17/18) in main data, {@link PruneFreeze.Body} in block 0. */
    static boolean pruneFreeze(Heap2View w) {
        if (w.ml < 2) {
            return false;
        }
        int f = pruneFlags(w);
        if (f < 0) {
            return false;
        }
        w.flags = f;
        int size = (f & PruneFreeze.XLHP_HAS_CONFLICT_HORIZON) != 0 ? 6 : 2;
        if (w.ml != size) {
            return false;
        }
        w.header = size;
        if (w.bl == 0) {
            return true;
        }
        // [nplans: uint16, pad: 2, plans[nplans]] [n, redirected[2n]] [n, dead[n]] [n, unused[n]] [frz_offsets]
        int pos = w.bi;
        int end = w.bi + w.bl;
        if ((f & PruneFreeze.XLHP_HAS_FREEZE_PLANS) != 0) {
            if (end - pos < PruneFreeze.XLHP_FREEZE_PLANS_HEADER) {
                return false;
            }
            w.nplans = w.br.u16(pos);
            long bytes = PruneFreeze.XLHP_FREEZE_PLANS_HEADER + (long) w.nplans * FreezePlan.SIZE;
            if (bytes > end - pos) {
                return false;
            }
            w.plansAt = pos + PruneFreeze.XLHP_FREEZE_PLANS_HEADER;
            w.nfrozen = ntuples(w, w.plansAt, w.nplans);
            w.freezePlanBytes = (int) bytes;
            pos += (int) bytes;
        }
        if ((f & PruneFreeze.XLHP_HAS_REDIRECTIONS) != 0) {
            w.redirectedBytes = items(w, pos, end, 4);
            if (w.redirectedBytes < 0) {
                return false;
            }
            w.nredirected = w.br.u16(pos);
            w.redirectedAt = pos + PruneFreeze.XLHP_PRUNE_ITEMS_HEADER;
            pos += w.redirectedBytes;
        }
        if ((f & PruneFreeze.XLHP_HAS_DEAD_ITEMS) != 0) {
            w.deadBytes = items(w, pos, end, 2);
            if (w.deadBytes < 0) {
                return false;
            }
            w.ndead = w.br.u16(pos);
            w.deadAt = pos + PruneFreeze.XLHP_PRUNE_ITEMS_HEADER;
            pos += w.deadBytes;
        }
        if ((f & PruneFreeze.XLHP_HAS_NOW_UNUSED_ITEMS) != 0) {
            w.unusedBytes = items(w, pos, end, 2);
            if (w.unusedBytes < 0) {
                return false;
            }
            w.nunused = w.br.u16(pos);
            w.unusedAt = pos + PruneFreeze.XLHP_PRUNE_ITEMS_HEADER;
            pos += w.unusedBytes;
        }
        if (2 * w.nfrozen != end - pos) {
            return false;
        }
        w.offsetsAt = pos;
        w.freezeOffsetBytes = end - pos;
        return true;
    }

    /** Bytes of an {@code xlhp_prune_items} at {@code pos} (ntargets: uint16, then ntargets entries), or -1. */
    private static int items(Heap2View w, int pos, int end, int entrySize) {
        if (end - pos < PruneFreeze.XLHP_PRUNE_ITEMS_HEADER) {
            return -1;
        }
        int bytes = PruneFreeze.XLHP_PRUNE_ITEMS_HEADER + entrySize * w.br.u16(pos);
        return bytes > end - pos ? -1 : bytes;
    }

    /** {@link MultiInsert}: {@code 4 + 2 * ntuples} bytes of main data (4 with INIT_PAGE); block 0 opaque. */
    static boolean multiInsert(Heap2View w) {
        if (w.ml < MultiInsert.Pg13.SIZE) {
            return false;
        }
        int n = w.mu16(2);
        if (w.ml != MultiInsert.Pg13.SIZE + (w.init() ? 0 : 2 * n)) {
            return false;
        }
        w.header = MultiInsert.Pg13.SIZE;
        w.otherBytes = w.ml - MultiInsert.Pg13.SIZE + w.bl;
        return true;
    }

    /** {@link Rewrite}: the 40-byte header and exactly {@code num_mappings} 36-byte entries, no block 0 data. */
    static boolean rewrite(Heap2View w) {
        if (w.ml < Rewrite.Pg13.SIZE || w.bl != 0
                || w.ml != Rewrite.Pg13.SIZE + Rewrite.Pg13.MAPPING_SIZE * w.mr.u32(w.mi + 24)) {
            return false;
        }
        w.header = Rewrite.Pg13.SIZE;
        w.otherBytes = w.ml - Rewrite.Pg13.SIZE;
        return true;
    }
}
