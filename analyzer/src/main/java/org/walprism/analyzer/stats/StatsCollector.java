package org.walprism.analyzer.stats;

import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Drives a {@link WalReader} over its range and counts every record into a {@link WalStats}, as pg_waldump
 * {@code --stats} does (main loop of src/bin/pg_waldump/pg_waldump.c: {@code stats.startptr} is the first
 * record found, {@code stats.endptr} the reader's {@code EndRecPtr} after the last record counted).
 *
 * <p>Uses the reader's flyweight {@link RecordView}: nothing is allocated per record.
 */
public final class StatsCollector {

    /** {@code XLOG_SWITCH}: xlogreader pretends this record extends to the end of its segment. */
    private static final int XLOG_SWITCH = 0x40;

    private StatsCollector() {
    }

    /** Reads {@code reader} to the end of its range. */
    public static WalStats collect(WalReader reader) {
        WalStats stats = new WalStats(reader.version());
        stats.startLsn(reader.firstRecordLsn());
        long segSize = reader.segmentSize();
        RecordView v;
        boolean lastWasSwitch = false;
        while ((v = reader.nextView()) != null) {
            int rmid = v.rmid();
            int info = v.info();
            stats.add(rmid, info, Integer.toUnsignedLong(v.totalLength()), v.fpiLength());
            lastWasSwitch = rmid == RmgrTable.XLOG && (info & 0xF0) == XLOG_SWITCH;
        }
        if (stats.count() > 0) {
            long end = reader.endOfLastRecord();
            if (lastWasSwitch) {
                // EndRecPtr of an XLOG_SWITCH record is the start of the next segment (XLogDecodeNextRecord)
                end = ((end + segSize - 1) / segSize) * segSize;
            }
            stats.endLsn(end);
        }
        return stats;
    }
}
