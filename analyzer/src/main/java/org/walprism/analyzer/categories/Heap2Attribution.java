package org.walprism.analyzer.categories;

import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.FreezePage;
import org.walprism.codec.rmgr.heap2.HeapPrune;
import org.walprism.codec.rmgr.heap2.Heap2Parts;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.rmgr.heap2.Heap2View;
import org.walprism.codec.rmgr.heap2.PruneFreeze;

/**
 * Splits the payload (block data and main data) of Heap2 records into prune, freeze, vm and shared parts, and
 * says what each record did. The one place of the analyzer that knows heap2 records.
 *
 * <p>Vacuum-related records (CLEAN, PRUNE, VACUUM, FREEZE_PAGE, CLEANUP_INFO, VISIBLE, PRUNE_*) are read in
 * place by the codec's {@link Heap2View} (the same parts as the typed records' {@link Heap2Parts}, without
 * decoding them), refined here with the record's own fields into the analyzer's finer {@link Parts}: the count
 * fields of the offset arrays become {@code prune.counts} / {@code freeze.counts}; the 17+ main data becomes the
 * shared {@code reason}, {@code flags} and {@code horizon} (and in 19+ the flags' high byte, which holds only VM
 * bits, {@code vm.flags}); the VM block reference of a 19+ prune record moves from {@code block_headers} to
 * {@code vm.block}. Other Heap2 records (MULTI_INSERT, LOCK_UPDATED, NEW_CID, REWRITE) are not read: their
 * payload is {@code payload.Heap2}.
 *
 * <p>A payload the codec's decoder would reject is attributed whole to {@code payload.Heap2} and reported through
 * {@link RecordParts#markUnparsed()}.
 */
public final class Heap2Attribution {

    private static final int PAYLOAD = Parts.PAYLOAD_BASE + RmgrTable.HEAP2;
    private static final int PRUNE_ITEMS = PruneFreeze.XLHP_HAS_REDIRECTIONS | PruneFreeze.XLHP_HAS_DEAD_ITEMS
            | PruneFreeze.XLHP_HAS_NOW_UNUSED_ITEMS;

    private boolean setsVm;

    /** Whether the last record attributed set VM bits (VISIBLE, or a 19+ prune record with VM flags). */
    public boolean lastSetVm() {
        return setsVm;
    }

    private final Heap2View scan = new Heap2View();

    /**
     * Attributes the payload of the Heap2 record {@code v} (block data and main data, not the framing) to
     * {@code out} and returns its category. Reads the record in place: nothing is allocated.
     */
    public Category attribute(RecordView v, RecordParts out) {
        setsVm = false;
        int block0 = 0;
        int payload = v.mainDataLength();
        for (int i = 0; i < v.blockCount(); i++) {
            payload += v.blockDataLength(i);
            if (v.blockId(i) == 0) {
                block0 = v.blockDataLength(i);
            }
        }
        Heap2Type type = Heap2Type.of(v.version(), v.info());
        if (type == null || !Heap2View.isVacuum(type)) {
            out.add(PAYLOAD, payload);
            return Category.OTHER;
        }
        // Only block 0 carries heap2 vacuum data; anything else stays with the resource manager.
        int own = v.mainDataLength() + block0;
        out.add(PAYLOAD, payload - own);
        Heap2View p = scan;
        if (!p.load(v) || p.total() != own) {
            out.add(PAYLOAD, own);
            out.markUnparsed();
            return Category.OTHER;
        }
        return switch (type) {
            case PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP -> pruneFreeze(v, p, out);
            case CLEAN, PRUNE -> {
                out.add(Parts.PRUNE_HEADER, p.header() - HeapPrune.COUNT_FIELDS_SIZE);
                out.add(Parts.PRUNE_COUNTS, HeapPrune.COUNT_FIELDS_SIZE);
                out.add(Parts.PRUNE_REDIRECTED, p.redirected());
                out.add(Parts.PRUNE_DEAD, p.dead());
                out.add(Parts.PRUNE_UNUSED, p.unused());
                // 13's second heap pass writes CLEAN with only unused items; 14+ has VACUUM for it.
                boolean unusedOnly = p.nredirected() == 0 && p.ndead() == 0;
                yield type == Heap2Type.CLEAN && unusedOnly ? Category.CLEANUP : Category.PRUNE_ONLY;
            }
            case VACUUM -> {
                out.add(Parts.PRUNE_COUNTS, p.header());
                out.add(Parts.PRUNE_UNUSED, p.unused());
                yield Category.CLEANUP;
            }
            case FREEZE_PAGE -> {
                out.add(Parts.FREEZE_HEADER, p.header() - FreezePage.COUNT_FIELD_SIZE);
                out.add(Parts.FREEZE_COUNTS, FreezePage.COUNT_FIELD_SIZE);
                out.add(Parts.FREEZE_TUPLES, p.freezeTuples());
                out.add(Parts.FREEZE_PLANS, p.freezePlans());
                out.add(Parts.FREEZE_OFFSETS, p.freezeOffsets());
                yield Category.FREEZE_ONLY;
            }
            case CLEANUP_INFO -> {
                out.add(Parts.PRUNE_HEADER, p.header());
                yield Category.CLEANUP;
            }
            case VISIBLE -> {
                out.add(Parts.VM_VISIBLE, p.visibility() + p.header());
                setsVm = true;
                yield Category.VM;
            }
            case REWRITE, MULTI_INSERT, LOCK_UPDATED, NEW_CID ->
                    throw new IllegalStateException("undecoded heap2 record kind " + type);
        };
    }

    /** PRUNE_ON_ACCESS / PRUNE_VACUUM_SCAN / PRUNE_VACUUM_CLEANUP (17+). */
    private Category pruneFreeze(RecordView v, Heap2View p, RecordParts out) {
        int flags = p.flags();
        // 17/18: reason, flags (uint8); 19+: flags (uint16) whose high byte holds only XLHP_VM_* bits
        out.add(Parts.SHARED_REASON, p.pruneReasonLength());
        out.add(Parts.SHARED_FLAGS, 1);
        out.add(Parts.VM_FLAGS, p.pruneFlagsLength() - 1);
        out.add(Parts.SHARED_HORIZON, p.header() - p.pruneReasonLength() - p.pruneFlagsLength());
        // In 17+ each present sub-record starts with its count (ntargets); the plans with nplans and 2 pad bytes.
        splitCounted(out, Parts.PRUNE_REDIRECTED, p.redirected());
        splitCounted(out, Parts.PRUNE_DEAD, p.dead());
        splitCounted(out, Parts.PRUNE_UNUSED, p.unused());
        if (p.freezePlans() > 0) {
            out.add(Parts.FREEZE_COUNTS, PruneFreeze.XLHP_FREEZE_PLANS_HEADER);
            out.add(Parts.FREEZE_PLANS, p.freezePlans() - PruneFreeze.XLHP_FREEZE_PLANS_HEADER);
        }
        out.add(Parts.FREEZE_OFFSETS, p.freezeOffsets());
        if ((flags & PruneFreeze.XLHP_VM_ALL_VISIBLE) != 0) {
            setsVm = true;
            for (int i = 0; i < v.blockCount(); i++) {
                int ff = v.forkFlags(i);
                if ((ff & BlockRef.FORK_MASK) == BlockRef.VISIBILITYMAP_FORKNUM) {
                    out.move(Parts.BLOCK_HEADERS, Parts.VM_BLOCK, BlockRef.headerLength(ff));
                }
            }
        }
        return switch (PruneFreeze.Reason.ofInfo(v.info())) {
            case ON_ACCESS -> Category.ON_ACCESS_PRUNE;
            case VACUUM_CLEANUP -> Category.CLEANUP;
            case VACUUM_SCAN -> scanCategory(flags);
        };
    }

    private static void splitCounted(RecordParts out, int part, int bytes) {
        if (bytes > 0) {
            out.add(Parts.PRUNE_COUNTS, PruneFreeze.XLHP_PRUNE_ITEMS_HEADER);
            out.add(part, bytes - PruneFreeze.XLHP_PRUNE_ITEMS_HEADER);
        }
    }

    private static Category scanCategory(int flags) {
        boolean freeze = (flags & PruneFreeze.XLHP_HAS_FREEZE_PLANS) != 0;
        boolean prune = (flags & PRUNE_ITEMS) != 0;
        if (freeze && prune) {
            return Category.PRUNE_FREEZE;
        }
        if (freeze) {
            return Category.FREEZE_ONLY;
        }
        if (prune) {
            return Category.PRUNE_ONLY;
        }
        if ((flags & PruneFreeze.XLHP_VM_ALL_VISIBLE) != 0) {
            return Category.VM;
        }
        return Category.OTHER;
    }
}
