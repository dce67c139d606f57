package org.walprism.spark;

import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.walprism.analyzer.categories.PageLayout;

/**
 * What the driver decides from the tasks' {@link FleetSink.Edges}, in LSN order per root, before the buckets are
 * merged: where each task's {@link FleetSink#PENDING} records go, the layout bytes between two tasks, and the
 * layout of each timeline's whole range. Small; shipped to the merge stage with its closure.
 *
 * <p>Time buckets across task seams, as the CLI's {@code TimeBuckets.merge} does it: a task's records before its
 * first commit or abort time belong to the bucket the previous task ended in (the latest time before them); where
 * no earlier task has a time, they are records before the root's first time, and count in the root's earliest
 * bucket ({@code TimeBuckets.buckets()}); a root without any time has no time buckets (its whole-range rows
 * remain).
 */
final class FleetPlacement implements Serializable {
    private static final long serialVersionUID = 1L;

    /** root -> task index -> bucket of its pending records (absent: none to place). */
    private final Map<Integer, Map<Integer, Long>> pending = new HashMap<>();
    /** root -> task index -> layout bytes between the previous task's last record and its first. */
    private final Map<Integer, Map<Integer, long[]>> seams = new HashMap<>();
    /** root -> timeline -> layout of its whole range. */
    private final Map<Integer, TreeMap<Integer, PageLayout>> timelines = new HashMap<>();
    /** root -> records before its first time. */
    private final Map<Integer, Long> untimed = new HashMap<>();

    /** Places the used tasks {@code edges} (in LSN order) of root {@code root}. */
    void root(int root, long segmentSize, List<FleetSink.Edges> edges, boolean timeBuckets) {
        Map<Integer, Long> p = new HashMap<>();
        Map<Integer, long[]> s = new HashMap<>();
        TreeMap<Integer, PageLayout> tl = new TreeMap<>();
        PageLayout all = new PageLayout(segmentSize);
        Long previous = null;
        Long earliest = null;
        long before = 0;
        for (int i = 0; i < edges.size(); i++) {
            FleetSink.Edges e = edges.get(i);
            if (timeBuckets) {
                if (previous != null) {
                    p.put(i, previous);
                } else {
                    before += e.pendingRecords();
                }
                if (e.lastTimeBucket() != null) {
                    previous = e.lastTimeBucket();
                }
                if (e.earliestTimeBucket() != null) {
                    earliest = earliest == null ? e.earliestTimeBucket() : Math.min(earliest, e.earliestTimeBucket());
                }
            }
            long[] a = FleetSink.figures(all, new long[4]);
            all.merge(e.layout());
            long[] b = FleetSink.figures(all, new long[4]);
            long[] own = FleetSink.figures(e.layout(), new long[4]);
            long[] gap = new long[4];
            for (int j = 0; j < 4; j++) {
                gap[j] = b[j] - a[j] - own[j];
            }
            s.put(i, gap);
            e.timelines().forEach((tli, l) -> tl.computeIfAbsent(tli, k -> new PageLayout(segmentSize)).merge(l));
        }
        if (timeBuckets) {
            // the records before the root's first time: in its earliest bucket (none without any time)
            for (int i = 0; i < edges.size() && !p.containsKey(i); i++) {
                if (earliest != null) {
                    p.put(i, earliest);
                }
            }
            untimed.put(root, before);
        }
        pending.put(root, p);
        seams.put(root, s);
        timelines.put(root, tl);
    }

    /**
     * The bucket key {@code k} of the {@code index}-th task of {@code root} stands for: itself, or for a pending
     * one the bucket it is placed in; it stays {@link FleetSink#PENDING} when it cannot be placed (no time in the
     * root: its records count in the whole range only).
     */
    FleetSink.Key place(int root, int index, FleetSink.Key k) {
        if (k.bucket() != FleetSink.PENDING) {
            return k;
        }
        Long b = pending.getOrDefault(root, Map.of()).get(index);
        return b == null ? k : new FleetSink.Key(k.tli(), b);
    }

    /** Layout bytes between task {@code index} of {@code root} and the one before (charged to its first record). */
    long[] seam(int root, int index) {
        return seams.getOrDefault(root, Map.of()).getOrDefault(index, new long[4]);
    }

    /** The layout of timeline {@code tli}'s whole range in {@code root} (null: no record). */
    PageLayout timeline(int root, int tli) {
        return timelines.getOrDefault(root, new TreeMap<>()).get(tli);
    }

    /** Records before the root's first commit or abort time (time buckets; -1 with LSN buckets). */
    long untimed(int root) {
        return untimed.getOrDefault(root, -1L);
    }
}
