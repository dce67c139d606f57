package org.walprism.codec.rmgr.heap2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.bytes.RawBytes;
import org.walprism.codec.rmgr.heap.HeapType;
import org.walprism.codec.internal.RecordViewAccess;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * The one reader of Heap2 record bytes: a reusable, allocation-free view over a record's main data and block 0
 * data that checks every length and count of the record's layout once ({@link #load}) and then hands out its
 * fields in place. pg_waldump's desc text, validation ({@code RecordCheck}), the category attribution and the
 * scans of the hot path read records through it; {@link Heap2Codec} turns the same bytes into typed values and
 * gives the precise reason when the view rejects a payload (the two accept exactly the same payloads:
 * Heap2ViewTest holds them together on every capture and on mutated payloads).
 *
 * <p>Byte maps (offsets relative to the part; the typed layout classes carry the same map in their Javadoc):
 * <ul>
 * <li>CLEAN (13), PRUNE (14-16), {@link HeapPrune}: {@code xl_heap_prune => snapshotConflictHorizon: uint32,
 *     nredirected: uint16, ndead: uint16, [isCatalogRel: bool (16)]}; block 0 => {@code redirected[2 *
 *     nredirected], nowdead[ndead], nowunused[rest]} (uint16 each)</li>
 * <li>VACUUM (14-16), {@link HeapVacuum}: {@code xl_heap_vacuum => nunused: uint16}; block 0 =>
 *     {@code nowunused[nunused]}</li>
 * <li>FREEZE_PAGE 13-15, {@link FreezePage.Pg13}: {@code cutoff_xid: uint32, ntuples: uint16}; block 0 =>
 *     {@code xl_heap_freeze_tuple[ntuples]} (12 bytes each)</li>
 * <li>FREEZE_PAGE 16, {@link FreezePage.Pg16}: {@code snapshotConflictHorizon: uint32, nplans: uint16,
 *     isCatalogRel: bool}; block 0 => {@code xl_heap_freeze_plan[nplans]} (12 bytes: xmax uint32, t_infomask2
 *     uint16, t_infomask uint16, frzflags uint8, pad 1, ntuples uint16), then {@code offsets[sum(ntuples)]}</li>
 * <li>CLEANUP_INFO (13), {@link CleanupInfo}: {@code node: RelFileNode (12), latestRemovedXid: uint32}</li>
 * <li>VISIBLE (13-18), {@link Visible}: {@code snapshotConflictHorizon: uint32, flags: uint8}</li>
 * <li>PRUNE_* (17+), {@link PruneFreeze}: 17/18 {@code reason: uint8, flags: uint8}, 19+ {@code flags: uint16},
 *     then {@code [snapshotConflictHorizon: uint32 unaligned]}; block 0 => {@link PruneFreeze.Body}</li>
 * <li>MULTI_INSERT, {@link MultiInsert}: {@code flags: uint8, pad: 1, ntuples: uint16, [offsets[ntuples] unless
 *     XLOG_HEAP_INIT_PAGE]}; block 0 => tuples (opaque)</li>
 * <li>LOCK_UPDATED, {@link LockUpdated}: {@code xmax: uint32, offnum: uint16, infobits_set: uint8, flags:
 *     uint8}</li>
 * <li>NEW_CID, {@link NewCid}: {@code top_xid: uint32, cmin: uint32, cmax: uint32, combocid: uint32, target_locator:
 *     RelFileLocator (12), target_tid: ItemPointerData (bi_hi: uint16, bi_lo: uint16, ip_posid: uint16)}</li>
 * <li>REWRITE, {@link Rewrite}: {@code xl_heap_rewrite_mapping} (40 bytes, num_mappings: uint32 at 24), then
 *     {@code num_mappings} 36-byte entries</li>
 * </ul>
 * Mirrors src/include/access/heapam_xlog.h, REL_13_STABLE .. master; the per-version layout is chosen by
 * {@link Heap2Type#of} and one exhaustive switch per family ({@link #load}).
 *
 * <p>Not thread-safe; valid until the buffer it was loaded from moves on.
 */
public final class Heap2View {
    /** {@code SizeOfHeapNewCid}. */
    static final int NEW_CID_SIZE = NewCid.Pg13.SIZE;

    ByteBuf m = Unpooled.EMPTY_BUFFER;
    final RawBytes mr = new RawBytes().reset(m);
    int mi;
    int ml;
    ByteBuf b = Unpooled.EMPTY_BUFFER;
    final RawBytes br = new RawBytes().reset(b);
    int bi;
    int bl;
    WalVersion version;
    int info;
    Heap2Type type;
    boolean accepted;

    // fields read by load (absolute buffer indexes for the arrays)
    int flags;
    int nredirected;
    int redirectedAt;
    int ndead;
    int deadAt;
    int nunused;
    int unusedAt;
    int nplans;
    int plansAt;
    int offsetsAt;
    long nfrozen;
    boolean perTupleFreeze;
    // parts (Heap2Parts)
    int header;
    int redirectedBytes;
    int deadBytes;
    int unusedBytes;
    int freezePlanBytes;
    int freezeOffsetBytes;
    int freezeTupleBytes;
    int visibilityBytes;
    int otherBytes;

    /**
     * Points the view at the Heap2 record {@code v} (its main data and its block 0's data) and checks its layout.
     *
     * @return whether the payload holds exactly what its layout declares ({@link Heap2Codec#decode} would accept
     *         it); false too when the info code names no record in the version ({@link #type()} null)
     */
    public boolean load(RecordView v) {
        if (v.rmid() != RmgrTable.HEAP2) {
            throw new IllegalArgumentException("not a Heap2 record: rmid " + v.rmid());
        }
        ByteBuf buf = RecordViewAccess.buffer(v);
        int block = 0;
        int blockLen = 0;
        for (int i = 0; i < v.blockCount(); i++) {
            if (v.blockId(i) == 0) {
                block = v.blockDataIndex(i);
                blockLen = v.blockDataLength(i);
                break; // block ids are unique and increasing (xlogreader rejects others)
            }
        }
        return load(v.version(), v.info(), buf, v.mainDataIndex(), v.mainDataLength(), buf, block, blockLen);
    }

    /** As {@link #load(RecordView)} over copies of the payload (wraps the arrays; for typed records and tests). */
    public boolean load(WalVersion version, int info, byte[] mainData, byte[] block0Data) {
        return load(version, info, Unpooled.wrappedBuffer(mainData), 0, mainData.length,
                Unpooled.wrappedBuffer(block0Data), 0, block0Data.length);
    }

    private boolean load(WalVersion v, int xlInfo, ByteBuf main, int mainIndex, int mainLength, ByteBuf block,
                         int blockIndex, int blockLength) {
        version = v;
        info = xlInfo;
        m = main;
        mr.reset(main);
        mi = mainIndex;
        ml = mainLength;
        b = block;
        br.reset(block);
        bi = blockIndex;
        bl = blockLength;
        flags = 0;
        nredirected = 0;
        redirectedAt = 0;
        ndead = 0;
        deadAt = 0;
        nunused = 0;
        unusedAt = 0;
        nplans = 0;
        plansAt = 0;
        offsetsAt = 0;
        nfrozen = 0;
        perTupleFreeze = false;
        header = 0;
        redirectedBytes = 0;
        deadBytes = 0;
        unusedBytes = 0;
        freezePlanBytes = 0;
        freezeOffsetBytes = 0;
        freezeTupleBytes = 0;
        visibilityBytes = 0;
        otherBytes = 0;
        type = Heap2Type.of(v, xlInfo);
        if (type == null) {
            accepted = false;
            return false;
        }
        accepted = switch (type) {
            case CLEAN, PRUNE -> Heap2Layouts.prune(this);
            case VACUUM -> Heap2Layouts.vacuum(this);
            case FREEZE_PAGE -> Heap2Layouts.freezePage(this);
            case CLEANUP_INFO -> Heap2Layouts.fixed(this, CleanupInfo.Pg13.SIZE);
            case VISIBLE -> Heap2Layouts.visible(this);
            case PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP -> Heap2Layouts.pruneFreeze(this);
            case MULTI_INSERT -> Heap2Layouts.multiInsert(this);
            case LOCK_UPDATED -> Heap2Layouts.fixed(this, LockUpdated.Pg13.SIZE);
            case NEW_CID -> Heap2Layouts.fixed(this, NEW_CID_SIZE);
            case REWRITE -> Heap2Layouts.rewrite(this);
        };
        return accepted;
    }

    int mu16(int offset) {
        return mr.u16(mi + offset);
    }

    // ---- the record ----

    /** The record kind, or null when the info code names none in the version. */
    public Heap2Type type() {
        return type;
    }

    /** The WAL version of the record. */
    public WalVersion version() {
        return version;
    }

    /** {@code xl_info}. */
    public int info() {
        return info;
    }

    /** Whether the last {@link #load} accepted the payload; the accessors below are valid only then. */
    public boolean accepted() {
        return accepted;
    }

    /** Bytes of main data. */
    public int mainDataLength() {
        return ml;
    }

    /** Bytes of block 0's data (0 when block 0 is absent, carries an image instead or has none). */
    public int blockDataLength() {
        return bl;
    }

    /** Whether block 0 carried data. */
    public boolean hasBlockData() {
        return bl > 0;
    }

    /** Whether the record is a vacuum record (CLEAN, PRUNE, VACUUM, FREEZE_PAGE, CLEANUP_INFO, VISIBLE, PRUNE_*). */
    public static boolean isVacuum(Heap2Type type) {
        return switch (type) {
            case CLEAN, PRUNE, VACUUM, FREEZE_PAGE, CLEANUP_INFO, VISIBLE, PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN,
                    PRUNE_VACUUM_CLEANUP -> true;
            case REWRITE, MULTI_INSERT, LOCK_UPDATED, NEW_CID -> false;
        };
    }

    // ---- fields, by layout ----

    /**
     * {@code snapshotConflictHorizon} (PRUNE 16, FREEZE_PAGE 16, VISIBLE, PRUNE_* when
     * {@link PruneFreeze#XLHP_HAS_CONFLICT_HORIZON}), {@code latestRemovedXid} (PRUNE 14/15) or {@code remxid}
     * (CLEAN), {@code cutoff_xid} (FREEZE_PAGE 13-15), {@code latestRemovedXid} (CLEANUP_INFO).
     */
    public long snapshotConflictHorizon() {
        return switch (type) {
            case PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP -> header == 6 ? mr.u32(mi + 2)
                    : 0;
            case CLEANUP_INFO -> mr.u32(mi + 12);
            default -> mr.u32(mi);
        };
    }

    /**
     * {@code flags}: of PRUNE_* (17/18 uint8, 19+ uint16), VISIBLE, MULTI_INSERT ({@code XLH_INSERT_*}),
     * LOCK_UPDATED.
     */
    public int flags() {
        return switch (type) {
            case PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP -> flags;
            case VISIBLE -> mr.u8(mi + 4);
            case MULTI_INSERT -> mr.u8(mi);
            case LOCK_UPDATED -> mr.u8(mi + 7);
            default -> 0;
        };
    }

    /**
     * Bytes of the 17+ prune record's main data before the flags: 1 ({@code reason}) in 17/18, 0 in 19+; and
     * {@link #pruneFlagsLength()} bytes of flags follow.
     */
    public int pruneReasonLength() {
        return switch (version) {
            case PG17, PG18 -> 1;
            case PG19_BETA1, PG19_BETA3, PG19, PG13, PG14, PG15, PG16 -> 0;
        };
    }

    /** Bytes of the 17+ prune record's flags: 1 in 17/18, 2 in 19+ (whose high byte holds only XLHP_VM_* bits). */
    public int pruneFlagsLength() {
        return 2 - pruneReasonLength();
    }

    /** VISIBILITYMAP_* bits a 19+ PRUNE_* record sets (ALL_FROZEN only with ALL_VISIBLE), 0 otherwise. */
    public int vmFlags() {
        if ((flags & PruneFreeze.XLHP_VM_ALL_VISIBLE) == 0) {
            return 0;
        }
        return Visible.VISIBILITYMAP_ALL_VISIBLE
                | ((flags & PruneFreeze.XLHP_VM_ALL_FROZEN) != 0 ? Visible.VISIBILITYMAP_ALL_FROZEN : 0);
    }

    /** {@code isCatalogRel} of PRUNE 16 and FREEZE_PAGE 16, {@code XLHP_IS_CATALOG_REL} of PRUNE_*. */
    public boolean isCatalogRel() {
        return switch (type) {
            case PRUNE -> ml == HeapPrune.Pg16.SIZE && mr.u8(mi + 8) != 0;
            case FREEZE_PAGE -> ml == FreezePage.Pg16.SIZE && mr.u8(mi + 6) != 0;
            case PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP ->
                    (flags & PruneFreeze.XLHP_IS_CATALOG_REL) != 0;
            default -> false;
        };
    }

    /** Redirected items ({@code nredirected} / the redirect sub-record's {@code ntargets}). */
    public int nredirected() {
        return nredirected;
    }

    /** The source offset of redirection {@code i}. */
    public int redirectFrom(int i) {
        return br.u16(redirectedAt + 4 * i);
    }

    /** The target offset of redirection {@code i}. */
    public int redirectTo(int i) {
        return br.u16(redirectedAt + 4 * i + 2);
    }

    /** Now-dead items. */
    public int ndead() {
        return ndead;
    }

    /** Dead item {@code i}. */
    public int dead(int i) {
        return br.u16(deadAt + 2 * i);
    }

    /** Now-unused items (VACUUM: {@code nunused} of the main data, even without block data). */
    public int nunused() {
        return nunused;
    }

    /** Unused item {@code i}. */
    public int unused(int i) {
        return br.u16(unusedAt + 2 * i);
    }

    /** {@code ntuples} of FREEZE_PAGE 13-15 and MULTI_INSERT. */
    public int ntuples() {
        return switch (type) {
            case FREEZE_PAGE, MULTI_INSERT -> mu16(type == Heap2Type.FREEZE_PAGE ? 4 : 2);
            default -> 0;
        };
    }

    /** Whether FREEZE_PAGE has the 13-15 layout ({@link FreezePage.Pg13}: per-tuple entries, no plans). */
    public boolean perTupleFreeze() {
        return perTupleFreeze;
    }

    /** Freeze plans: {@code nplans} of FREEZE_PAGE 16 (even without block data), of the PRUNE_* sub-record. */
    public int nplans() {
        return nplans;
    }

    /** {@code xmax} of plan {@code p}. */
    public long planXmax(int p) {
        return br.u32(plansAt + FreezePlan.SIZE * p);
    }

    /** {@code t_infomask2} of plan {@code p}. */
    public int planInfomask2(int p) {
        return br.u16(plansAt + FreezePlan.SIZE * p + 4);
    }

    /** {@code t_infomask} of plan {@code p}. */
    public int planInfomask(int p) {
        return br.u16(plansAt + FreezePlan.SIZE * p + 6);
    }

    /** {@code ntuples} of plan {@code p}. */
    public int planNtuples(int p) {
        return br.u16(plansAt + FreezePlan.SIZE * p + 10);
    }

    /** Frozen offset {@code k} ({@code frz_offsets}, plan by plan). */
    public int frozenOffset(int k) {
        return br.u16(offsetsAt + 2 * k);
    }

    /** Whether MULTI_INSERT's {@code XLOG_HEAP_INIT_PAGE} is set (no offsets stored). */
    public boolean init() {
        return (info & HeapType.XLOG_HEAP_INIT_PAGE) != 0;
    }

    /** MULTI_INSERT's {@code offsets[i]}. */
    public int multiInsertOffset(int i) {
        return mu16(MultiInsert.Pg13.SIZE + 2 * i);
    }

    /** LOCK_UPDATED's {@code xmax}. */
    public long xmax() {
        return mr.u32(mi);
    }

    /** LOCK_UPDATED's {@code offnum}. */
    public int offnum() {
        return mu16(4);
    }

    /** LOCK_UPDATED's {@code infobits_set}. */
    public int infobitsSet() {
        return mr.u8(mi + 6);
    }

    /** NEW_CID's {@code cmin}. */
    public long cmin() {
        return mr.u32(mi + 4);
    }

    /** NEW_CID's {@code cmax}. */
    public long cmax() {
        return mr.u32(mi + 8);
    }

    /** NEW_CID's {@code combocid}. */
    public long combocid() {
        return mr.u32(mi + 12);
    }

    /** NEW_CID's {@code target_locator.spcOid}. */
    public long targetSpcOid() {
        return mr.u32(mi + 16);
    }

    /** NEW_CID's {@code target_locator.dbOid}. */
    public long targetDbOid() {
        return mr.u32(mi + 20);
    }

    /** NEW_CID's {@code target_locator.relNumber}. */
    public long targetRelNumber() {
        return mr.u32(mi + 24);
    }

    /** NEW_CID's {@code target_tid} block number ({@code bi_hi << 16 | bi_lo}). */
    public long targetBlock() {
        return ((long) mu16(28) << 16) | mu16(30);
    }

    /** NEW_CID's {@code target_tid.ip_posid}. */
    public int targetOffset() {
        return mu16(32);
    }

    // ---- parts (Heap2Parts) ----

    /** As {@link Heap2Parts#header()}. */
    public int header() {
        return header;
    }

    /** As {@link Heap2Parts#redirected()}. */
    public int redirected() {
        return redirectedBytes;
    }

    /** As {@link Heap2Parts#dead()}. */
    public int dead() {
        return deadBytes;
    }

    /** As {@link Heap2Parts#unused()}. */
    public int unused() {
        return unusedBytes;
    }

    /** As {@link Heap2Parts#freezePlans()}. */
    public int freezePlans() {
        return freezePlanBytes;
    }

    /** As {@link Heap2Parts#freezeOffsets()}. */
    public int freezeOffsets() {
        return freezeOffsetBytes;
    }

    /** As {@link Heap2Parts#freezeTuples()}. */
    public int freezeTuples() {
        return freezeTupleBytes;
    }

    /** As {@link Heap2Parts#visibility()}. */
    public int visibility() {
        return visibilityBytes;
    }

    /** Sum of the parts: main data plus block 0 data. */
    public int total() {
        return header + redirectedBytes + deadBytes + unusedBytes + freezePlanBytes + freezeOffsetBytes
                + freezeTupleBytes + visibilityBytes + otherBytes;
    }

    /** The parts as a value (allocates; for tests). */
    public Heap2Parts parts() {
        return new Heap2Parts(header, redirectedBytes, deadBytes, unusedBytes, freezePlanBytes, freezeOffsetBytes,
                freezeTupleBytes, visibilityBytes, otherBytes);
    }
}
