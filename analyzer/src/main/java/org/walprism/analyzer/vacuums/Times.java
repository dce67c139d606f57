package org.walprism.analyzer.vacuums;

import java.util.List;
import org.walprism.analyzer.categories.WalTime;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.xlog.CheckPoint;
import org.walprism.codec.rmgr.xlog.XlogCodec;
import org.walprism.codec.rmgr.xlog.XlogRecord;

/**
 * The wall-clock times WAL records carry: {@code xact_time} of commit and abort records (TimestampTz, microseconds
 * since 2000-01-01), {@code time} of checkpoint records (pg_time_t, seconds since 1970-01-01). Mirrors
 * {@code xl_xact_commit} / {@code xl_xact_abort} (src/include/access/xact.h) and {@code CheckPoint}
 * (src/include/catalog/pg_control.h).
 */
final class Times {
    /** Microseconds from 1970-01-01 to 2000-01-01, PostgreSQL's timestamp epoch. */
    private static final int XACT_OPMASK = 0x70;
    private static final int XLOG_CHECKPOINT_SHUTDOWN = 0x00;
    private static final int XLOG_CHECKPOINT_ONLINE = 0x10;

    private Times() {
    }

    /** The time {@code v} states, microseconds since the Unix epoch, or {@code Long.MIN_VALUE}. */
    static long of(RecordView v) {
        int rmid = v.rmid();
        if (rmid == RmgrTable.TRANSACTION) {
            int op = v.info() & XACT_OPMASK;
            // COMMIT 0x00, ABORT 0x20, COMMIT_PREPARED 0x30, ABORT_PREPARED 0x40: xact_time first
            if ((op == 0x00 || op == 0x20 || op == 0x30 || op == 0x40) && v.mainDataLength() >= 8) {
                return v.i64(v.mainDataIndex()) + WalTime.PG_EPOCH_MICROS;
            }
            return Long.MIN_VALUE;
        }
        if (rmid == RmgrTable.XLOG) {
            int code = v.info() & 0xF0;
            if (code != XLOG_CHECKPOINT_SHUTDOWN && code != XLOG_CHECKPOINT_ONLINE) {
                return Long.MIN_VALUE;
            }
            byte[] main = new byte[v.mainDataLength()];
            v.copyBytes(v.mainDataIndex(), main, 0, main.length);
            try {
                XlogRecord r = XlogCodec.decode(v.version(), v.info(), main, List.of());
                return r instanceof CheckPoint c ? c.time() * 1_000_000L : Long.MIN_VALUE;
            } catch (InvalidPayloadException e) {
                return Long.MIN_VALUE;
            }
        }
        return Long.MIN_VALUE;
    }
}
