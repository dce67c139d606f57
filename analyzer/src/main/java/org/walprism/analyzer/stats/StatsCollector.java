package org.walprism.analyzer.stats;

import java.nio.file.Path;
import org.walprism.codec.page.PageHeader;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.read.WalDirectory;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Reads a WAL range and counts every record into a {@link WalStats}, as pg_waldump {@code --stats} does
 * (main loop of src/bin/pg_waldump/pg_waldump.c: {@code stats.startptr} is the first record found,
 * {@code stats.endptr} the reader's {@code EndRecPtr} after the last record counted).
 *
 * <p>Uses the reader's flyweight {@link RecordView}: nothing is allocated per record. With more than one
 * thread the range is decoded segment by segment in parallel ({@link ParallelWalScan}) and merged in order.
 */
public final class StatsCollector {

    /** {@code XLOG_SWITCH}: xlogreader pretends this record extends to the end of its segment. */
    private static final int XLOG_SWITCH = 0x40;
    private static final int BLCKSZ = PageHeader.XLOG_BLCKSZ;

    private StatsCollector() {
    }

    /** Reads {@code reader} to the end of its range, on this thread. */
    public static WalStats collect(WalReader reader) {
        WalStats stats = new WalStats(reader.version());
        stats.startLsn(reader.firstRecordLsn());
        RecordView v;
        boolean lastWasSwitch = false;
        while ((v = reader.nextView()) != null) {
            int rmid = v.rmid();
            int info = v.info();
            stats.add(rmid, info, Integer.toUnsignedLong(v.totalLength()), v.fpiLength());
            lastWasSwitch = isSwitch(rmid, info);
        }
        if (stats.count() > 0) {
            long end = reader.endOfLastRecord();
            stats.endLsn(lastWasSwitch ? segmentCeil(end, reader.segmentSize()) : end);
        }
        return stats;
    }

    /**
     * Reads {@code path} from {@code startLsn} to {@code endLsn} (pg_waldump semantics, 0 = from the first
     * record / to the end of WAL) on {@code timeline} (0 = default) with {@code threads} threads.
     */
    public static WalStats collect(Path path, long startLsn, long endLsn, int timeline, int threads) {
        if (threads <= 1) {
            try (WalReader r = WalReader.open(path, startLsn, endLsn, timeline)) {
                return collect(r);
            }
        }
        ParallelWalScan.Result<Sink> res = new ParallelWalScan<>(Sink::new, Sink::merge, threads)
                .scan(path, startLsn, endLsn, timeline);
        Sink sink = res.sink();
        long segSize;
        try (WalDirectory dir = WalDirectory.open(path, timeline)) {
            segSize = dir.segmentSize();
        }
        WalStats stats = sink.stats != null ? sink.stats : new WalStats(res.version());
        stats.startLsn(res.firstLsn());
        if (stats.count() > 0) {
            stats.endLsn(sink.lastEnd(segSize));
        }
        return stats;
    }

    /** Per-chunk accumulator for the parallel scan: the statistics plus where its last record ended. */
    static final class Sink implements ParallelWalScan.Sink {
        WalStats stats;
        long lastLsn;
        long lastTotalLength;
        boolean lastWasSwitch;

        @Override
        public void accept(RecordView v) {
            if (stats == null) {
                stats = new WalStats(v.version());
            }
            int rmid = v.rmid();
            int info = v.info();
            long tot = Integer.toUnsignedLong(v.totalLength());
            stats.add(rmid, info, tot, v.fpiLength());
            lastLsn = v.lsn();
            lastTotalLength = tot;
            lastWasSwitch = isSwitch(rmid, info);
        }

        static Sink merge(Sink a, Sink b) {
            if (b.stats == null) {
                return a;
            }
            if (a.stats == null) {
                return b;
            }
            a.stats.merge(b.stats);
            a.lastLsn = b.lastLsn;
            a.lastTotalLength = b.lastTotalLength;
            a.lastWasSwitch = b.lastWasSwitch;
            return a;
        }

        /** {@code EndRecPtr} after this chunk's last record. */
        long lastEnd(long segSize) {
            long end = recordEnd(lastLsn, lastTotalLength, segSize);
            return lastWasSwitch ? segmentCeil(end, segSize) : end;
        }
    }

    private static boolean isSwitch(int rmid, int info) {
        return rmid == RmgrTable.XLOG && (info & 0xF0) == XLOG_SWITCH;
    }

    private static long segmentCeil(long lsn, long segSize) {
        return Long.divideUnsigned(lsn + segSize - 1, segSize) * segSize;
    }

    /**
     * {@code EndRecPtr} after a record of {@code totalLength} bytes at {@code lsn}: one page, the record's
     * MAXALIGNed end; across pages, the last page's header plus the MAXALIGNed remainder
     * ({@code xlp_rem_len}), as XLogDecodeNextRecord computes it. Page headers are long at segment starts.
     */
    static long recordEnd(long lsn, long totalLength, long segSize) {
        long pageOff = lsn % BLCKSZ;
        long onFirst = BLCKSZ - pageOff;
        if (totalLength <= onFirst) {
            return lsn + maxAlign(totalLength);
        }
        long remaining = totalLength - onFirst;
        long page = lsn - pageOff;
        while (true) {
            page += BLCKSZ;
            long header = page % segSize == 0 ? PageHeader.LONG_SIZE : PageHeader.SHORT_SIZE;
            long avail = BLCKSZ - header;
            if (remaining <= avail) {
                return page + header + maxAlign(remaining);
            }
            remaining -= avail;
        }
    }

    private static long maxAlign(long n) {
        return (n + 7) & ~7L;
    }
}
