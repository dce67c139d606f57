package org.walprism.codec.rmgr.heap2;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * XLOG_HEAP2_FREEZE_PAGE: VACUUM freezes tuples of one page (13-16; from 17 freezing is part of
 * PRUNE_VACUUM_SCAN, {@link PruneFreeze}). Block 0 data is absent when block 0 carries a full-page image.
 */
public sealed interface FreezePage extends Heap2Record {
    /** The count field after the horizon in main data: {@code ntuples: uint16} (13-15), {@code nplans: uint16} (16). */
    int COUNT_FIELD_SIZE = 2;


    /** {@code cutoff_xid} (13-15) / {@code snapshotConflictHorizon} (16). */
    long snapshotConflictHorizon();

    /** {@code isCatalogRel} (16; false before). */
    boolean isCatalogRel();

    /** Whether block 0 carried the freeze entries. */
    boolean blockData();

    /**
     * The freeze work as plans: 16 stores deduplicated plans; 13-15 entries are shown as one plan per tuple
     * (with its pad byte), so callers see one shape. Empty without block data.
     */
    List<FreezePlan> plans();

    /** Number of tuples frozen: 13-15 {@code ntuples}; 16 the sum of the plans' ntuples (0 without block data). */
    int nfrozen();

    /**
     * {@code xl_heap_freeze_page => cutoff_xid: uint32, ntuples: uint16} (6 bytes); block 0 =>
     * {@code ntuples} x {@link FreezeTuple} (12 bytes each).
     *
     * <p>Layout used by: PG13 (code 0x20), PG14, PG15 (code 0x30).
     *
     * <p>Mirrors {@code xl_heap_freeze_page} and {@code xl_heap_freeze_tuple}, REL_13_STABLE ..
     * REL_15_STABLE src/include/access/heapam_xlog.h.
     */
    record Pg13(long cutoffXid, int ntuples, boolean blockData, List<FreezeTuple> tuples) implements FreezePage {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 6;

        /** Checks each field fits its PostgreSQL type. */
        public Pg13 {
            Checks.u32(cutoffXid, "cutoff_xid");
            Checks.u16(ntuples, "ntuples");
            tuples = List.copyOf(tuples);
            if (blockData) {
                Checks.that(tuples.size() == ntuples && ntuples > 0, "block data must hold ntuples > 0 entries");
            } else {
                Checks.that(tuples.isEmpty(), "freeze entries need block data");
            }
        }

        static Pg13 decode(PayloadCursor main, PayloadCursor block) {
            long cutoff = main.u32("cutoff_xid");
            int ntuples = main.u16("ntuples");
            main.expectEnd("xl_heap_freeze_page");
            List<FreezeTuple> tuples = new ArrayList<>();
            if (block.length() > 0) {
                block.require((long) ntuples * FreezeTuple.SIZE, "xl_heap_freeze_tuple[ntuples]");
                for (int i = 0; i < ntuples; i++) {
                    tuples.add(new FreezeTuple(block.u32("xmax"), block.u16("offset"), block.u16("t_infomask2"),
                            block.u16("t_infomask"), block.u8("frzflags"), block.u8("pad")));
                }
                block.expectEnd("xl_heap_freeze_tuple[ntuples]");
            }
            return new Pg13(cutoff, ntuples, block.length() > 0, tuples);
        }

        @Override
        public long snapshotConflictHorizon() {
            return cutoffXid;
        }

        @Override
        public boolean isCatalogRel() {
            return false;
        }

        @Override
        public List<FreezePlan> plans() {
            List<FreezePlan> out = new ArrayList<>(tuples.size());
            for (FreezeTuple t : tuples) {
                out.add(new FreezePlan(t.xmax(), t.infomask2(), t.infomask(), t.frzflags(), t.pad(),
                        OffsetArray.of(t.offset())));
            }
            return out;
        }

        @Override
        public int nfrozen() {
            return ntuples;
        }

        @Override
        public Heap2Payload encode() {
            byte[] main = new PayloadWriter(SIZE).u32(cutoffXid).u16(ntuples).toByteArray();
            PayloadWriter w = new PayloadWriter(tuples.size() * FreezeTuple.SIZE);
            for (FreezeTuple t : tuples) {
                w.u32(t.xmax()).u16(t.offset()).u16(t.infomask2()).u16(t.infomask()).u8(t.frzflags()).u8(t.pad());
            }
            return new Heap2Payload(main, w.toByteArray());
        }

        @Override
        public Heap2Parts parts() {
            return new Heap2Parts(SIZE, 0, 0, 0, 0, 0, tuples.size() * FreezeTuple.SIZE, 0, 0);
        }
    }

    /**
     * {@code xl_heap_freeze_page => snapshotConflictHorizon: uint32, nplans: uint16, isCatalogRel: bool}
     * (7 bytes); block 0 => {@code nplans} x {@link FreezePlan} (12 bytes each), then every plan's offsets
     * ({@code uint16[sum(ntuples)]}), grouped by plan in plan order.
     *
     * <p>Layout used by: PG16.
     *
     * <p>Mirrors {@code xl_heap_freeze_page} and {@code xl_heap_freeze_plan}, REL_16_STABLE
     * src/include/access/heapam_xlog.h.
     */
    record Pg16(long snapshotConflictHorizon, int nplans, boolean isCatalogRel, boolean blockData,
                List<FreezePlan> plans) implements FreezePage {
        /** Bytes of the fixed main data. */
        public static final int SIZE = 7;

        /** Checks each field fits its PostgreSQL type. */
        public Pg16 {
            Checks.u32(snapshotConflictHorizon, "snapshotConflictHorizon");
            Checks.u16(nplans, "nplans");
            plans = List.copyOf(plans);
            if (blockData) {
                Checks.that(plans.size() == nplans && nplans > 0, "block data must hold nplans > 0 plans");
            } else {
                Checks.that(plans.isEmpty(), "freeze plans need block data");
            }
        }

        static Pg16 decode(PayloadCursor main, PayloadCursor block) {
            long horizon = main.u32("snapshotConflictHorizon");
            int nplans = main.u16("nplans");
            boolean catalog = main.bool("isCatalogRel");
            main.expectEnd("xl_heap_freeze_page");
            List<FreezePlan> plans = List.of();
            if (block.length() > 0) {
                plans = FreezePlans.read(block, nplans);
                block.expectEnd("freeze plan offsets");
            }
            return new Pg16(horizon, nplans, catalog, block.length() > 0, plans);
        }

        @Override
        public int nfrozen() {
            return FreezePlans.ntuples(plans);
        }

        @Override
        public Heap2Payload encode() {
            byte[] main = new PayloadWriter(SIZE).u32(snapshotConflictHorizon).u16(nplans).bool(isCatalogRel)
                    .toByteArray();
            PayloadWriter w = new PayloadWriter(plans.size() * FreezePlan.SIZE + 2 * nfrozen());
            FreezePlans.writePlans(w, plans);
            FreezePlans.writeOffsets(w, plans);
            return new Heap2Payload(main, w.toByteArray());
        }

        @Override
        public Heap2Parts parts() {
            return new Heap2Parts(SIZE, 0, 0, 0, plans.size() * FreezePlan.SIZE, 2 * nfrozen(), 0, 0, 0);
        }
    }
}
