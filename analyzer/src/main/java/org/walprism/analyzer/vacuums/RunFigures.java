package org.walprism.analyzer.vacuums;

import java.util.BitSet;

/**
 * What one vacuum run did to its table's pages, counted from its records. A record whose block 0 carried a
 * full-page image instead of its data does not hold its counts (PostgreSQL leaves the data out then); its figures
 * are then read from the page its image restores (line pointers and tuple headers after the change) and counted as
 * {@link Count#fromImages() estimated}, or, for a page emptied of all its line pointers (or an image that does not
 * restore), the record is counted as {@link Count#unknownRecords() unknown}.
 */
public final class RunFigures {
    /** A count: the part the records state, the part read from page images, and records that said nothing. */
    public static final class Count {
        long exact;
        long fromImages;
        long imageRecords;
        long unknownRecords;

        /** The total: stated plus read from images. */
        public long value() {
            return exact + fromImages;
        }

        /** The part the records' data states. */
        public long stated() {
            return exact;
        }

        /** The part read from page images after the change (pre-existing items are included there). */
        public long fromImages() {
            return fromImages;
        }

        /** Records whose count is not known (a page emptied of its line pointers, an image that does not restore). */
        public long unknownRecords() {
            return unknownRecords;
        }

        /** Records whose count was read from their page image. */
        public long imageRecords() {
            return imageRecords;
        }

        /** Whether every record stated its count. */
        public boolean isExact() {
            return imageRecords == 0 && unknownRecords == 0;
        }

        void image(long n) {
            fromImages += n;
            imageRecords++;
        }
    }

    final BitSet heapPages = new BitSet();
    final BitSet pagesPruned = new BitSet();
    final BitSet pagesFrozen = new BitSet();
    final BitSet pagesAllVisible = new BitSet();
    final BitSet pagesAllFrozen = new BitSet();
    final BitSet deadItemPages = new BitSet();
    final Count tuplesRemoved = new Count();
    final Count tuplesFrozen = new Count();
    final Count deadItemsRemoved = new Count();
    int indexPasses;
    boolean indexSinceRound;

    /** Distinct heap pages the run wrote records for (first and second pass, VM bits). */
    public int heapPagesWritten() {
        return heapPages.cardinality();
    }

    /** Pages whose first-pass record removed or redirected tuples. */
    public int pagesPruned() {
        return pagesPruned.cardinality();
    }

    /** Pages with tuples frozen. */
    public int pagesFrozen() {
        return pagesFrozen.cardinality();
    }

    /** Pages marked all-visible in the visibility map. */
    public int pagesAllVisible() {
        return pagesAllVisible.cardinality();
    }

    /** Pages marked all-frozen in the visibility map. */
    public int pagesAllFrozen() {
        return pagesAllFrozen.cardinality();
    }

    /** Pages whose LP_DEAD items the second heap pass made unused. */
    public int deadItemPages() {
        return deadItemPages.cardinality();
    }

    /** Tuples the first pass removed: redirected, now-dead and now-unused items of its prune records. */
    public Count tuplesRemoved() {
        return tuplesRemoved;
    }

    /** Tuples frozen. */
    public Count tuplesFrozen() {
        return tuplesFrozen;
    }

    /** Dead item identifiers the second heap pass made unused. */
    public Count deadItemsRemoved() {
        return deadItemsRemoved;
    }

    /**
     * Pages truncation removed, at least: the highest page the run wrote plus one, less the new size (the WAL does
     * not hold the size before truncation); 0 without truncation.
     */
    public long pagesRemovedAtLeast(long truncatedTo) {
        return truncatedTo < 0 ? 0 : Math.max(0, heapPages.length() - truncatedTo);
    }

    /** Index vacuum passes: rounds of the second heap pass that index records preceded. */
    public int indexPasses() {
        return indexPasses;
    }
}
