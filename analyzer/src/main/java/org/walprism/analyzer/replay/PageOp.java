package org.walprism.analyzer.replay;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.heap2.FreezePlan;
import org.walprism.codec.rmgr.heap2.OffsetArray;

/**
 * What one vacuum or pruning step did to one heap page, independent of the record design that logged it:
 * the content of a PG16 PRUNE + FREEZE_PAGE (+ VACUUM) + VISIBLE run, of a PG17 PRUNE_VACUUM_SCAN +
 * VISIBLE, or of one PG19 prune record.
 */
final class PageOp {
    /** Why the page was changed. */
    enum Phase { ON_ACCESS, SCAN, CLEANUP }

    Phase phase;
    RelFileLocator rel;
    long block;
    long horizon;
    final List<Integer> redirected = new ArrayList<>();
    final List<Integer> dead = new ArrayList<>();
    /** Heap-only tuples made unused by the prune. */
    final List<Integer> unusedPruned = new ArrayList<>();
    /** LP_DEAD (or would-be LP_DEAD) items made unused: the second pass, or the one-pass strategy without indexes. */
    final List<Integer> unusedVacuumed = new ArrayList<>();
    final List<FreezePlan> plans = new ArrayList<>();
    int vmFlags;
    /** The first image of the heap page in the step, and whether it sat on a hint-style registration. */
    BlockImage heapImage;
    /** LSN of the record that carried {@link #heapImage}. */
    long heapImageLsn;
    /** The visibility-map page registration, with its image if it had one. */
    BlockRef vmRef;
    /** LSN of the record that carried {@link #vmRef}. */
    long vmRefLsn;
    /** Source records the step replaces. */
    int sourceRecords;
    boolean isCatalogRel;

    boolean prunes() {
        return !redirected.isEmpty() || !dead.isEmpty() || !unusedPruned.isEmpty();
    }

    static OffsetArray array(List<Integer> values) {
        int[] a = new int[values.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = values.get(i);
        }
        return OffsetArray.of(a);
    }

    static void addAll(List<Integer> to, OffsetArray from) {
        for (int i = 0; i < from.size(); i++) {
            to.add(from.get(i));
        }
    }

    /** {@code n} placeholder offsets, used when a source record carried an image instead of its arrays. */
    static void addPlaceholders(List<Integer> to, int n) {
        for (int i = 0; i < n; i++) {
            to.add(i + 1);
        }
    }
}
