package org.walprism.analyzer.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.walprism.analyzer.generate.Heap2Records;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.analyzer.generate.RecordPlanner;
import org.walprism.analyzer.generate.VacuumDesign;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.FreezePlan;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.heap2.PruneFreeze;
import org.walprism.codec.rmgr.heap2.Visible;
import org.walprism.codec.write.RecordBuilder;

/**
 * Writes one {@link PageOp} as the records of a target design, with the codec. The source's heap image
 * goes to the first target record that registers the heap page (never to a VISIBLE heap block that
 * PostgreSQL registers with REGBUF_NO_IMAGE, unless the source itself logged it there), and the VM page's
 * image to the first record that registers the VM page.
 */
final class StepWriter {
    private static final int MAIN_FORK = BlockRef.MAIN_FORKNUM;

    private final WalVersion version;
    private final VacuumDesign design;
    private final PageOp op;
    private BlockImage heapImage;
    private BlockImage vmImage;
    private final List<PlanEncoder.Encoded> out = new ArrayList<>();

    StepWriter(WalVersion version, VacuumDesign design, PageOp op) {
        this.version = version;
        this.design = design;
        this.op = op;
        this.heapImage = Images.retarget(op.heapImage, version, op.heapImageLsn);
        this.vmImage = op.vmRef == null ? null : Images.retarget(op.vmRef.image(), version, op.vmRefLsn);
    }

    List<PlanEncoder.Encoded> write() {
        OffsetArray red = PageOp.array(op.redirected);
        OffsetArray dead = PageOp.array(op.dead);
        OffsetArray pruned = PageOp.array(op.unusedPruned);
        OffsetArray vacuumed = PageOp.array(op.unusedVacuumed);
        List<FreezePlan> plans = plans();
        switch (op.phase) {
            case ON_ACCESS -> {
                var it = items(red, dead, pruned, List.of());
                boolean any = !red.isEmpty() || !dead.isEmpty() || !pruned.isEmpty();
                switch (design) {
                    // 19 sets VM bits on access too, in the prune record
                    case VM_IN_PRUNE_19 -> heap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.ON_ACCESS,
                            op.horizon, it, op.vmFlags, heapImage == null), op.vmFlags != 0);
                    // before 19 an on-access prune never sets VM bits (VACUUM does): a 19 prune that only set them
                    // is not written at all
                    case COMBINED_17 -> {
                        if (any || op.vmFlags == 0) {
                            heap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.ON_ACCESS, op.horizon, it, 0,
                                    heapImage == null), false);
                        }
                    }
                    case SEPARATE_13, SEPARATE_14, SEPARATE_16 -> {
                        if (any || op.vmFlags == 0) {
                            heap2(Heap2Records.prune(design, op.horizon, it, heapImage == null), false);
                        }
                    }
                }
            }
            case SCAN -> scan(red, dead, pruned, vacuumed, plans);
            case CLEANUP -> cleanup(vacuumed);
        }
        return out;
    }

    private void scan(OffsetArray red, OffsetArray dead, OffsetArray pruned, OffsetArray vacuumed,
                      List<FreezePlan> plans) {
        switch (design) {
            case SEPARATE_13, SEPARATE_14, SEPARATE_16 -> {
                // the one-pass strategy (no indexes): the vacuumed items were LP_DEAD after the prune (a 13-16
                // source lists them in both its prune and its vacuum record, a 17+ source only as unused)
                OffsetArray deadAll = concat(minus(dead, vacuumed), vacuumed);
                if (!red.isEmpty() || !deadAll.isEmpty() || !pruned.isEmpty()) {
                    heap2(Heap2Records.prune(design, op.horizon, items(red, deadAll, pruned, List.of()),
                            heapImage == null), false);
                }
                if (!plans.isEmpty()) {
                    heap2(Heap2Records.freeze(design, op.horizon, items(OffsetArray.EMPTY, OffsetArray.EMPTY,
                            OffsetArray.EMPTY, plans), heapImage == null), false);
                }
                if (!vacuumed.isEmpty()) {
                    heap2(Heap2Records.vacuum(design, vacuumed, heapImage == null), false);
                }
                visible();
            }
            case COMBINED_17 -> {
                // the one-pass strategy: items the source pruned to LP_DEAD and then vacuumed are unused at once
                OffsetArray stillDead = minus(dead, vacuumed);
                if (!red.isEmpty() || !stillDead.isEmpty() || !pruned.isEmpty() || !vacuumed.isEmpty()
                        || !plans.isEmpty()) {
                    heap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.VACUUM_SCAN, op.horizon,
                            items(red, stillDead, concat(pruned, vacuumed), plans), 0, heapImage == null), false);
                }
                visible();
            }
            case VM_IN_PRUNE_19 -> heap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.VACUUM_SCAN,
                    op.horizon, items(red, minus(dead, vacuumed), concat(pruned, vacuumed), plans), op.vmFlags,
                    heapImage == null), op.vmFlags != 0);
        }
    }

    private void cleanup(OffsetArray vacuumed) {
        switch (design) {
            case SEPARATE_13, SEPARATE_14, SEPARATE_16 -> {
                heap2(Heap2Records.vacuum(design, vacuumed, heapImage == null), false);
                visible();
            }
            case COMBINED_17 -> {
                heap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.VACUUM_CLEANUP, 0,
                        items(OffsetArray.EMPTY, OffsetArray.EMPTY, vacuumed, List.of()), 0, heapImage == null), false);
                visible();
            }
            case VM_IN_PRUNE_19 -> heap2(Heap2Records.pruneFreeze(design, PruneFreeze.Reason.VACUUM_CLEANUP, 0,
                    items(OffsetArray.EMPTY, OffsetArray.EMPTY, vacuumed, List.of()), op.vmFlags, heapImage == null),
                    op.vmFlags != 0);
        }
    }

    /** XLOG_HEAP2_VISIBLE (13-18) when the step set VM bits: block 0 the VM page, block 1 the heap page. */
    private void visible() {
        if (op.vmFlags == 0) {
            return;
        }
        long horizon = op.vmFlags == (Visible.VISIBILITYMAP_ALL_VISIBLE | Visible.VISIBILITYMAP_ALL_FROZEN) ? 0 : op.horizon;
        var typed = Heap2Records.visible(horizon, op.vmFlags);
        var payload = typed.record().encode();
        RecordBuilder b = RecordBuilder.of(version, RmgrTable.HEAP2, typed.info()).mainData(payload.mainData());
        BlockImage vm = takeVm();
        b.block(0, op.rel, BlockRef.VISIBILITYMAP_FORKNUM, vmBlock(), false, vm, new byte[0]);
        BlockImage heap = takeHeap();  // only left when nothing before registered the heap page
        b.block(1, op.rel, MAIN_FORK, op.block, false, heap, new byte[0]);
        add(typed.info(), b.build(), size(vm) + size(heap));
    }

    private void heap2(Heap2Records.Typed typed, boolean withVm) {
        var payload = typed.record().encode();
        RecordBuilder b = RecordBuilder.of(version, RmgrTable.HEAP2, typed.info()).mainData(payload.mainData());
        BlockImage heap = takeHeap();
        b.block(0, op.rel, MAIN_FORK, op.block, false, heap, heap == null ? payload.block0Data() : new byte[0]);
        BlockImage vm = null;
        if (withVm) {
            vm = takeVm();
            b.block(1, op.rel, BlockRef.VISIBILITYMAP_FORKNUM, vmBlock(), false, vm, new byte[0]);
        }
        add(typed.info(), b.build(), size(heap) + size(vm));
    }

    private void add(int info, byte[] bytes, int fpi) {
        out.add(new PlanEncoder.Encoded(RmgrTable.HEAP2, info, bytes, fpi));
    }

    private static int size(BlockImage img) {
        return img == null ? 0 : img.length();
    }

    private BlockImage takeHeap() {
        BlockImage i = heapImage;
        heapImage = null;
        return i;
    }

    private BlockImage takeVm() {
        BlockImage i = vmImage;
        vmImage = null;
        return i;
    }

    private long vmBlock() {
        return op.vmRef != null ? op.vmRef.blockNumber() : op.block / RecordPlanner.HEAPBLOCKS_PER_VM_PAGE;
    }

    private static Heap2Records.Items items(OffsetArray red, OffsetArray dead, OffsetArray unused,
                                            List<FreezePlan> plans) {
        return new Heap2Records.Items(red, dead, unused, OffsetArray.EMPTY, plans);
    }

    /** The offsets of {@code a} not in {@code b}. */
    private static OffsetArray minus(OffsetArray a, OffsetArray b) {
        if (b.isEmpty()) {
            return a;
        }
        java.util.Set<Integer> drop = new java.util.HashSet<>();
        for (int v : b.toArray()) {
            drop.add(v);
        }
        return OffsetArray.of(java.util.Arrays.stream(a.toArray()).filter(v -> !drop.contains(v)).toArray());
    }

    private static OffsetArray concat(OffsetArray a, OffsetArray b) {
        int[] out = new int[a.size() + b.size()];
        System.arraycopy(a.toArray(), 0, out, 0, a.size());
        System.arraycopy(b.toArray(), 0, out, a.size(), b.size());
        java.util.Arrays.sort(out);
        return OffsetArray.of(out);
    }

    /** The step's freeze plans in the target's shape: per tuple for 13-15, deduplicated from 16 on. */
    private List<FreezePlan> plans() {
        if (op.plans.isEmpty()) {
            return List.of();
        }
        return switch (design) {
            case SEPARATE_13, SEPARATE_14 -> op.plans;
            case SEPARATE_16, COMBINED_17, VM_IN_PRUNE_19 -> {
                Map<List<Long>, List<Integer>> byKey = new TreeMap<>((x, y) -> {
                    for (int i = 0; i < x.size(); i++) {
                        int c = Long.compare(x.get(i), y.get(i));
                        if (c != 0) {
                            return c;
                        }
                    }
                    return 0;
                });
                Map<List<Long>, Integer> pads = new java.util.HashMap<>();
                for (FreezePlan p : op.plans) {
                    List<Long> key = List.of(p.xmax(), (long) p.infomask2(), (long) p.infomask(), (long) p.frzflags());
                    List<Integer> offs = byKey.computeIfAbsent(key, k -> new ArrayList<>());
                    pads.putIfAbsent(key, p.pad());
                    for (int v : p.offsets().toArray()) {
                        offs.add(v);
                    }
                }
                List<FreezePlan> merged = new ArrayList<>();
                for (var e : byKey.entrySet()) {
                    List<Integer> offs = e.getValue();
                    offs.sort(null);
                    List<Long> k = e.getKey();
                    merged.add(new FreezePlan(k.get(0), k.get(1).intValue(), k.get(2).intValue(), k.get(3).intValue(),
                            pads.get(k), PageOp.array(offs)));
                }
                yield merged;
            }
        };
    }
}
