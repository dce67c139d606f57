package org.walprism.analyzer.generate;

import java.util.ArrayList;
import java.util.List;

/**
 * What a model resolves to: the heap pages in block order as VACUUM finds them, and the on-access prunes
 * that HOT updates caused before it.
 *
 * @param pages     one single-page {@link PageGroup} per heap block, block 0 first
 * @param onAccess  on-access prunes in the order they happened
 */
public record Derivation(List<PageGroup> pages, List<PruneEvent> onAccess) {

    /** Copies the lists. */
    public Derivation {
        pages = List.copyOf(pages);
        onAccess = List.copyOf(onAccess);
    }

    /**
     * A page event of the update phase, in time order: either the first access to a page (its first change
     * after the checkpoint is a heap update record, or with checksums a hint-bit image, neither of which
     * is Heap2), or an on-access prune ({@code heap_page_prune_opt}).
     *
     * @param block        heap block
     * @param firstTouch   the first access to the page in the update phase (no prune)
     * @param redirects    HOT chain roots (re)pointed at their newest member
     * @param unused       dead heap-only tuples made LP_UNUSED
     * @param linePointers line pointers on the page at that moment
     * @param stored       tuples with storage at that moment
     */
    public record PruneEvent(long block, boolean firstTouch, int redirects, int unused, int linePointers,
                             int stored) {

        /** Number of prune events (first touches excluded). */
        public static long prunes(List<PruneEvent> events) {
            return events.stream().filter(e -> !e.firstTouch()).count();
        }
    }

    /** The pages of {@code groups} expanded to one entry per block. */
    public static List<PageGroup> expand(List<PageGroup> groups) {
        List<PageGroup> out = new ArrayList<>();
        for (PageGroup g : groups) {
            PageGroup one = new PageGroup(1, g.tupleLength(), g.linePointers(), g.live(), g.freeze(), g.dead(),
                    g.redirects(), g.unused(), g.allFrozen());
            for (int i = 0; i < g.pages(); i++) {
                out.add(one);
            }
        }
        return out;
    }

    /** Runs of equal consecutive pages folded back into groups. */
    public static List<PageGroup> groups(List<PageGroup> pages) {
        List<PageGroup> out = new ArrayList<>();
        PageGroup run = null;
        int n = 0;
        for (PageGroup p : pages) {
            if (run != null && run.equals(p)) {
                n++;
                continue;
            }
            if (run != null) {
                out.add(withPages(run, n));
            }
            run = p;
            n = 1;
        }
        if (run != null) {
            out.add(withPages(run, n));
        }
        return out;
    }

    private static PageGroup withPages(PageGroup g, int pages) {
        return new PageGroup(pages, g.tupleLength(), g.linePointers(), g.live(), g.freeze(), g.dead(),
                g.redirects(), g.unused(), g.allFrozen());
    }

    /** Resolves {@code model}: derives the table shape, or expands the explicit groups. */
    public static Derivation of(WorkloadModel model) {
        if (model.table() != null) {
            return model.table().derive(model.freezeAll());
        }
        List<PageGroup> pages = expand(model.groups());
        if (!model.freezeAll()) {
            return new Derivation(pages, List.of());
        }
        List<PageGroup> frozen = new ArrayList<>(pages.size());
        for (PageGroup g : pages) {
            frozen.add(new PageGroup(1, g.tupleLength(), g.linePointers(), g.live(), g.live(), g.dead(),
                    g.redirects(), g.unused(), true));
        }
        return new Derivation(frozen, List.of());
    }
}
