package org.walprism.codec.rmgr.heap2;

import java.util.List;
import org.walprism.codec.rmgr.heap.HeapType;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * XLOG_HEAP2_PRUNE_ON_ACCESS / PRUNE_VACUUM_SCAN / PRUNE_VACUUM_CLEANUP (17+): one format for pruning,
 * freezing and (19+) setting VM bits; the info code only says why it was written.
 *
 * <p>Main data holds flags and the optional unaligned conflict horizon. Block 0's data holds the
 * sub-records named by the XLHP_HAS_* flags, in this order, offsets relative to the start of the block
 * data: {@code xlhp_freeze_plans} (nplans: uint16, pad: 2, plans: 12 bytes each),
 * {@code xlhp_prune_items} redirected (ntargets: uint16, uint16[2 * ntargets]), dead and now-unused
 * (ntargets: uint16, uint16[ntargets]), then {@code frz_offsets: uint16[sum(plans.ntuples)]}. Only the
 * plans hold 4-byte fields, and they come first, so no padding is needed anywhere.
 * The HAS_* flags describe the logical content and stay set when block 0 carries a full-page image
 * instead of the data.
 */
public sealed interface PruneFreeze extends Heap2Record {
    /** {@code XLHP_IS_CATALOG_REL} (heapam_xlog.h). */
    int XLHP_IS_CATALOG_REL = 1 << 1;
    /** {@code XLHP_CLEANUP_LOCK}. */
    int XLHP_CLEANUP_LOCK = 1 << 2;
    /** {@code XLHP_HAS_CONFLICT_HORIZON}. */
    int XLHP_HAS_CONFLICT_HORIZON = 1 << 3;
    /** {@code XLHP_HAS_FREEZE_PLANS}. */
    int XLHP_HAS_FREEZE_PLANS = 1 << 4;
    /** {@code XLHP_HAS_REDIRECTIONS}. */
    int XLHP_HAS_REDIRECTIONS = 1 << 5;
    /** {@code XLHP_HAS_DEAD_ITEMS}. */
    int XLHP_HAS_DEAD_ITEMS = 1 << 6;
    /** {@code XLHP_HAS_NOW_UNUSED_ITEMS}. */
    int XLHP_HAS_NOW_UNUSED_ITEMS = 1 << 7;
    /** {@code offsetof(xlhp_freeze_plans, plans)}: {@code nplans: uint16} and 2 bytes of padding. */
    int XLHP_FREEZE_PLANS_HEADER = 4;
    /** {@code offsetof(xlhp_prune_items, data)}: {@code ntargets: uint16}. */
    int XLHP_PRUNE_ITEMS_HEADER = 2;
    /** Bits naming block-0 sub-records. */
    int HAS_ANY_SUBRECORD = XLHP_HAS_FREEZE_PLANS | XLHP_HAS_REDIRECTIONS | XLHP_HAS_DEAD_ITEMS | XLHP_HAS_NOW_UNUSED_ITEMS;
    /** {@code XLHP_VM_ALL_VISIBLE} (19+). */
    int XLHP_VM_ALL_VISIBLE = 1 << 8;
    /** {@code XLHP_VM_ALL_FROZEN} (19+). */
    int XLHP_VM_ALL_FROZEN = 1 << 9;

    /** Why the record was written (its info code). */
    enum Reason {
        /** {@code XLOG_HEAP2_PRUNE_ON_ACCESS}. */
        ON_ACCESS(Heap2Type.XLOG_HEAP2_PRUNE_ON_ACCESS),
        /** {@code XLOG_HEAP2_PRUNE_VACUUM_SCAN}. */
        VACUUM_SCAN(Heap2Type.XLOG_HEAP2_PRUNE_VACUUM_SCAN),
        /** {@code XLOG_HEAP2_PRUNE_VACUUM_CLEANUP}. */
        VACUUM_CLEANUP(Heap2Type.XLOG_HEAP2_PRUNE_VACUUM_CLEANUP);

        private final int info;

        Reason(int info) {
            this.info = info;
        }

        /** The {@code xl_info} opcode. */
        public int info() {
            return info;
        }

        /** The reason of a record with {@code xl_info} {@code info}. */
        public static Reason ofInfo(int info) {
            return switch (info & HeapType.XLOG_HEAP_OPMASK) {
                case Heap2Type.XLOG_HEAP2_PRUNE_ON_ACCESS -> ON_ACCESS;
                case Heap2Type.XLOG_HEAP2_PRUNE_VACUUM_SCAN -> VACUUM_SCAN;
                case Heap2Type.XLOG_HEAP2_PRUNE_VACUUM_CLEANUP -> VACUUM_CLEANUP;
                default -> throw new IllegalArgumentException("not a prune info code: " + info);
            };
        }
    }

    /** The record's info code, as a reason. */
    Reason reason();

    /** {@code flags}, raw: uint8 in 17/18, uint16 in 19+. */
    int flags();

    /** {@code snapshotConflictHorizon} when {@link #hasConflictHorizon()}, else 0. */
    long snapshotConflictHorizon();

    /** The block-0 sub-records. */
    Body body();

    /** VISIBILITYMAP_ALL_VISIBLE (0x01) / ALL_FROZEN (0x02) bits this record sets (19+; 0 before). */
    int vmFlags();

    /** {@code XLHP_HAS_CONFLICT_HORIZON} is set. */
    default boolean hasConflictHorizon() {
        return (flags() & XLHP_HAS_CONFLICT_HORIZON) != 0;
    }

    /** {@code XLHP_IS_CATALOG_REL}. */
    default boolean isCatalogRel() {
        return (flags() & XLHP_IS_CATALOG_REL) != 0;
    }

    /** {@code XLHP_CLEANUP_LOCK}. */
    default boolean cleanupLock() {
        return (flags() & XLHP_CLEANUP_LOCK) != 0;
    }

    /** Whether block 0 carried the sub-records (false when it carried a full-page image or nothing). */
    default boolean blockData() {
        return body().blockData();
    }

    /** Freeze plans of block 0's data (empty when there are none or the block carries an image instead). */
    default List<FreezePlan> plans() {
        return body().plans();
    }

    /** Redirected item pairs (from, to) of block 0's data. */
    default OffsetArray redirected() {
        return body().redirected();
    }

    /** Dead item offsets of block 0's data. */
    default OffsetArray dead() {
        return body().dead();
    }

    /** Now-unused item offsets of block 0's data. */
    default OffsetArray unused() {
        return body().unused();
    }

    /** Every frozen offset, plan by plan ({@code frz_offsets}). */
    default OffsetArray frozenOffsets() {
        return FreezePlans.allOffsets(body().plans());
    }

    /**
     * Block 0's sub-records, identical in 17, 18, 19 and master.
     *
     * <p>{@code [xlhp_freeze_plans => nplans: uint16, pad: 2, plans: xlhp_freeze_plan[nplans]]
     * [redirected => ntargets: uint16, uint16[2 * ntargets]] [dead => ntargets: uint16, uint16[ntargets]]
     * [unused => ntargets: uint16, uint16[ntargets]] [frz_offsets: uint16[sum(ntuples)]]}, each present iff
     * its XLHP_HAS_* flag is set and block 0 has data. Mirrors {@code heap_xlog_deserialize_prune_and_freeze}
     * of src/backend/access/rmgrdesc/heapdesc.c (17+).
     *
     * @param blockData  whether block 0 had data
     * @param plansPad   the 2 padding bytes of {@code xlhp_freeze_plans} (uninitialised by PostgreSQL), as a
     *                   little-endian uint16; 0 when there are no plans
     * @param plans      freeze plans with their offsets
     * @param redirected {@code (from, to)} pairs, flattened
     * @param dead       now-dead items
     * @param unused     now-unused items
     */
    record Body(boolean blockData, int plansPad, List<FreezePlan> plans, OffsetArray redirected, OffsetArray dead,
                OffsetArray unused) {
        /** A body without plans or offsets. */
        public static final Body NONE = new Body(false, 0, List.of(), OffsetArray.EMPTY, OffsetArray.EMPTY,
                OffsetArray.EMPTY);

        /** Checks each field fits its PostgreSQL type. */
        public Body {
            Checks.u16(plansPad, "xlhp_freeze_plans pad");
            plans = List.copyOf(plans);
            redirected = Checks.nonNull(redirected);
            dead = Checks.nonNull(dead);
            unused = Checks.nonNull(unused);
            Checks.that(redirected.size() % 2 == 0, "redirected holds (from, to) pairs");
            Checks.u16(plans.size(), "nplans");
            Checks.u16(redirected.size() / 2, "nredirected");
            Checks.u16(dead.size(), "ndead");
            Checks.u16(unused.size(), "nunused");
            if (!blockData) {
                Checks.that(plansPad == 0 && plans.isEmpty() && redirected.isEmpty() && dead.isEmpty()
                        && unused.isEmpty(), "sub-records need block data");
            }
        }

        /** Checks the body against the flags that name its sub-records. */
        void checkFlags(int flags) {
            if (!blockData) {
                return;
            }
            Checks.that((flags & HAS_ANY_SUBRECORD) != 0, "block data needs at least one XLHP_HAS_* flag");
            Checks.that((flags & XLHP_HAS_FREEZE_PLANS) != 0 || (plans.isEmpty() && plansPad == 0),
                    "plans need XLHP_HAS_FREEZE_PLANS");
            Checks.that((flags & XLHP_HAS_REDIRECTIONS) != 0 || redirected.isEmpty(),
                    "redirected needs XLHP_HAS_REDIRECTIONS");
            Checks.that((flags & XLHP_HAS_DEAD_ITEMS) != 0 || dead.isEmpty(), "dead needs XLHP_HAS_DEAD_ITEMS");
            Checks.that((flags & XLHP_HAS_NOW_UNUSED_ITEMS) != 0 || unused.isEmpty(),
                    "unused needs XLHP_HAS_NOW_UNUSED_ITEMS");
        }

        static Body decode(int flags, PayloadCursor c) {
            if (c.length() == 0) {
                return NONE;
            }
            long[][] planHeaders = new long[0][];
            int pad = 0;
            if ((flags & XLHP_HAS_FREEZE_PLANS) != 0) {
                int nplans = c.u16("xlhp_freeze_plans.nplans");
                pad = c.u16("xlhp_freeze_plans pad");
                planHeaders = FreezePlans.readHeaders(c, nplans);
            }
            OffsetArray redirected = OffsetArray.EMPTY;
            if ((flags & XLHP_HAS_REDIRECTIONS) != 0) {
                int n = c.u16("redirected ntargets");
                redirected = OffsetArray.wrap(c.u16Array(2L * n, "redirected[2 * ntargets]"));
            }
            OffsetArray dead = OffsetArray.EMPTY;
            if ((flags & XLHP_HAS_DEAD_ITEMS) != 0) {
                int n = c.u16("dead ntargets");
                dead = OffsetArray.wrap(c.u16Array(n, "nowdead[ntargets]"));
            }
            OffsetArray unused = OffsetArray.EMPTY;
            if ((flags & XLHP_HAS_NOW_UNUSED_ITEMS) != 0) {
                int n = c.u16("unused ntargets");
                unused = OffsetArray.wrap(c.u16Array(n, "nowunused[ntargets]"));
            }
            List<FreezePlan> plans = FreezePlans.withOffsets(c, planHeaders);
            c.expectEnd("the sub-records named by flags 0x" + Integer.toHexString(flags));
            return new Body(true, pad, plans, redirected, dead, unused);
        }

        byte[] encode(int flags) {
            if (!blockData) {
                return new byte[0];
            }
            PayloadWriter w = new PayloadWriter(64);
            if ((flags & XLHP_HAS_FREEZE_PLANS) != 0) {
                w.u16(plans.size()).u16(plansPad);
                FreezePlans.writePlans(w, plans);
            }
            if ((flags & XLHP_HAS_REDIRECTIONS) != 0) {
                w.u16(redirected.size() / 2).u16Array(redirected.raw());
            }
            if ((flags & XLHP_HAS_DEAD_ITEMS) != 0) {
                w.u16(dead.size()).u16Array(dead.raw());
            }
            if ((flags & XLHP_HAS_NOW_UNUSED_ITEMS) != 0) {
                w.u16(unused.size()).u16Array(unused.raw());
            }
            FreezePlans.writeOffsets(w, plans);
            return w.toByteArray();
        }

        /** Parts of the block data; {@code header} is filled by the caller. */
        Heap2Parts parts(int flags, int header) {
            if (!blockData) {
                return Heap2Parts.headerOnly(header);
            }
            int plansBytes = (flags & XLHP_HAS_FREEZE_PLANS) != 0 ? 4 + plans.size() * FreezePlan.SIZE : 0;
            int red = (flags & XLHP_HAS_REDIRECTIONS) != 0 ? 2 + redirected.byteSize() : 0;
            int dd = (flags & XLHP_HAS_DEAD_ITEMS) != 0 ? 2 + dead.byteSize() : 0;
            int un = (flags & XLHP_HAS_NOW_UNUSED_ITEMS) != 0 ? 2 + unused.byteSize() : 0;
            return new Heap2Parts(header, red, dd, un, plansBytes, 2 * FreezePlans.ntuples(plans), 0, 0, 0);
        }
    }

    /**
     * {@code xl_heap_prune => reason: uint8, flags: uint8, [snapshotConflictHorizon: uint32 unaligned]}
     * (2 or 6 bytes); block 0 => {@link Body}.
     *
     * <p>Layout used by: PG17, PG18.
     *
     * <p>Mirrors {@code xl_heap_prune}, {@code xlhp_freeze_plans}, {@code xlhp_prune_items}, REL_17_STABLE /
     * REL_18_STABLE src/include/access/heapam_xlog.h. PostgreSQL never assigns {@code reason}: the byte is
     * uninitialised stack memory, kept here only for byte-exact encoding.
     *
     * @param reason     from the info code
     * @param reasonByte {@code reason}, raw (meaningless)
     * @param flags      {@code flags} (uint8)
     */
    record Pg17(Reason reason, int reasonByte, int flags, long snapshotConflictHorizon, Body body)
            implements PruneFreeze {
        /** Checks each field fits its PostgreSQL type. */
        public Pg17 {
            Checks.u8(reasonByte, "reason");
            Checks.u8(flags, "flags");
            Checks.u32(snapshotConflictHorizon, "snapshotConflictHorizon");
            Checks.that((flags & XLHP_HAS_CONFLICT_HORIZON) != 0 || snapshotConflictHorizon == 0,
                    "a conflict horizon needs XLHP_HAS_CONFLICT_HORIZON");
            body.checkFlags(flags);
        }

        static Pg17 decode(Reason reason, PayloadCursor main, PayloadCursor block) {
            int reasonByte = main.u8("reason");
            int flags = main.u8("flags");
            long horizon = (flags & XLHP_HAS_CONFLICT_HORIZON) != 0 ? main.u32("snapshotConflictHorizon") : 0;
            main.expectEnd("xl_heap_prune");
            return new Pg17(reason, reasonByte, flags, horizon, Body.decode(flags, block));
        }

        @Override
        public int vmFlags() {
            return 0;
        }

        private int mainSize() {
            return hasConflictHorizon() ? 6 : 2;
        }

        @Override
        public Heap2Payload encode() {
            PayloadWriter w = new PayloadWriter(mainSize()).u8(reasonByte).u8(flags);
            if (hasConflictHorizon()) {
                w.u32(snapshotConflictHorizon);
            }
            return new Heap2Payload(w.toByteArray(), body.encode(flags));
        }

        @Override
        public Heap2Parts parts() {
            return body.parts(flags, mainSize());
        }
    }

    /**
     * {@code xl_heap_prune => flags: uint16, [snapshotConflictHorizon: uint32 unaligned]} (2 or 6 bytes);
     * block 0 => {@link Body}; block 1 => the VM page (no data) iff XLHP_VM_ALL_VISIBLE.
     *
     * <p>Layout used by: PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors {@code xl_heap_prune} and the XLHP_VM_* flags, REL_19_STABLE / master
     * src/include/access/heapam_xlog.h.
     *
     * @param flags {@code flags} (uint16; 0x0100 XLHP_VM_ALL_VISIBLE, 0x0200 XLHP_VM_ALL_FROZEN)
     */
    record Pg19(Reason reason, int flags, long snapshotConflictHorizon, Body body) implements PruneFreeze {
        /** Checks each field fits its PostgreSQL type. */
        public Pg19 {
            Checks.u16(flags, "flags");
            Checks.u32(snapshotConflictHorizon, "snapshotConflictHorizon");
            Checks.that((flags & XLHP_HAS_CONFLICT_HORIZON) != 0 || snapshotConflictHorizon == 0,
                    "a conflict horizon needs XLHP_HAS_CONFLICT_HORIZON");
            body.checkFlags(flags);
        }

        static Pg19 decode(Reason reason, PayloadCursor main, PayloadCursor block) {
            int flags = main.u16("flags");
            long horizon = (flags & XLHP_HAS_CONFLICT_HORIZON) != 0 ? main.u32("snapshotConflictHorizon") : 0;
            main.expectEnd("xl_heap_prune");
            return new Pg19(reason, flags, horizon, Body.decode(flags, block));
        }

        /** As heapdesc prints it: ALL_VISIBLE, plus ALL_FROZEN when both XLHP_VM bits are set. */
        @Override
        public int vmFlags() {
            if ((flags & XLHP_VM_ALL_VISIBLE) == 0) {
                return 0;
            }
            return Visible.VISIBILITYMAP_ALL_VISIBLE | ((flags & XLHP_VM_ALL_FROZEN) != 0 ? Visible.VISIBILITYMAP_ALL_FROZEN : 0);
        }

        private int mainSize() {
            return hasConflictHorizon() ? 6 : 2;
        }

        @Override
        public Heap2Payload encode() {
            PayloadWriter w = new PayloadWriter(mainSize()).u16(flags);
            if (hasConflictHorizon()) {
                w.u32(snapshotConflictHorizon);
            }
            return new Heap2Payload(w.toByteArray(), body.encode(flags));
        }

        @Override
        public Heap2Parts parts() {
            return body.parts(flags, mainSize());
        }
    }
}
