package org.walprism.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.walprism.analyzer.categories.TimeRange;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.ForkableSource;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.spark.fs.ArchiveRoots;
import org.walprism.codec.WalFormatException;
import scala.Tuple2;
import scala.Tuple3;

/**
 * {@code --since} / {@code --until} for the job, with the CLI's own logic ({@link TimeRange}): every root's range is
 * narrowed to the LSNs the CLI would find, by a first pass over its tasks. Each task runs a {@link TimeRange.Sink}
 * over its chunk; the driver checks the seams (where the WAL ends), merges the sinks in LSN order
 * ({@link TimeRange.Sink#merge}) and maps the result to LSNs ({@link TimeRange#lsns}, {@link TimeRange#narrow}),
 * exactly as {@code stats --since/--until} does with its threads. The range starts after the last commit or abort
 * before {@code --since} and ends after the last one at or before {@code --until}.
 *
 * <p>Cost: one more read of each root's WAL (the decode only; nothing is counted).
 */
final class FleetTimeRange {
    private FleetTimeRange() {
    }

    /**
     * {@code o} with each root's range narrowed to {@code o.since()} / {@code o.until()} (unchanged without); the
     * roots are read through {@code files} (local paths, HDFS, object storage), as the job reads them.
     */
    static WalFleetJob.Options narrow(JavaSparkContext jsc, WalFleetJob.Options o, ArchiveRoots files) {
        if (o.since() == 0 && o.until() == 0) {
            return o;
        }
        long since = o.since();
        long until = o.until();
        List<WalFleetJob.Task> tasks = WalFleetJob.plan(o, files);
        List<Tuple3<WalFleetJob.Task, ParallelWalScan.ChunkInfo, TimeRange.Sink>> found = jsc
                .parallelize(tasks, Math.max(1, tasks.size()))
                .map(t -> {
                    try (ForkableSource src = files.open(t.path(), t.timeline())) {
                        TimeRange.Sink sink = new TimeRange.Sink(since, until);
                        ParallelWalScan.ChunkInfo info = ParallelWalScan.readChunk(sink, src,
                                Lsn.of(t.chunkStart()), Lsn.of(t.stop()), Lsn.bound(t.endLsn()), t.firstChunk());
                        return new Tuple3<>(t, info, sink);
                    } catch (WalFormatException e) {
                        // opening failed (decoding errors are in the result): the task fails, Spark retries it
                        throw new RootFailure(t.path(), t.path(), e);
                    }
                }).collect();
        List<Tuple2<WalFleetJob.Task, ParallelWalScan.ChunkInfo>> infos = new ArrayList<>();
        found.forEach(f -> infos.add(new Tuple2<>(f._1(), f._2())));
        Map<Integer, WalFleetJob.RootRange> ranges = WalFleetJob.seams(o, infos, files);
        List<WalFleetJob.Root> roots = new ArrayList<>();
        for (int ri = 0; ri < o.roots().size(); ri++) {
            WalFleetJob.Root root = o.roots().get(ri);
            WalFleetJob.RootRange range = ranges.get(ri);
            List<Tuple3<WalFleetJob.Task, ParallelWalScan.ChunkInfo, TimeRange.Sink>> mine = new ArrayList<>();
            for (Tuple3<WalFleetJob.Task, ParallelWalScan.ChunkInfo, TimeRange.Sink> f : found) {
                if (f._1().root() == ri && f._1().index() < range.usedTasks()) {
                    mine.add(f);
                }
            }
            mine.sort((x, y) -> Integer.compare(x._1().index(), y._1().index()));
            TimeRange.Sink merged = mine.get(0)._3();
            for (int i = 1; i < mine.size(); i++) {
                merged = TimeRange.Sink.merge(merged, mine.get(i)._3());
            }
            long[] n;
            try {
                n = TimeRange.narrow(root.startLsn(), root.endLsn(), since, until,
                        TimeRange.lsns(merged, range.end()), o.sinceText(), o.untilText());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(root.cluster() + ": " + e.getMessage(), e);
            }
            roots.add(new WalFleetJob.Root(root.cluster(), root.path(), n[0], n[1]));
        }
        return o.withRoots(roots);
    }
}
