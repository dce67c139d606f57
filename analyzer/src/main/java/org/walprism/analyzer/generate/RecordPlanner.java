package org.walprism.analyzer.generate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.walprism.codec.WalVersion;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.heap2.PruneFreeze;
import org.walprism.codec.rmgr.heap2.Visible;

/**
 * Turns a {@link WorkloadModel} into the record stream one PostgreSQL major writes for it, in order:
 * the update phase's on-access prunes, then VACUUM's first heap pass, index passes and second heap
 * passes, following that major's {@link VacuumDesign}.
 *
 * <p>Full-page images follow XLogInsert's rule: a block gets an image the first time it is registered after
 * the checkpoint that starts each phase (when {@link WorkloadModel#fpi()}), unless registered with
 * REGBUF_NO_IMAGE (the heap page of VISIBLE, or of a 19 VM-only prune record, while hint bits are not
 * logged). With checksums or wal_log_hints, VACUUM's hint-bit setting logs each page first as
 * XLOG FPI_FOR_HINT (MarkBufferDirtyHint), so the Heap2 records after it carry no heap image.
 */
public final class RecordPlanner {
    /** {@code XLOG_FPI_FOR_HINT}. */
    public static final int XLOG_FPI_FOR_HINT = 0xA0;
    /** {@code XLOG_BTREE_VACUUM}. */
    public static final int BTREE_VACUUM = 0xC0;
    /** Heap blocks one 8 kB visibility-map page covers ({@code HEAPBLOCKS_PER_PAGE}). */
    public static final int HEAPBLOCKS_PER_VM_PAGE = (BlockImage.BLCKSZ - PageImages.SIZE_OF_PAGE_HEADER_DATA) * 4;
    /** {@code BYPASS_THRESHOLD_PAGES}. */
    static final double BYPASS_THRESHOLD_PAGES = 0.02;
    /** TidStore memory estimate: fixed part (slab and radix-tree blocks) plus a cost per block with dead items. */
    static final long TIDSTORE_BASE_BYTES = 200 * 1024;
    static final long TIDSTORE_BYTES_PER_BLOCK = 64;

    private final WorkloadModel model;
    private final Derivation derived;
    private final VacuumDesign design;
    private final RelFileLocator heap;
    private final RelFileLocator index;
    private final Set<String> logged = new HashSet<>();
    private final List<PlannedRecord> out = new ArrayList<>();
    private int indexPassesDone;

    private RecordPlanner(WorkloadModel model, Derivation derived, WalVersion version) {
        this.model = model;
        this.derived = derived;
        this.design = VacuumDesign.of(version);
        this.heap = model.relation();
        this.index = new RelFileLocator(heap.spcOid(), heap.dbOid(), heap.relNumber() + 3);
    }

    /** The planned records of {@code model} for {@code version}. */
    public static List<PlannedRecord> plan(WorkloadModel model, Derivation derived, WalVersion version) {
        RecordPlanner p = new RecordPlanner(model, derived, version);
        p.updatePhase();
        if (model.vacuum()) {
            p.logged.clear();  // a checkpoint precedes the vacuum
            p.vacuum();
        }
        return List.copyOf(p.out);
    }

    /** Index passes the vacuum of {@code model} makes in {@code version}'s design. */
    public static int indexPasses(WorkloadModel model, Derivation derived, WalVersion version) {
        RecordPlanner p = new RecordPlanner(model, derived, version);
        if (model.vacuum()) {
            p.vacuum();
        }
        return p.indexPassesDone;
    }

    // ---------------------------------------------------------------- images

    private PlannedRecord.Image image(String key, PlannedRecord.Image layout, boolean noImage) {
        if (noImage || !model.fpi() || logged.contains(key)) {
            return null;
        }
        logged.add(key);
        return layout;
    }

    private static String heapKey(long block) {
        return "h" + block;
    }

    private static PlannedRecord.Image heapLayout(int linePointers, int tuples, int storedLength) {
        return new PlannedRecord.Image(true, HeapPage.lower(linePointers), HeapPage.upper(tuples, storedLength));
    }

    private PlannedRecord.Block heapBlock(int id, long block, PlannedRecord.Image img) {
        return new PlannedRecord.Block(id, heap, BlockRef.MAIN_FORKNUM, block, img);
    }

    private PlannedRecord.Block vmBlock(int id, long heapBlock) {
        long vmPage = heapBlock / HEAPBLOCKS_PER_VM_PAGE;
        return new PlannedRecord.Block(id, heap, BlockRef.VISIBILITYMAP_FORKNUM, vmPage,
                image("v" + vmPage, PlannedRecord.Image.WHOLE, false));
    }

    private void emitHeap2(Heap2Records.Typed t, List<PlannedRecord.Block> blocks) {
        var payload = t.record().encode();
        out.add(new PlannedRecord(RmgrTable.HEAP2, t.info(), blocks, payload.block0Data(), payload.mainData()));
    }

    /** XLOG FPI_FOR_HINT of a page not yet logged since the checkpoint, when hint bits are logged. */
    private void hintImage(long block, int linePointers, int tuples, int storedLength) {
        if (!model.hintBitsLogged() || !model.hintBitsPending()) {
            return;
        }
        PlannedRecord.Image img = image(heapKey(block), heapLayout(linePointers, tuples, storedLength), false);
        if (img != null) {
            out.add(new PlannedRecord(RmgrTable.XLOG, XLOG_FPI_FOR_HINT, List.of(heapBlock(0, block, img)),
                    new byte[0], new byte[0]));
        }
    }

    // ---------------------------------------------------------------- update phase

    private void updatePhase() {
        List<PageGroup> pages = derived.pages();
        int stored = pages.isEmpty() ? 24 : pages.get(0).storedTupleLength();
        for (Derivation.PruneEvent e : derived.onAccess()) {
            if (e.firstTouch()) {
                hintImage(e.block(), e.linePointers(), e.stored(), stored);
                logged.add(heapKey(e.block()));  // otherwise the heap update record took the image
                continue;
            }
            PageGroup g = new PageGroup(1, stored, e.redirects() + e.unused() + 1, 1, 0, 0, e.redirects(),
                    e.unused(), false);
            Heap2Records.Items it = Heap2Records.Items.of(g, false);
            it = new Heap2Records.Items(it.redirected(), OffsetArray.EMPTY, it.unused(), OffsetArray.EMPTY);
            PlannedRecord.Image img = image(heapKey(e.block()), heapLayout(e.linePointers(), e.stored(), stored), false);
            boolean data = img == null;
            Heap2Records.Typed t = design.combined()
                    ? Heap2Records.pruneFreeze(design, PruneFreeze.Reason.ON_ACCESS, model.horizon(), it, 0, data)
                    : Heap2Records.prune(design, model.horizon(), it, data);
            emitHeap2(t, List.of(heapBlock(0, e.block(), img)));
        }
    }

    // ---------------------------------------------------------------- vacuum

    private record Pending(long block, PageGroup page, Heap2Records.Items items) {
    }

    private void vacuum() {
        List<PageGroup> pages = derived.pages();
        int indexes = model.indexes();
        long relPages = pages.size();
        long maxItems = Math.min(model.maintenanceWorkMemKb() * 1024 / 6,
                (long) PageGroup.MAX_HEAP_TUPLES_PER_PAGE * Math.max(relPages, 1));
        long maxBytes = model.maintenanceWorkMemKb() * 1024;
        long totalDead = 0;
        for (PageGroup g : pages) {
            totalDead += g.dead();
        }
        long forced = model.indexPasses();
        long lpDeadTotal = 0;
        for (PageGroup g : pages) {
            lpDeadTotal += g.dead() > 0 && indexes > 0 ? 1 : 0;
        }
        if (forced > lpDeadTotal) {
            throw new IllegalArgumentException("indexPasses = " + forced + " exceeds the " + lpDeadTotal
                    + " heap pages left with LP_DEAD items (allowed: 0 .. " + lpDeadTotal + ")");
        }
        List<Pending> pending = new ArrayList<>();
        long deadItems = 0;
        long lpDeadPages = 0;
        for (int b = 0; b < pages.size(); b++) {
            PageGroup g = pages.get(b);
            boolean due = forced > 0
                    // forced passes: the LP_DEAD pages split into that many runs, floor(k * total / passes)
                    ? lpDeadPages >= (indexPassesDone + 1) * lpDeadTotal / forced
                    : passDue(pending, deadItems, maxItems, maxBytes);
            if (indexes > 0 && !pending.isEmpty() && due) {
                indexPass(pending, deadItems, totalDead, false, lpDeadPages, relPages);
                pending.clear();
                deadItems = 0;
            }
            boolean work = g.prunes() || g.freeze() > 0;
            if (!work) {
                continue;  // already all-visible and frozen: lazy_scan_skip passes it by
            }
            boolean lpDeadStays = g.dead() > 0 && indexes > 0;
            boolean unusedNow = g.dead() > 0 && indexes == 0;
            int vmFlags = lpDeadStays ? 0 : Visible.VISIBILITYMAP_ALL_VISIBLE | (g.allFrozen() ? Visible.VISIBILITYMAP_ALL_FROZEN : 0);
            int len = g.storedTupleLength();
            hintImage(b, g.linePointers(), g.live() + g.dead() + g.unused(), len);
            PlannedRecord.Image after = heapLayout(g.linePointers(), g.live(), len);
            long horizon = model.horizon();
            switch (design) {
                case SEPARATE_13, SEPARATE_14, SEPARATE_16 -> {
                    Heap2Records.Items it = Heap2Records.Items.of(g, false);
                    if (g.prunes()) {
                        PlannedRecord.Image img = image(heapKey(b), after, false);
                        emitHeap2(Heap2Records.prune(design, horizon, it, img == null),
                                List.of(heapBlock(0, b, img)));
                    }
                    if (g.freeze() > 0) {
                        PlannedRecord.Image img = image(heapKey(b), after, false);
                        emitHeap2(Heap2Records.freeze(design, horizon, it, img == null),
                                List.of(heapBlock(0, b, img)));
                    }
                    if (unusedNow) {
                        secondPassRecord(b, g, it);  // the one-pass strategy vacuums the page at once
                    } else {
                        if (lpDeadStays) {
                            pending.add(new Pending(b, g, it));
                        }
                        if (vmFlags != 0) {
                            visible(b, vmFlags, vmFlags == (Visible.VISIBILITYMAP_ALL_VISIBLE | Visible.VISIBILITYMAP_ALL_FROZEN) ? 0 : horizon);
                        }
                    }
                }
                case COMBINED_17 -> {
                    Heap2Records.Items it = Heap2Records.Items.of(g, unusedNow);
                    PlannedRecord.Image img = image(heapKey(b), after, false);
                    emitHeap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.VACUUM_SCAN, horizon, it, 0,
                            img == null), List.of(heapBlock(0, b, img)));
                    if (lpDeadStays) {
                        pending.add(new Pending(b, g, Heap2Records.Items.of(g, false)));
                    }
                    if (vmFlags != 0) {
                        visible(b, vmFlags, vmFlags == (Visible.VISIBILITYMAP_ALL_VISIBLE | Visible.VISIBILITYMAP_ALL_FROZEN) ? 0 : horizon);
                    }
                }
                case VM_IN_PRUNE_19 -> {
                    Heap2Records.Items it = Heap2Records.Items.of(g, unusedNow);
                    PlannedRecord.Image img = image(heapKey(b), after, false);
                    List<PlannedRecord.Block> blocks = new ArrayList<>();
                    blocks.add(heapBlock(0, b, img));
                    if (vmFlags != 0) {
                        blocks.add(vmBlock(1, b));
                    }
                    emitHeap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.VACUUM_SCAN, horizon, it, vmFlags,
                            img == null), blocks);
                    if (lpDeadStays) {
                        pending.add(new Pending(b, g, Heap2Records.Items.of(g, false)));
                    }
                }
            }
            if (lpDeadStays) {
                deadItems += g.dead();
                lpDeadPages++;
            }
        }
        if (indexes > 0 && !pending.isEmpty()) {
            indexPass(pending, deadItems, totalDead, true, lpDeadPages, relPages);
        }
    }

    /** Whether dead-item storage is full before the next page (lazy_scan_heap's check). */
    private boolean passDue(List<Pending> pending, long deadItems, long maxItems, long maxBytes) {
        if (design.tidStore()) {
            long usage = TIDSTORE_BASE_BYTES + TIDSTORE_BYTES_PER_BLOCK * pending.size() + 2 * deadItems;
            return usage > maxBytes;
        }
        return maxItems - deadItems < PageGroup.MAX_HEAP_TUPLES_PER_PAGE;
    }

    /** lazy_vacuum: index vacuuming (or its bypass), then the second heap pass over {@code pending}. */
    private void indexPass(List<Pending> pending, long deadItems, long totalDead, boolean last, long lpDeadPages,
                           long relPages) {
        if (design.bypassesIndexVacuum() && model.indexPasses() == 0 && last && indexPassesDone == 0
                && lpDeadPages < relPages * BYPASS_THRESHOLD_PAGES && deadItems * 6 < 32L * 1024 * 1024) {
            return;  // few LP_DEAD pages: leave the items for the next VACUUM
        }
        indexPassesDone++;
        if (design.logsCleanupInfo()) {
            emitHeap2(Heap2Records.cleanupInfo(design, heap, model.horizon()), List.of());
        }
        int leaves = (int) Math.ceil((double) model.indexLeafPages() * deadItems / Math.max(totalDead, 1));
        int perLeaf = model.indexDeletedPerLeaf() > 0 ? model.indexDeletedPerLeaf()
                : (int) Math.max(1, Math.min(deadItems / Math.max(leaves, 1), 1000));
        for (int i = 0; i < model.indexes(); i++) {
            RelFileLocator rel = new RelFileLocator(index.spcOid(), index.dbOid(), index.relNumber() + i);
            for (int leaf = 1; leaf <= leaves; leaf++) {
                String key = "i" + i + "/" + leaf;
                PlannedRecord.Image img = image(key, new PlannedRecord.Image(true, model.indexLeafImageBytes(),
                        BlockImage.BLCKSZ), false);
                byte[] data = new byte[img == null ? 2 * perLeaf : 0];
                for (int k = 0; k < data.length / 2; k++) {
                    data[2 * k] = (byte) (k + 1);  // OffsetNumber k + 1, little-endian
                }
                byte[] main = {(byte) perLeaf, (byte) (perLeaf >> 8), 0, 0};  // ndeleted, nupdated = 0
                out.add(new PlannedRecord(RmgrTable.BTREE, BTREE_VACUUM,
                        List.of(new PlannedRecord.Block(0, rel, BlockRef.MAIN_FORKNUM, leaf, img)), data, main));
            }
        }
        for (Pending p : pending) {
            secondPassRecord(p.block(), p.page(), p.items());
        }
    }

    /** lazy_vacuum_heap_page: LP_DEAD to LP_UNUSED, then the VM bits the now all-visible page gets. */
    private void secondPassRecord(long b, PageGroup g, Heap2Records.Items it) {
        OffsetArray unused = it.dead();
        int vmFlags = Visible.VISIBILITYMAP_ALL_VISIBLE | (g.allFrozen() ? Visible.VISIBILITYMAP_ALL_FROZEN : 0);
        boolean empty = g.live() == 0 && g.redirects() == 0;
        int lps = empty ? 0 : g.linePointers();
        PlannedRecord.Image img = image(heapKey(b), heapLayout(lps, g.live(), g.storedTupleLength()), false);
        switch (design) {
            case SEPARATE_13, SEPARATE_14, SEPARATE_16 -> {
                emitHeap2(Heap2Records.vacuum(design, unused, img == null), List.of(heapBlock(0, b, img)));
                visible(b, vmFlags, g.allFrozen() ? 0 : model.horizon());
            }
            case COMBINED_17 -> {
                Heap2Records.Items cleanup = new Heap2Records.Items(OffsetArray.EMPTY, OffsetArray.EMPTY, unused,
                        OffsetArray.EMPTY);
                emitHeap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.VACUUM_CLEANUP, 0, cleanup, 0,
                        img == null), List.of(heapBlock(0, b, img)));
                visible(b, vmFlags, g.allFrozen() ? 0 : model.horizon());
            }
            case VM_IN_PRUNE_19 -> {
                Heap2Records.Items cleanup = new Heap2Records.Items(OffsetArray.EMPTY, OffsetArray.EMPTY, unused,
                        OffsetArray.EMPTY);
                emitHeap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.VACUUM_CLEANUP, 0, cleanup, vmFlags,
                        img == null), List.of(heapBlock(0, b, img), vmBlock(1, b)));
            }
        }
    }

    /** XLOG_HEAP2_VISIBLE (13-18): block 0 the VM page, block 1 the heap page (NO_IMAGE unless hints are logged). */
    private void visible(long b, int vmFlags, long horizon) {
        PlannedRecord.Block vm = vmBlock(0, b);
        PlannedRecord.Image heapImg = image(heapKey(b), heapLayout(0, 0, 8), !model.hintBitsLogged());
        emitHeap2(Heap2Records.visible(horizon, vmFlags), List.of(vm, heapBlock(1, b, heapImg)));
    }
}
