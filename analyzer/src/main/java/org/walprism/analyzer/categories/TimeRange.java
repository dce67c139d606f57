package org.walprism.analyzer.categories;

import java.nio.file.Path;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.ParallelWalScan;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.source.WalSources;

/**
 * {@code --since} / {@code --until}: a time range mapped to an LSN range by the stream itself, from the times its
 * commits and aborts carry ({@link WalTime#of}). The range starts after the last timestamped record
 * before {@code since} and ends after the last one at or before {@code until}: a record without a time of its own
 * belongs to the span after the latest timestamp before it, so records written between the last timestamp before
 * {@code since} and the first after it are included, those after the last timestamp at or before {@code until}
 * are not.
 */
public final class TimeRange {
    private TimeRange() {
    }

    /** The LSN range found: {@code start} for {@code -s}, {@code end} for {@code -e} (0: unchanged). */
    public record Lsns(long start, long end, long stamps) {
    }

    /**
     * Maps {@code since} and {@code until} (Unix microseconds; 0: not given) to LSNs within {@code startLsn} ..
     * {@code endLsn} of {@code path}.
     */
    public static Lsns resolve(Path path, long startLsn, long endLsn, int timeline, int threads, long since,
                               long until) {
        ParallelWalScan.Result<Sink> r = WalSources.scan(new ParallelWalScan<>(() -> new Sink(since, until), Sink::merge, threads), path, Lsn.bound(startLsn), Lsn.bound(endLsn), timeline);
        return lsns(r.sink(), r.endLsn());
    }

    /**
     * The LSN range found by {@code s}, the {@link Sink} of the whole range (chunks merged in LSN order with
     * {@link Sink#merge}), whose WAL ends at {@code endLsn}: what {@link #resolve} returns. A distributed scan (the
     * Spark job) runs one sink per chunk and calls this on the driver.
     */
    public static Lsns lsns(Sink s, long endLsn) {
        long start = s.startAfter;
        if (s.sincePending) {
            start = endLsn;
        }
        long end = s.endAfter;
        if (s.untilPending) {
            end = endLsn;
        }
        return new Lsns(start, end, s.stamps);
    }

    /**
     * The range {@code start}..{@code end} (pg_waldump's {@code -s}/{@code -e}; 0: unbounded) narrowed to what
     * {@code l} found for {@code since} / {@code until} (0: not given; {@code sinceText} / {@code untilText} as the
     * user wrote them, for the messages): {@code {start, end}}.
     *
     * @throws IllegalArgumentException when the range holds no timestamp, or nothing lies between the times
     */
    public static long[] narrow(long start, long end, long since, long until, Lsns l, String sinceText,
                                String untilText) {
        if (l.stamps() == 0) {
            throw new IllegalArgumentException("no commit or abort of the range carries a time: --since "
                    + "and --until cannot be placed in it");
        }
        long s = l.start() != 0 ? l.start() : start;
        long e = until == 0 ? end : l.end();
        if (until != 0 && e == 0) {
            throw new IllegalArgumentException("no commit or abort of the range is at or before --until "
                    + untilText);
        }
        if (e != 0 && Long.compareUnsigned(e, s) <= 0) {
            throw new IllegalArgumentException("no record of the range lies between --since " + sinceText
                    + " and --until " + untilText);
        }
        return new long[] {s, e};
    }

    /**
     * Finds, in one chunk of a range, the last timestamped record before {@code since} and the last at or before
     * {@code until}; chunks merge in LSN order ({@link #merge}). Serializable: a distributed scan ships it.
     */
    public static final class Sink implements ParallelWalScan.Sink, java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final long since;
        private final long until;
        long firstLsn = -1;
        long startAfter;
        long endAfter;
        boolean sincePending;
        boolean untilPending;
        long stamps;

        /** A sink for {@code since} / {@code until} (Unix microseconds; 0: not given). */
        public Sink(long since, long until) {
            this.since = since;
            this.until = until;
        }

        @Override
        public void accept(RecordView v) {
            if (firstLsn < 0) {
                firstLsn = v.lsn();
            }
            if (sincePending) {
                startAfter = v.lsn();
                sincePending = false;
            }
            if (untilPending) {
                endAfter = v.lsn();
                untilPending = false;
            }
            if (v.rmid() != RmgrTable.TRANSACTION) {
                return;
            }
            long t = WalTime.of(v);
            if (t == 0) {
                return;
            }
            stamps++;
            if (since != 0 && t < since) {
                sincePending = true;
            }
            if (until != 0 && t <= until) {
                untilPending = true;
            }
        }

        /** {@code a} followed by {@code b}, the chunk after it: returns the sink of both. */
        public static Sink merge(Sink a, Sink b) {
            if (b.firstLsn < 0) {
                return a;
            }
            if (a.sincePending) {
                a.startAfter = b.firstLsn;
                a.sincePending = false;
            }
            if (a.untilPending) {
                a.endAfter = b.firstLsn;
                a.untilPending = false;
            }
            if (b.startAfter != 0 || b.sincePending) {
                a.startAfter = b.startAfter;
                a.sincePending = b.sincePending;
            }
            if (b.endAfter != 0 || b.untilPending) {
                a.endAfter = b.endAfter;
                a.untilPending = b.untilPending;
            }
            if (a.firstLsn < 0) {
                a.firstLsn = b.firstLsn;
            }
            a.stamps += b.stamps;
            return a;
        }
    }
}
