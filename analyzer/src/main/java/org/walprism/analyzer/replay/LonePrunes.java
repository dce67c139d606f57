package org.walprism.analyzer.replay;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.walprism.codec.record.RelFileLocator;

/**
 * Decides, for each lone PRUNE of a 13-16 stream (a prune with no freeze, visibility or second-pass record on the
 * same page after it), whether it was VACUUM's first heap pass or an on-access prune (heap_page_prune_opt): those
 * designs log both as the same record, 17 and later as PRUNE_VACUUM_SCAN or PRUNE_ON_ACCESS. Fed the slots of a
 * stream in order ({@link #observe}), then {@link #finish}; {@link #isScan} answers by the lone prune's ordinal.
 *
 * <p>lazy_scan_heap visits a relation's blocks in ascending order; its index and second-pass rounds
 * (lazy_vacuum) interrupt the scan without moving it back. So per relation, first-pass candidates (lone
 * prunes and the steps that are first-pass for certain: a prune or freeze followed by a freeze or
 * visibility record) are gathered into chains of strictly ascending blocks; a candidate at or behind the
 * chain's last block starts a new chain (a new VACUUM, or a prune by another backend). A chain is the
 * VACUUM's scan when it holds a certain first-pass step, or when a second-pass record (LP_DEAD items made
 * unused) of one of its pruned blocks arrives while the chain is still the relation's current one: then
 * the prune made dead items that this VACUUM's second pass removed. Other lone prunes stay on-access.
 * A prune by another backend that lands inside a running VACUUM's chain is counted as the scan's; the
 * designs do not record which backend pruned.
 *
 * <p>Then the scan's own position overrides that where the stream shows it: the certain steps of a relation mark
 * where its scan was, in ascending blocks; a lone prune logged between two consecutive certain steps at blocks
 * {@code p < q} was the scan's own when its block lies between them, and another backend's on-access prune when it
 * lies behind {@code p} (already scanned) or at or beyond {@code q} (VACUUM visits each block once, and reached that
 * one only later). A lone prune with no certain step of the relation after it (the scan's last stretch, or a VACUUM
 * that only prunes) keeps what the chains decided.
 *
 * <p>Memory: one bit per lone prune of the stream (the answer), and per relation the lone prunes still waiting for
 * their chain's end or for the relation's next certain step, with the blocks of the current chain's pruned pages:
 * bounded by the heap pages a VACUUM has pruned and not yet revisited, not by the length of the stream.
 */
final class LonePrunes {
    /** Bit n: the n-th lone prune of the stream was VACUUM's scan. */
    private long[] scan = new long[16];
    private long count;
    private final Map<RelFileLocator, Rel> rels = new HashMap<>();

    /** A run of first-pass candidates of one relation at strictly ascending blocks. */
    private static final class Chain {
        long last = -1;
        boolean anchored;
        /** Lone prunes of the chain waiting for its end (none once anchored: they are the scan's). */
        final Longs waiting = new Longs();
        /** Blocks of the chain's lone prunes that left dead items, ascending. */
        final Longs prunedBlocks = new Longs();

        void close(LonePrunes d) {
            for (int i = 0; i < waiting.size; i++) {
                d.set(waiting.at(i), anchored);
            }
            waiting.clear();
        }
    }

    private static final class Rel {
        Chain chain;
        boolean hasCertain;
        long lastCertain;
        /** Lone prunes after the certain step at {@link #lastCertain}, waiting for the next one: ordinals, blocks. */
        final Longs placing = new Longs();
        final Longs placingBlocks = new Longs();
    }

    /** Takes the next slot of the stream. */
    void observe(StepScanner.Slot s) {
        PageOp op = s.op();
        if (op == null) {
            return;
        }
        if (op.rel == null) {
            if (s.lonePrune()) {
                set(count++, true);  // no relation to reason about: it stays a first-pass prune
            }
            return;
        }
        Rel rel = rels.computeIfAbsent(op.rel, k -> new Rel());
        Chain c = rel.chain;
        if (op.phase == PageOp.Phase.CLEANUP) {
            if (c != null && !op.unusedVacuumed.isEmpty() && c.prunedBlocks.containsSorted(op.block)) {
                anchor(c);
            }
            return;
        }
        if (op.phase != PageOp.Phase.SCAN) {
            return;  // a 17+ on-access prune says so itself
        }
        if (c == null || op.block <= c.last) {
            if (c != null) {
                c.close(this);
            }
            c = new Chain();
            rel.chain = c;
        }
        c.last = op.block;
        if (s.lonePrune()) {
            long n = count++;
            if (c.anchored) {
                set(n, true);
            } else {
                c.waiting.add(n);
            }
            if (!op.dead.isEmpty()) {
                c.prunedBlocks.add(op.block);
            }
            if (rel.hasCertain) {
                rel.placing.add(n);
                rel.placingBlocks.add(op.block);
            }
        } else {
            anchor(c);
            // a certain step: the lone prunes since the previous one are placed between the two
            long p = rel.lastCertain;
            long q = op.block;
            if (q > p) {
                for (int i = 0; i < rel.placing.size; i++) {
                    long b = rel.placingBlocks.at(i);
                    set(rel.placing.at(i), b > p && b < q);
                }
            }
            rel.placing.clear();
            rel.placingBlocks.clear();
            rel.hasCertain = true;
            rel.lastCertain = q;
        }
    }

    /** Ends the stream: every open chain closes, and lone prunes with no certain step after them keep its decision. */
    void finish() {
        for (Rel r : rels.values()) {
            if (r.chain != null) {
                r.chain.close(this);
            }
        }
        rels.clear();
    }

    /** Whether lone prune {@code n} (0 = the stream's first) was VACUUM's scan rather than an on-access prune. */
    boolean isScan(long n) {
        int w = (int) (n >>> 6);
        return w < scan.length && (scan[w] & 1L << n) != 0;
    }

    private void anchor(Chain c) {
        c.anchored = true;
        c.close(this);
    }

    private void set(long n, boolean value) {
        int w = (int) (n >>> 6);
        if (w >= scan.length) {
            scan = Arrays.copyOf(scan, Math.max(w + 1, scan.length * 2));
        }
        if (value) {
            scan[w] |= 1L << n;
        } else {
            scan[w] &= ~(1L << n);
        }
    }

    /** A growable array of longs. */
    private static final class Longs {
        long[] a = new long[4];
        int size;

        void add(long v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        long at(int i) {
            return a[i];
        }

        boolean containsSorted(long v) {
            return Arrays.binarySearch(a, 0, size, v) >= 0;
        }

        void clear() {
            size = 0;
            if (a.length > 64) {
                a = new long[4];
            }
        }
    }
}
