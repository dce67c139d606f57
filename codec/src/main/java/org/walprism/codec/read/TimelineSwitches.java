package org.walprism.codec.read;

/**
 * The timelines of the pages a {@link WalReader} reads: a page's {@code xlp_tli} never steps down
 * (xlogreader.c XLogReaderValidatePageHeader), and with a history file followed it steps up only to a timeline of that
 * history; which timeline's segment file holds an LSN when the history switches timelines.
 */
final class TimelineSwitches {
    private final SegmentSource source;
    private final TimelineHistory history;
    private long last;

    TimelineSwitches(SegmentSource source) {
        this.source = source;
        this.history = source.history();
    }

    /** {@code xlp_tli} of the last page read, or 0. */
    long last() {
        return last;
    }

    /**
     * Checks the {@code xlp_tli} {@code tli} of the page at {@code pageLsn} against the page before it and the
     * history.
     */
    void check(long tli, long pageLsn) {
        if (tli < last) {
            throw ReadErrors.outOfSequenceTimeline(tli, last, pageLsn, source);
        }
        checkInHistory(tli, pageLsn);
    }

    /** The page with {@code xlp_tli} {@code tli} was read. */
    void enter(long tli) {
        last = tli;
    }

    /** The timeline of the segment file that holds {@code lsn} (pg_waldump's {@code ws_tli}). */
    int timelineOf(long lsn) {
        long segSize = source.segmentSize();
        return history.timelineOfSegment(lsn / segSize, segSize);
    }

    /**
     * When a history file is followed, a page's {@code xlp_tli} must be one of its timelines, as recovery requires
     * (xlogrecovery.c ReadRecord: tliInHistory of the page's timeline on expectedTLEs); with the check above
     * (xlogreader.c XLogReaderValidatePageHeader: never below the page before), the timeline of the pages may only
     * step up, and only to a timeline of the history. Without a history file pg_waldump checks neither.
     */
    private void checkInHistory(long tli, long pageLsn) {
        if (history.fromFile() && !history.contains(tli)) {
            throw ReadErrors.at(source, "unexpected timeline ID " + tli + " (the timelines of " + history.file() + " are "
                    + String.join(", ", history.entries().stream()
                    .map(e -> String.valueOf(Integer.toUnsignedLong(e.tli()))).toList()) + ")", pageLsn);
        }
    }
}
