package org.walprism.analyzer.vacuums;

import static org.walprism.codec.image.PageImages.LP_DEAD;
import static org.walprism.codec.image.PageImages.LP_REDIRECT;
import static org.walprism.codec.image.PageImages.LP_UNUSED;

import org.walprism.analyzer.relmap.HeapTuples;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.FreezePage;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.heap2.Heap2Record;
import org.walprism.codec.rmgr.heap2.HeapPrune;
import org.walprism.codec.rmgr.heap2.HeapVacuum;
import org.walprism.codec.rmgr.heap2.PruneFreeze;
import org.walprism.codec.rmgr.heap2.Visible;

/**
 * Counts what a run's Heap2 records did to the table's pages ({@link RunFigures}), from the codec's typed
 * records; where block 0 carried an image instead of the record's data, from the page the image restores.
 */
final class Figures {
    private final HeapTuples pages = new HeapTuples();

    /** Whether a 13 CLEAN record is VACUUM's second heap pass (only unused items), as the categories decide. */
    static boolean isSecondPassClean(RecordView v) {
        if (v.version() != WalVersion.PG13 || v.mainDataLength() < 8) {
            return false;
        }
        // xl_heap_clean => latestRemovedXid: uint32, nredirected: uint16, ndead: uint16
        int m = v.mainDataIndex();
        return v.u16(m + 4) == 0 && v.u16(m + 6) == 0;
    }

    void add(RunFigures f, Phase phase, RecordView v) {
        if (v.rmid() != RmgrTable.HEAP2) {
            return;
        }
        Heap2Record rec = decode(v);
        if (rec == null) {
            return;
        }
        int b0 = index(v, 0);
        long blk = b0 >= 0 ? v.blockNumber(b0) : -1;
        boolean image = b0 >= 0 && (v.forkFlags(b0) & BlockRef.HAS_IMAGE) != 0;
        if (rec instanceof Visible vis) {
            int heap = index(v, 1);
            if (heap >= 0) {
                vm(f, (int) v.blockNumber(heap), vis.vmFlags());
            }
            return;
        }
        if (blk < 0) {
            return;
        }
        int page = (int) blk;
        f.heapPages.set(page);
        if (rec instanceof HeapPrune hp) {
            if (phase == Phase.HEAP_VACUUM) {
                secondPass(f, page, hp.blockData() ? hp.unused().size() : -1, v, b0);
                return;
            }
            int stated = hp.nredirected() + hp.ndead() + (hp.blockData() ? hp.unused().size() : 0);
            f.tuplesRemoved.exact += stated;
            if (!hp.blockData() && image) {
                // nunused is implied by the data length, which the image replaced: read the items now unused
                int[] c = pages.census(v, b0);
                if (c == null || empty(c)) {
                    f.tuplesRemoved.unknownRecords++;
                } else {
                    f.tuplesRemoved.image(c[LP_UNUSED]);
                    stated += c[LP_UNUSED];
                }
            }
            if (stated > 0 || !hp.blockData()) {
                f.pagesPruned.set(page);
            }
        } else if (rec instanceof HeapVacuum hv) {
            secondPass(f, page, hv.nunused(), v, b0);
        } else if (rec instanceof FreezePage fp) {
            f.pagesFrozen.set(page);
            if (fp.blockData() || v.version() != WalVersion.PG16) {
                f.tuplesFrozen.exact += fp.nfrozen();
            } else {
                frozenFromImage(f, v, b0);
            }
        } else if (rec instanceof PruneFreeze pf) {
            pruneFreeze(f, page, pf, v, b0);
        }
    }

    private void pruneFreeze(RunFigures f, int page, PruneFreeze pf, RecordView v, int b0) {
        int flags = pf.flags();
        vm(f, page, pf.vmFlags());
        if (pf.reason() == PruneFreeze.Reason.VACUUM_CLEANUP) {
            secondPass(f, page, pf.blockData() ? pf.unused().size() : -1, v, b0);
            return;
        }
        boolean prunes = (flags & (PruneFreeze.XLHP_HAS_REDIRECTIONS | PruneFreeze.XLHP_HAS_DEAD_ITEMS
                | PruneFreeze.XLHP_HAS_NOW_UNUSED_ITEMS)) != 0;
        boolean freezes = (flags & PruneFreeze.XLHP_HAS_FREEZE_PLANS) != 0;
        if (prunes) {
            f.pagesPruned.set(page);
        }
        if (freezes) {
            f.pagesFrozen.set(page);
        }
        if (pf.blockData()) {
            f.tuplesRemoved.exact += pf.redirected().size() / 2 + pf.dead().size() + pf.unused().size();
            f.tuplesFrozen.exact += pf.frozenOffsets().size();
            return;
        }
        if (!prunes && !freezes) {
            return;
        }
        int[] c = pages.census(v, b0);
        if (c == null) {
            if (prunes) {
                f.tuplesRemoved.unknownRecords++;
            }
            if (freezes) {
                f.tuplesFrozen.unknownRecords++;
            }
            return;
        }
        if (prunes && empty(c)) {
            // every item went unused and the line pointer array was truncated away: how many is not left
            f.tuplesRemoved.unknownRecords++;
        } else if (prunes) {
            f.tuplesRemoved.image(((flags & PruneFreeze.XLHP_HAS_REDIRECTIONS) != 0 ? c[LP_REDIRECT] : 0)
                    + ((flags & PruneFreeze.XLHP_HAS_DEAD_ITEMS) != 0 ? c[LP_DEAD] : 0)
                    + ((flags & PruneFreeze.XLHP_HAS_NOW_UNUSED_ITEMS) != 0 ? c[LP_UNUSED] : 0));
        }
        if (freezes) {
            f.tuplesFrozen.image(c[HeapTuples.FROZEN]);
        }
    }

    private void frozenFromImage(RunFigures f, RecordView v, int b0) {
        int[] c = pages.census(v, b0);
        if (c == null) {
            f.tuplesFrozen.unknownRecords++;
        } else {
            f.tuplesFrozen.image(c[HeapTuples.FROZEN]);
        }
    }

    /** A second-pass record: {@code unused} items made unused (-1: not stated, read the image). */
    private void secondPass(RunFigures f, int page, int unused, RecordView v, int b0) {
        f.deadItemPages.set(page);
        if (f.indexSinceRound) {
            f.indexPasses++;
            f.indexSinceRound = false;
        }
        if (unused >= 0) {
            f.deadItemsRemoved.exact += unused;
            return;
        }
        int[] c = pages.census(v, b0);
        if (c == null || empty(c)) {
            f.deadItemsRemoved.unknownRecords++;
        } else {
            f.deadItemsRemoved.image(c[LP_UNUSED]);
        }
    }

    /** A page image without line pointers (all were unused and truncated away). */
    private static boolean empty(int[] census) {
        return census[0] + census[1] + census[2] + census[3] == 0;
    }

    private static void vm(RunFigures f, int page, int vmFlags) {
        if ((vmFlags & Visible.VISIBILITYMAP_ALL_VISIBLE) != 0) {
            f.pagesAllVisible.set(page);
        }
        if ((vmFlags & Visible.VISIBILITYMAP_ALL_FROZEN) != 0) {
            f.pagesAllFrozen.set(page);
        }
    }

    private static int index(RecordView v, int id) {
        for (int i = 0; i < v.blockCount(); i++) {
            if (v.blockId(i) == id) {
                return i;
            }
        }
        return -1;
    }

    private static Heap2Record decode(RecordView v) {
        int b0 = index(v, 0);
        byte[] main = new byte[v.mainDataLength()];
        v.copyBytes(v.mainDataIndex(), main, 0, main.length);
        byte[] data = new byte[b0 < 0 ? 0 : v.blockDataLength(b0)];
        if (b0 >= 0) {
            v.copyBytes(v.blockDataIndex(b0), data, 0, data.length);
        }
        try {
            return Heap2Codec.decode(v.version(), v.info(), main, data);
        } catch (InvalidPayloadException e) {
            return null;
        }
    }
}
