package org.walprism.codec.rmgr.heap2;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.RecordViewAccess;
import org.walprism.codec.record.RecordView;

/**
 * Reads the {@link Heap2Parts} of a vacuum-related Heap2 record (CLEAN, PRUNE, VACUUM, FREEZE_PAGE, CLEANUP_INFO,
 * VISIBLE, PRUNE_*) in place, plus the few fields a byte attribution needs, without decoding the typed record:
 * the allocation-free flyweight of the hot path (categories over gigabytes of WAL). One instance is reused
 * record after record and is not thread-safe.
 *
 * <p>It accepts exactly the payloads {@link Heap2Codec#decode} accepts and then reports the same parts as
 * {@link Heap2Record#parts()}; the byte maps are those of the layout classes ({@link HeapPrune.Pg13},
 * {@link HeapPrune.Pg16}, {@link HeapVacuum.Pg14}, {@link FreezePage.Pg13}, {@link FreezePage.Pg16},
 * {@link CleanupInfo.Pg13}, {@link Visible.Pg13}, {@link PruneFreeze.Pg17}, {@link PruneFreeze.Pg19}), chosen
 * by the same version switches. A test holds the two to each other on every capture and on mutated payloads.
 */
public final class Heap2PartsScan {
    private ByteBuf buf;
    private Heap2Type type;
    private int header;
    private int redirected;
    private int dead;
    private int unused;
    private int freezePlans;
    private int freezeOffsets;
    private int freezeTuples;
    private int visibility;
    private int flags;
    private int nredirected;
    private int ndead;

    /** Whether records of {@code type} are vacuum records this class reads (the others carry opaque payloads). */
    public static boolean scans(Heap2Type type) {
        return switch (type) {
            case CLEAN, PRUNE, VACUUM, FREEZE_PAGE, CLEANUP_INFO, VISIBLE, PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN,
                    PRUNE_VACUUM_CLEANUP -> true;
            case REWRITE, MULTI_INSERT, LOCK_UPDATED, NEW_CID -> false;
        };
    }

    /**
     * Reads the Heap2 record {@code v}: its main data and the data of its block 0 (none when it has no block 0).
     *
     * @return false when the payload does not match its layout ({@link Heap2Codec#decode} would throw), or
     *         when the record is not a vacuum record ({@link #scans})
     */
    public boolean scan(RecordView v) {
        int blockIdx = 0;
        int blockLen = 0;
        for (int i = 0; i < v.blockCount(); i++) {
            if (v.blockId(i) == 0) {
                blockIdx = v.blockDataIndex(i);
                blockLen = v.blockDataLength(i);
            }
        }
        return scan(v.version(), v.info(), RecordViewAccess.buffer(v), v.mainDataIndex(), v.mainDataLength(), blockIdx, blockLen);
    }

    /**
     * Validates a record as every command must (issue: {@code stats} and {@code --categories} must reject what
     * {@code dump} rejects): a Heap2 vacuum record whose payload does not match its layout throws the typed
     * decoder's exception, naming the record's LSN. Other records pass untouched. Allocates only on failure.
     *
     * @throws org.walprism.codec.WalFormatException when the payload contradicts its layout
     */
    public void check(RecordView v) {
        if (v.rmid() != org.walprism.codec.rmgr.RmgrTable.HEAP2) {
            return;
        }
        Heap2Type t = Heap2Type.of(v.version(), v.info());
        if (t == null || !scans(t) || scan(v)) {
            return;
        }
        // The in-place scan and the typed decoder accept the same payloads (Heap2PartsScanTest): the decoder
        // gives the precise reason.
        Heap2Codec.decode(v.toDecoded());
    }

    /** As {@link #scan(RecordView)} over copies of the payload (allocates; for tests and tools). */
    public boolean scan(WalVersion version, int info, byte[] mainData, byte[] block0Data) {
        byte[] all = new byte[mainData.length + block0Data.length];
        System.arraycopy(mainData, 0, all, 0, mainData.length);
        System.arraycopy(block0Data, 0, all, mainData.length, block0Data.length);
        return scan(version, info, Unpooled.wrappedBuffer(all), 0, mainData.length, mainData.length,
                block0Data.length);
    }

    private boolean scan(WalVersion version, int info, ByteBuf b, int main, int mainLen, int block, int blockLen) {
        buf = b;
        type = Heap2Type.of(version, info);
        header = 0;
        redirected = 0;
        dead = 0;
        unused = 0;
        freezePlans = 0;
        freezeOffsets = 0;
        freezeTuples = 0;
        visibility = 0;
        flags = 0;
        nredirected = 0;
        ndead = 0;
        if (type == null || !scans(type)) {
            return false;
        }
        boolean ok = switch (type) {
            case CLEAN, PRUNE -> prune(version, main, mainLen, blockLen);
            case VACUUM -> vacuum(version, main, mainLen, blockLen);
            case FREEZE_PAGE -> freezePage(version, main, mainLen, block, blockLen);
            case CLEANUP_INFO -> cleanupInfo(version, mainLen, blockLen);
            case VISIBLE -> visible(version, mainLen, blockLen);
            case PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP ->
                    pruneFreeze(version, main, mainLen, block, blockLen);
            case REWRITE, MULTI_INSERT, LOCK_UPDATED, NEW_CID -> false;
        };
        buf = null;
        return ok;
    }

    private int u16(int index) {
        return buf.getUnsignedShortLE(index);
    }

    private boolean isBool(int index) {
        return (buf.getUnsignedByte(index) & ~1) == 0;
    }

    /** {@link HeapPrune}: counts in main data, offset arrays in block 0 (unused = the rest). */
    private boolean prune(WalVersion version, int main, int mainLen, int blockLen) {
        int size = switch (version) {
            case PG13, PG14, PG15 -> HeapPrune.Pg13.SIZE;
            case PG16 -> HeapPrune.Pg16.SIZE;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> -1;
        };
        // 16 adds isCatalogRel, a bool at offset 8
        if (mainLen != size || (size == HeapPrune.Pg16.SIZE && !isBool(main + 8))) {
            return false;
        }
        nredirected = u16(main + 4);
        ndead = u16(main + 6);
        header = size;
        if (blockLen > 0) {
            long rest = blockLen - (4L * nredirected + 2L * ndead);
            if (rest < 0 || rest % 2 != 0) {
                return false;
            }
            redirected = 4 * nredirected;
            dead = 2 * ndead;
            unused = (int) rest;
        }
        return true;
    }

    /** {@link HeapVacuum.Pg14}: {@code nunused} in main data, the offsets in block 0. */
    private boolean vacuum(WalVersion version, int main, int mainLen, int blockLen) {
        boolean exists = switch (version) {
            case PG14, PG15, PG16 -> true;
            case PG13, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> false;
        };
        if (!exists || mainLen != HeapVacuum.Pg14.SIZE) {
            return false;
        }
        header = HeapVacuum.Pg14.SIZE;
        if (blockLen > 0) {
            if (blockLen != 2 * u16(main)) {
                return false;
            }
            unused = blockLen;
        }
        return true;
    }

    /** {@link FreezePage}: 13-15 per-tuple entries, 16 plans then their offsets. */
    private boolean freezePage(WalVersion version, int main, int mainLen, int block, int blockLen) {
        int size = switch (version) {
            case PG13, PG14, PG15 -> FreezePage.Pg13.SIZE;
            case PG16 -> FreezePage.Pg16.SIZE;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> -1;
        };
        if (mainLen != size) {
            return false;
        }
        header = size;
        if (size == FreezePage.Pg13.SIZE) {
            if (blockLen > 0) {
                if (blockLen != u16(main + 4) * FreezeTuple.SIZE) {
                    return false;
                }
                freezeTuples = blockLen;
            }
            return true;
        }
        // 16: nplans at offset 4, isCatalogRel (a bool) at offset 6
        if (!isBool(main + 6)) {
            return false;
        }
        if (blockLen > 0) {
            int nplans = u16(main + 4);
            long plans = (long) nplans * FreezePlan.SIZE;
            if (plans > blockLen || plans + 2 * ntuples(block, nplans) != blockLen) {
                return false;
            }
            freezePlans = (int) plans;
            freezeOffsets = blockLen - (int) plans;
        }
        return true;
    }

    /** Sum of {@code ntuples} of the {@code nplans} 12-byte plans at {@code index} (uint16 at plan offset 10). */
    private long ntuples(int index, int nplans) {
        long n = 0;
        for (int i = 0; i < nplans; i++) {
            n += u16(index + i * FreezePlan.SIZE + 10);
        }
        return n;
    }

    /** {@link CleanupInfo.Pg13}: 16 bytes of main data, no block data. */
    private boolean cleanupInfo(WalVersion version, int mainLen, int blockLen) {
        boolean exists = switch (version) {
            case PG13 -> true;
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> false;
        };
        if (!exists || mainLen != CleanupInfo.Pg13.SIZE || blockLen != 0) {
            return false;
        }
        header = CleanupInfo.Pg13.SIZE;
        return true;
    }

    /** {@link Visible.Pg13}: 5 bytes of main data, no block data. */
    private boolean visible(WalVersion version, int mainLen, int blockLen) {
        boolean exists = switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> true;
            case PG19_BETA1, PG19_BETA3, PG19 -> false;
        };
        if (!exists || mainLen != Visible.Pg13.SIZE || blockLen != 0) {
            return false;
        }
        visibility = Visible.Pg13.SIZE;
        return true;
    }

    /** {@link PruneFreeze}: flags (after the reason byte in 17/18) in main data, {@link PruneFreeze.Body} in block 0. */
    private boolean pruneFreeze(WalVersion version, int main, int mainLen, int block, int blockLen) {
        if (mainLen < 2) {
            return false;
        }
        int f = switch (version) {
            case PG17, PG18 -> buf.getUnsignedByte(main + 1);
            case PG19_BETA1, PG19_BETA3, PG19 -> u16(main);
            case PG13, PG14, PG15, PG16 -> -1;
        };
        if (f < 0) {
            return false;
        }
        flags = f;
        int size = (flags & PruneFreeze.HAS_CONFLICT_HORIZON) != 0 ? 6 : 2;
        if (mainLen != size) {
            return false;
        }
        header = size;
        if (blockLen == 0) {
            return true;
        }
        // [nplans: uint16, pad: 2, plans[nplans]] [n, redirected[2n]] [n, dead[n]] [n, unused[n]] [frz_offsets]
        int pos = block;
        int end = block + blockLen;
        long tuples = 0;
        if ((flags & PruneFreeze.HAS_FREEZE_PLANS) != 0) {
            if (end - pos < 4) {
                return false;
            }
            int nplans = u16(pos);
            long bytes = 4 + (long) nplans * FreezePlan.SIZE;
            if (bytes > end - pos) {
                return false;
            }
            tuples = ntuples(pos + 4, nplans);
            freezePlans = (int) bytes;
            pos += (int) bytes;
        }
        if ((flags & PruneFreeze.HAS_REDIRECTIONS) != 0) {
            redirected = items(pos, end, 4);
            if (redirected < 0) {
                return false;
            }
            pos += redirected;
        }
        if ((flags & PruneFreeze.HAS_DEAD_ITEMS) != 0) {
            dead = items(pos, end, 2);
            if (dead < 0) {
                return false;
            }
            pos += dead;
        }
        if ((flags & PruneFreeze.HAS_NOW_UNUSED_ITEMS) != 0) {
            unused = items(pos, end, 2);
            if (unused < 0) {
                return false;
            }
            pos += unused;
        }
        if (2 * tuples != end - pos) {
            return false;
        }
        freezeOffsets = end - pos;
        return true;
    }

    /** Bytes of an {@code xlhp_prune_items} at {@code pos} (ntargets: uint16, then ntargets entries), or -1. */
    private int items(int pos, int end, int entrySize) {
        if (end - pos < 2) {
            return -1;
        }
        int bytes = 2 + entrySize * u16(pos);
        return bytes > end - pos ? -1 : bytes;
    }

    // ---- results of the last successful scan ----

    /** The record kind, or null when the info code names none in the version. */
    public Heap2Type type() {
        return type;
    }

    /** As {@link Heap2Parts#header()}. */
    public int header() {
        return header;
    }

    /** As {@link Heap2Parts#redirected()}. */
    public int redirected() {
        return redirected;
    }

    /** As {@link Heap2Parts#dead()}. */
    public int dead() {
        return dead;
    }

    /** As {@link Heap2Parts#unused()}. */
    public int unused() {
        return unused;
    }

    /** As {@link Heap2Parts#freezePlans()}. */
    public int freezePlans() {
        return freezePlans;
    }

    /** As {@link Heap2Parts#freezeOffsets()}. */
    public int freezeOffsets() {
        return freezeOffsets;
    }

    /** As {@link Heap2Parts#freezeTuples()}. */
    public int freezeTuples() {
        return freezeTuples;
    }

    /** As {@link Heap2Parts#visibility()}. */
    public int visibility() {
        return visibility;
    }

    /** Sum of the parts: main data plus block 0 data. */
    public int total() {
        return header + redirected + dead + unused + freezePlans + freezeOffsets + freezeTuples + visibility;
    }

    /** {@link PruneFreeze#flags()} of a PRUNE_* record (0 for the other kinds). */
    public int flags() {
        return flags;
    }

    /** {@link HeapPrune#nredirected()} of a CLEAN / PRUNE record (0 for the other kinds). */
    public int nredirected() {
        return nredirected;
    }

    /** {@link HeapPrune#ndead()} of a CLEAN / PRUNE record (0 for the other kinds). */
    public int ndead() {
        return ndead;
    }

    /** The parts as a value (allocates; for tests). */
    public Heap2Parts parts() {
        return new Heap2Parts(header, redirected, dead, unused, freezePlans, freezeOffsets, freezeTuples, visibility,
                0);
    }
}
