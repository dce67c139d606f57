package org.walprism.analyzer.replay;

import java.util.function.Consumer;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.FreezePage;
import org.walprism.codec.rmgr.heap2.FreezePlan;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.heap2.Heap2Record;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.rmgr.heap2.HeapPrune;
import org.walprism.codec.rmgr.heap2.HeapVacuum;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.heap2.PruneFreeze;
import org.walprism.codec.rmgr.heap2.Visible;

/**
 * Groups a source stream's records, in order, into output slots: a record kept as it was, or one page step (a PG16
 * PRUNE + FREEZE_PAGE + VISIBLE run on one block, a PG17 PRUNE_VACUUM_SCAN + VISIBLE, ...) read into a {@link PageOp}.
 * A slot is handed on once the next record shows it complete, so the scanner holds one step at a time.
 */
final class StepScanner {
    /**
     * One output slot: a kept record (as read, with its LSN; translated when written) or a page step.
     *
     * @param lonePrune a PRUNE of a 13-16 stream with no freeze, visibility or second-pass record after it on the
     *                  same page: VACUUM's first pass or an on-access prune ({@link LonePrunes} decides)
     */
    record Slot(PlanEncoder.Encoded kept, long keptLsn, PageOp op, boolean lonePrune) {
    }

    private enum Kind { PRUNE, FREEZE, VACUUM, VISIBLE, ON_ACCESS, SCAN, CLEANUP }

    private final Consumer<Slot> out;
    private final int timeline;
    private final int segmentSize;
    private PageOp open;
    private boolean lone;
    private Kind last;

    /** Hands complete slots to {@code out}; errors name the file by {@code timeline} and {@code segmentSize}. */
    StepScanner(Consumer<Slot> out, int timeline, int segmentSize) {
        this.out = out;
        this.timeline = timeline;
        this.segmentSize = segmentSize;
    }

    /** Takes the next source record, {@code original} its encoded form. */
    void add(DecodedRecord r, PlanEncoder.Encoded original) {
        try {
            Kind k = kind(r);
            if (k == null) {
                flush();
                out.accept(new Slot(original, r.recordLsn().value(), null, false));
                return;
            }
            long block = heapBlock(r, k);
            BlockRef heapRef = heapRef(r, k);
            if (open != null && open.block == block && heapRef != null && heapRef.rel().equals(open.rel)
                    && follows(last, k)) {
                lone = false;
            } else {
                flush();
                open = new PageOp();
                open.rel = heapRef == null ? null : heapRef.rel();
                open.block = block;
                open.phase = switch (k) {
                    case ON_ACCESS -> PageOp.Phase.ON_ACCESS;
                    case VACUUM, CLEANUP -> PageOp.Phase.CLEANUP;
                    default -> PageOp.Phase.SCAN;
                };
                lone = k == Kind.PRUNE;
            }
            absorb(open, r, k);
            last = k;
        } catch (WalFormatException e) {
            // an image or record the target design cannot hold: name the record
            throw Images.inFile(Images.at(e, r.recordLsn().value()), timeline, segmentSize);
        }
    }

    /** Hands on the step still open (at the end of the stream). */
    void finish() {
        flush();
    }

    private void flush() {
        if (open != null) {
            out.accept(new Slot(null, 0, open, lone));
            open = null;
        }
    }

    private static Kind kind(DecodedRecord r) {
        if (r.rmid() != RmgrTable.HEAP2) {
            return null;
        }
        Heap2Type t = Heap2Type.of(r.version(), r.info());
        if (t == null) {
            return null;
        }
        return switch (t) {
            case PRUNE -> Kind.PRUNE;
            case CLEAN -> secondPassClean(r) ? Kind.VACUUM : Kind.PRUNE;
            case FREEZE_PAGE -> Kind.FREEZE;
            case VACUUM -> Kind.VACUUM;
            case VISIBLE -> Kind.VISIBLE;
            case PRUNE_ON_ACCESS -> Kind.ON_ACCESS;
            case PRUNE_VACUUM_SCAN -> Kind.SCAN;
            case PRUNE_VACUUM_CLEANUP -> Kind.CLEANUP;
            default -> null;
        };
    }
    /**
     * Whether a 13 CLEAN is VACUUM's second heap pass (lazy_vacuum_page: LP_DEAD items made unused, logged as
     * CLEAN with no redirected and no dead items) rather than a prune, which always redirects or kills a
     * chain root when it frees anything.
     */
    private static boolean secondPassClean(DecodedRecord r) {
        return Heap2Codec.decode(r) instanceof HeapPrune p && p.nredirected() == 0 && p.ndead() == 0;
    }

    private static boolean follows(Kind last, Kind k) {
        if (last == null) {
            return false;
        }
        return switch (last) {
            case PRUNE -> k == Kind.FREEZE || k == Kind.VACUUM || k == Kind.VISIBLE;
            case FREEZE -> k == Kind.VACUUM || k == Kind.VISIBLE;
            case VACUUM, SCAN, CLEANUP -> k == Kind.VISIBLE;
            case VISIBLE, ON_ACCESS -> false;
        };
    }

    private static BlockRef heapRef(DecodedRecord r, Kind k) {
        return r.block(k == Kind.VISIBLE ? 1 : 0);
    }

    private static long heapBlock(DecodedRecord r, Kind k) {
        BlockRef b = heapRef(r, k);
        return b == null ? -1 : b.blockNumber();
    }

    /** Adds what record {@code r} did to {@code op}. */
    private static void absorb(PageOp op, DecodedRecord r, Kind k) {
        op.sourceRecords++;
        BlockRef heap = heapRef(r, k);
        if (heap != null && heap.image() != null && op.heapImage == null) {
            op.heapImage = heap.image();
            op.heapImageLsn = r.recordLsn().value();
        }
        Heap2Record rec = Heap2Codec.decode(r);
        if (rec instanceof HeapPrune p) {
                op.horizon = p.snapshotConflictHorizon();
                op.isCatalogRel = p.isCatalogRel();
                if (p.blockData()) {
                    PageOp.addAll(op.redirected, p.redirected());
                    PageOp.addAll(op.dead, p.dead());
                    PageOp.addAll(k == Kind.VACUUM ? op.unusedVacuumed : op.unusedPruned, p.unused());
                } else {
                    PageOp.addPlaceholders(op.redirected, 2 * p.nredirected());
                    PageOp.addPlaceholders(op.dead, p.ndead());
                    if (k == Kind.VACUUM) {
                        // a 13 second-pass CLEAN with an image: the unused count is not stored; the page has them
                        int[] census = PageImages.census(op.heapImage);
                        PageOp.addPlaceholders(op.unusedVacuumed, census == null ? 1 : Math.max(1, census[0]));
                    }
                }
        } else if (rec instanceof FreezePage f) {
                if (f.blockData()) {
                    op.plans.addAll(f.plans());
                } else {
                    int n = f.nfrozen();
                    if (n == 0) {
                        int[] census = PageImages.census(op.heapImage);
                        n = census == null ? Math.max(1, f.plans().size()) : Math.max(1, census[4]);
                    }
                    op.plans.add(placeholderPlan(n));
                }
        } else if (rec instanceof HeapVacuum v) {
                if (v.blockData()) {
                    PageOp.addAll(op.unusedVacuumed, v.unused());
                } else {
                    PageOp.addPlaceholders(op.unusedVacuumed, v.nunused());
                }
        } else if (rec instanceof Visible v) {
                op.vmFlags |= v.vmFlags();
                op.vmRef = r.block(0);
                op.vmRefLsn = r.recordLsn().value();
        } else if (rec instanceof PruneFreeze p) {
            absorbPruneFreeze(op, r, k, p);
        } else {
            throw new IllegalStateException("not a vacuum record: " + rec);
        }
    }

    /** The PRUNE_* (17+) part of {@link #absorb}: horizon, VM bits, and the sub-records (or their placeholders). */
    private static void absorbPruneFreeze(PageOp op, DecodedRecord r, Kind k, PruneFreeze p) {
        if (k != Kind.CLEANUP) {
            op.horizon = p.snapshotConflictHorizon();
        }
        op.isCatalogRel = p.isCatalogRel();
        if (p.vmFlags() != 0) {
            op.vmFlags |= p.vmFlags();
            op.vmRef = r.block(1);
            op.vmRefLsn = r.recordLsn().value();
        }
        if (p.blockData()) {
            op.plans.addAll(p.plans());
            PageOp.addAll(op.redirected, p.redirected());
            PageOp.addAll(op.dead, p.dead());
            PageOp.addAll(vacuumedUnused(k, p.flags()) ? op.unusedVacuumed : op.unusedPruned, p.unused());
        } else {
            int[] census = PageImages.census(op.heapImage);
            int flags = p.flags();
            if ((flags & PruneFreeze.XLHP_HAS_FREEZE_PLANS) != 0) {
                op.plans.add(placeholderPlan(census == null ? 1 : Math.max(1, census[4])));
            }
            if ((flags & PruneFreeze.XLHP_HAS_REDIRECTIONS) != 0) {
                PageOp.addPlaceholders(op.redirected, 2 * (census == null ? 1 : Math.max(1, census[2])));
            }
            if ((flags & PruneFreeze.XLHP_HAS_DEAD_ITEMS) != 0) {
                PageOp.addPlaceholders(op.dead, census == null ? 1 : Math.max(1, census[3]));
            }
            if ((flags & PruneFreeze.XLHP_HAS_NOW_UNUSED_ITEMS) != 0) {
                PageOp.addPlaceholders(vacuumedUnused(k, flags) ? op.unusedVacuumed : op.unusedPruned,
                        census == null ? 1 : Math.max(1, census[0]));
            }
        }
    }

    /**
     * Whether a 17+ record's now-unused items were LP_DEAD-class items (second pass, or the one-pass strategy
     * of a table without indexes) rather than heap-only tuples of HOT chains: a first-pass record that removes
     * heap-only tuples re-points their chain, so unused items without redirections come from dead tuples.
     */
    private static boolean vacuumedUnused(Kind k, int flags) {
        return k == Kind.CLEANUP
                || (k == Kind.SCAN && (flags & PruneFreeze.XLHP_HAS_REDIRECTIONS) == 0
                && (flags & PruneFreeze.XLHP_HAS_DEAD_ITEMS) == 0);
    }

    private static FreezePlan placeholderPlan(int ntuples) {
        int[] offs = new int[ntuples];
        for (int i = 0; i < ntuples; i++) {
            offs[i] = i + 1;
        }
        return new FreezePlan(0, 0x0001, 0x0B02, 0, 0, OffsetArray.of(offs));
    }

}
