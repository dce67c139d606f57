package org.walprism.analyzer.stats;

import java.nio.file.Path;
import org.walprism.analyzer.desc.RecordCheck;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.source.WalSources;

/**
 * Reads a WAL range and counts every record into a {@link WalStats}, as pg_waldump {@code --stats} does
 * (main loop of src/bin/pg_waldump/pg_waldump.c: {@code stats.startptr} is the first record found,
 * {@code stats.endptr} the reader's {@code EndRecPtr} after the last record counted).
 *
 * <p>Every record is validated as {@code dump} validates it ({@link RecordCheck}) before it is counted.
 * Uses the reader's flyweight {@link RecordView}: nothing is allocated per record. With more than one
 * thread the range is decoded segment by segment in parallel ({@link ParallelWalScan}) and merged in order.
 */
public final class StatsCollector {

    private StatsCollector() {
    }

    /** Reads {@code reader} to the end of its range, on this thread. */
    public static WalStats collect(WalReader reader) {
        return collect(reader, () -> false);
    }

    /** As {@link #collect(WalReader)}, ending early, after the last record counted, when {@code stop} turns true. */
    public static WalStats collect(WalReader reader, java.util.function.BooleanSupplier stop) {
        WalStats stats = new WalStats(reader.version());
        stats.startLsn(reader.firstRecordLsn());
        RecordCheck check = new RecordCheck();
        boolean stopped = false;
        while (true) {
            if (stop.getAsBoolean()) {
                stopped = true;
                break;
            }
            RecordView v = reader.nextView();
            if (v == null) {
                break;
            }
            check.check(v);
            stats.add(v.rmid(), v.info(), Integer.toUnsignedLong(v.totalLength()), v.fpiLength());
        }
        if (stats.count() > 0) {
            stats.endLsn(reader.endOfLastRecord());
        }
        if (!stopped) {
            stats.notices(reader.notices());
        }
        return stats;
    }

    /**
     * Reads {@code path} from {@code startLsn} to {@code endLsn} (pg_waldump semantics, 0 = from the first
     * record / to the end of WAL) on {@code timeline} (0 = default) with {@code threads} threads.
     */
    public static WalStats collect(Path path, long startLsn, long endLsn, int timeline, int threads) {
        return collect(path, startLsn, endLsn, timeline, threads, () -> false);
    }

    /**
     * As {@link #collect(Path, long, long, int, int)}, ending early when {@code stop} turns true (Ctrl-C, as
     * pg_waldump 15+ prints its statistics so far on SIGINT): the statistics then cover a prefix of the range in
     * LSN order, ending after a whole record ({@link WalStats#endLsn()}).
     */
    public static WalStats collect(Path path, long startLsn, long endLsn, int timeline, int threads,
                                   java.util.function.BooleanSupplier stop) {
        if (threads <= 1) {
            try (WalReader r = WalSources.reader(path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline)) {
                return collect(r, stop);
            }
        }
        ParallelWalScan.Result<Sink> res = WalSources.scan(new ParallelWalScan<>(Sink::new, Sink::merge, threads).stopWhen(stop), path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline);
        Sink sink = res.sink();
        WalStats stats = sink.stats != null ? sink.stats : new WalStats(res.version());
        stats.startLsn(res.firstLsn());
        if (stats.count() > 0) {
            stats.endLsn(res.endLsn());
        }
        stats.notices(res.notices());
        return stats;
    }

    /** Per-chunk accumulator for the parallel scan. */
    static final class Sink implements ParallelWalScan.Sink {
        private final RecordCheck check = new RecordCheck();
        WalStats stats;

        @Override
        public void accept(RecordView v) {
            check.check(v);
            if (stats == null) {
                stats = new WalStats(v.version());
            }
            stats.add(v.rmid(), v.info(), Integer.toUnsignedLong(v.totalLength()), v.fpiLength());
        }

        static Sink merge(Sink a, Sink b) {
            if (b.stats == null) {
                return a;
            }
            if (a.stats == null) {
                return b;
            }
            a.stats.merge(b.stats);
            return a;
        }
    }
}
