package org.walprism.analyzer.generate;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.record.BlockImage;

/**
 * A table described by its shape: rows of one length inserted at a fillfactor, then updated. {@link #derive}
 * places tuples as PostgreSQL does and yields the pages VACUUM finds.
 *
 * <p>Placement rules re-expressed from src/backend/access/heap/hio.c (RelationGetBufferForTuple) and
 * heapam.c (heap_update): an insert goes to the current target page while
 * {@code PageGetHeapFreeSpace >= len + saveFreeSpace} ({@code saveFreeSpace = BLCKSZ * (100 - fillfactor) / 100}),
 * else to a new page; an update stays on its page when {@code PageGetHeapFreeSpace >= len} (no fillfactor
 * check) and is HOT there unless it changes an indexed column; otherwise the new version goes to the
 * target page (the last one) under the fillfactor rule. HOT updates prune the page first
 * ({@code heap_page_prune_opt}) when it has prunable tuples and
 * {@code PageGetHeapFreeSpace < Max(saveFreeSpace, BLCKSZ / 10)}.
 *
 * @param rows          rows inserted
 * @param tupleLength   {@code t_len} of one row
 * @param fillfactor    10..100
 * @param updatedRows   rows updated once, in physical order, spread evenly over the table
 * @param updateIndexed the update changes an indexed column (never HOT)
 * @param hotUpdates    updates of one row at a time (HOT when room) with on-access pruning
 * @param hotStride     the i-th HOT update (1-based) changes row {@code (i * hotStride) % rows}
 */
public record TableShape(int rows, int tupleLength, int fillfactor, int updatedRows, boolean updateIndexed,
                         int hotUpdates, int hotStride) {

    /** Checks the counts. */
    public TableShape {
        if (rows <= 0 || tupleLength < 24 || fillfactor < 10 || fillfactor > 100 || updatedRows < 0
                || updatedRows > rows || hotUpdates < 0 || hotStride <= 0) {
            throw new IllegalArgumentException("table: rows > 0, tupleLength >= 24, fillfactor 10..100, "
                    + "0 <= updatedRows <= rows, hotUpdates >= 0, hotStride > 0");
        }
        if (updatedRows > 0 && hotUpdates > 0) {
            throw new IllegalArgumentException("table: use either updatedRows or hotUpdates, not both");
        }
    }

    /** {@code RelationGetTargetPageFreeSpace}. */
    int saveFreeSpace() {
        return BlockImage.BLCKSZ * (100 - fillfactor) / 100;
    }

    /** Page state during placement. */
    private static final class Page {
        int linePointers;
        int stored;          // tuples with storage
        int live;
        int dead;            // non-HOT dead versions
        int freeLinePointers;
        int pendingHot;      // HOT chains with dead members not yet pruned
        int[] rowDeadVersions = new int[0];
        boolean[] rowRedirected = new boolean[0];
        int firstRow;
        int rowCount;

        int freeSpace(int stored) {
            return HeapPage.heapFreeSpace(linePointers, this.stored * stored);
        }

        void addTuple() {
            if (freeLinePointers > 0) {
                freeLinePointers--;
            } else {
                linePointers++;
            }
            stored++;
        }
    }

    /** Places the rows and runs the updates; every live tuple needs freezing when {@code freezeAll}. */
    public Derivation derive(boolean freezeAll) {
        int len = HeapPage.maxAlign(tupleLength);
        int save = saveFreeSpace();
        List<Page> pages = new ArrayList<>();
        Page target = null;
        int[] pageOfRow = new int[rows];
        for (int r = 0; r < rows; r++) {
            if (target == null || target.freeSpace(len) < len + save
                    || target.linePointers >= PageGroup.MAX_HEAP_TUPLES_PER_PAGE) {
                target = new Page();
                target.firstRow = r;
                pages.add(target);
            }
            target.addTuple();
            target.live++;
            target.rowCount++;
            pageOfRow[r] = pages.size() - 1;
        }
        List<Derivation.PruneEvent> events = new ArrayList<>();
        if (updatedRows > 0) {
            for (int r = 0; r < rows; r++) {
                long before = (long) r * updatedRows / rows;
                long after = (long) (r + 1) * updatedRows / rows;
                if (after == before) {
                    continue;
                }
                Page p = pages.get(pageOfRow[r]);
                if (p.freeSpace(len) >= len && p.linePointers < PageGroup.MAX_HEAP_TUPLES_PER_PAGE) {
                    p.addTuple();
                    if (updateIndexed) {
                        p.dead++;
                    } else {
                        p.pendingHot++;  // the old version is a HOT root to redirect
                    }
                    continue;
                }
                p.dead++;
                p.live--;
                if (target.freeSpace(len) < len + save || target.linePointers >= PageGroup.MAX_HEAP_TUPLES_PER_PAGE) {
                    target = new Page();
                    pages.add(target);
                }
                target.addTuple();
                target.live++;
            }
        }
        if (hotUpdates > 0) {
            runHot(pages, pageOfRow, len, save, events);
        }
        List<PageGroup> out = new ArrayList<>(pages.size());
        for (Page p : pages) {
            int redirects = p.pendingHot;
            int unused = 0;
            for (int i = 0; i < p.rowDeadVersions.length; i++) {
                int dv = p.rowDeadVersions[i];
                if (dv > 0) {
                    redirects++;
                    unused += p.rowRedirected[i] ? dv : dv - 1;
                }
            }
            out.add(new PageGroup(1, tupleLength, p.linePointers, p.live, freezeAll ? p.live : 0, p.dead,
                    redirects, unused, true));
        }
        return new Derivation(out, events);
    }

    private void runHot(List<Page> pages, int[] pageOfRow, int len, int save, List<Derivation.PruneEvent> events) {
        int minFree = Math.max(save, BlockImage.BLCKSZ / 10);
        for (Page p : pages) {
            p.rowDeadVersions = new int[p.rowCount];
            p.rowRedirected = new boolean[p.rowCount];
        }
        boolean[] seen = new boolean[pages.size()];
        for (long i = 1; i <= hotUpdates; i++) {
            int row = (int) ((i * hotStride) % rows);
            int block = pageOfRow[row];
            Page p = pages.get(block);
            if (!seen[block]) {
                seen[block] = true;
                events.add(new Derivation.PruneEvent(block, true, 0, 0, p.linePointers, p.stored));
            }
            boolean prunable = false;
            for (int dv : p.rowDeadVersions) {
                prunable |= dv > 0;
            }
            if (prunable && p.freeSpace(len) < minFree) {
                int redirects = 0;
                int unused = 0;
                for (int k = 0; k < p.rowCount; k++) {
                    int dv = p.rowDeadVersions[k];
                    if (dv == 0) {
                        continue;
                    }
                    redirects++;
                    int freed = p.rowRedirected[k] ? dv : dv - 1;
                    unused += freed;
                    p.freeLinePointers += freed;
                    p.stored -= dv;
                    p.rowRedirected[k] = true;
                    p.rowDeadVersions[k] = 0;
                }
                events.add(new Derivation.PruneEvent(block, false, redirects, unused, p.linePointers, p.stored));
            }
            if (p.freeSpace(len) < len) {
                throw new IllegalArgumentException("HOT update " + i + " finds no room on block " + block
                        + "; describe this workload with page groups");
            }
            p.addTuple();
            p.rowDeadVersions[row - p.firstRow]++;
        }
    }
}
