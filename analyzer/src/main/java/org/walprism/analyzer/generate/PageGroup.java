package org.walprism.analyzer.generate;

/**
 * Heap pages that look alike just before VACUUM reaches them: how many line pointers they hold and what
 * VACUUM will find behind each.
 *
 * <p>Line pointers are numbered 1..{@code linePointers}. Of them, {@code live} hold tuples that stay
 * ({@code freeze} of those still need freezing), {@code dead} hold non-HOT dead tuples (pruned to LP_DEAD,
 * or straight to LP_UNUSED when the table has no index in 17+), {@code redirects} are HOT chain roots the
 * prune (re)points at their newest member, {@code unused} are dead heap-only tuples the prune marks
 * LP_UNUSED; the rest are already redirects or unused slots and cost only their 4 bytes.
 *
 * @param pages        number of pages in the group
 * @param tupleLength  stored length of one tuple ({@code t_len}); storage is its MAXALIGN
 * @param linePointers line pointers on the page ({@code PageGetMaxOffsetNumber})
 * @param live         tuples that remain after the prune
 * @param freeze       live tuples VACUUM freezes now
 * @param dead         dead tuples of non-HOT updates and deletes
 * @param redirects    HOT chains whose root gets a new redirect
 * @param unused       dead heap-only tuples made LP_UNUSED by the prune
 * @param allFrozen    whether the page is all-frozen once vacuumed (otherwise only all-visible)
 */
public record PageGroup(int pages, int tupleLength, int linePointers, int live, int freeze, int dead,
                        int redirects, int unused, boolean allFrozen) {

    /** {@code MaxHeapTuplesPerPage} for 8 kB pages. */
    public static final int MAX_HEAP_TUPLES_PER_PAGE = 291;

    /** Checks the counts. */
    public PageGroup {
        if (pages < 0 || tupleLength < 24 || linePointers < 0 || live < 0 || freeze < 0 || dead < 0
                || redirects < 0 || unused < 0) {
            throw new IllegalArgumentException("page group values must be >= 0 and tupleLength >= 24");
        }
        if (freeze > live) {
            throw new IllegalArgumentException("freeze (" + freeze + ") exceeds live (" + live + ")");
        }
        if (live + dead + redirects + unused > linePointers || linePointers > MAX_HEAP_TUPLES_PER_PAGE) {
            throw new IllegalArgumentException("live + dead + redirects + unused must fit in linePointers <= "
                    + MAX_HEAP_TUPLES_PER_PAGE);
        }
    }

    /** MAXALIGN(tupleLength): bytes one tuple occupies. */
    public int storedTupleLength() {
        return HeapPage.maxAlign(tupleLength);
    }

    /** Whether the first pass prunes anything (redirects, dead or unused items). */
    public boolean prunes() {
        return dead > 0 || redirects > 0 || unused > 0;
    }
}
