package org.walprism.analyzer.desc;

import static org.walprism.codec.rmgr.xlog.CheckPoint.XLOG_CHECKPOINT_ONLINE;
import static org.walprism.codec.rmgr.xlog.CheckPoint.XLOG_CHECKPOINT_SHUTDOWN;
import static org.walprism.codec.rmgr.xlog.CheckpointRedo.XLOG_CHECKPOINT_REDO;
import static org.walprism.codec.rmgr.xlog.LogicalDecodingStatusChange.XLOG_LOGICAL_DECODING_STATUS_CHANGE;
import static org.walprism.codec.rmgr.xlog.XlogCodec.XLOG_NEXTOID;
import static org.walprism.codec.rmgr.xlog.XlogCodec.XLOG_PARAMETER_CHANGE;
import static org.walprism.codec.rmgr.xlog.XlogOther.XLOG_BACKUP_END;
import static org.walprism.codec.rmgr.xlog.XlogOther.XLOG_END_OF_RECOVERY;
import static org.walprism.codec.rmgr.xlog.XlogOther.XLOG_FPW_CHANGE;
import static org.walprism.codec.rmgr.xlog.XlogOther.XLOG_OVERWRITE_CONTRECORD;
import static org.walprism.codec.rmgr.xlog.XlogOther.XLOG_RESTORE_POINT;

import org.walprism.codec.WalVersion;

/**
 * Desc text of XLOG (rmgr 0) and XLOG2 (rmgr 22, 19beta1-19beta3) records, mirroring {@code xlog_desc} and
 * {@code xlog2_desc} in src/backend/access/rmgrdesc/xlogdesc.c.
 *
 * <p>{@code CheckPoint} (src/include/catalog/pg_control.h), 13-18 (88 bytes):
 * {@code redo: uint64, ThisTimeLineID: uint32, PrevTimeLineID: uint32, fullPageWrites: bool, pad: 3,
 * wal_level: int32 (17+, pad before), nextXid: uint64, nextOid: uint32, nextMulti: uint32,
 * nextMultiOffset: uint32, oldestXid: uint32, oldestXidDB: uint32, oldestMulti: uint32, oldestMultiDB: uint32,
 * pad: 4, time: int64, oldestCommitTsXid: uint32, newestCommitTsXid: uint32, oldestActiveXid: uint32, pad: 4}.
 * 19+ (96 bytes): {@code ..., wal_level: int32, logicalDecodingEnabled: bool, pad: 7, nextXid: uint64,
 * nextOid: uint32, nextMulti: uint32, nextMultiOffset: uint64, oldestXid, oldestXidDB, oldestMulti,
 * oldestMultiDB: uint32, time: int64, oldestCommitTsXid, newestCommitTsXid, oldestActiveXid,
 * dataChecksumState: uint32}.
 * Other main data: {@code xl_parameter_change} (six int32, two bools), {@code xl_restore_point}
 * (int64 time, char[64] name), {@code xl_end_of_recovery} (int64 time, two uint32 TLIs, int32 wal_level 17+),
 * {@code xl_overwrite_contrecord} (uint64 lsn, int64 time), {@code xl_checkpoint_redo}.
 */
public final class XlogDescriber implements RmgrDescriber {

    private final TimestampStyle ts;

    /** A describer printing timestamps as pg_waldump does. */
    public XlogDescriber() {
        this(TimestampStyle.WALDUMP);
    }

    /** A describer printing timestamps in {@code ts} style. */
    public XlogDescriber(TimestampStyle ts) {
        this.ts = ts;
    }

    /** Text style of a version's xlog_desc. */
    private enum Style {
        /** 13-16: no wal_level in checkpoints, CHECKPOINT_REDO unknown (17 adds it). */
        PG13(false, false, false),
        /** 17-18: wal_level in CHECKPOINT_*, END_OF_RECOVERY and CHECKPOINT_REDO. */
        PG17(true, false, false),
        /** 19beta1-19beta3: 96-byte CheckPoint, logical decoding and checksums, {@code %X/%08X}. */
        PG19_BETA(true, true, true),
        /** 19: 96-byte CheckPoint (its last 4 bytes padding), logical decoding, no checksum state. */
        PG19(true, true, false);

        /** Whether CHECKPOINT_*, END_OF_RECOVERY and CHECKPOINT_REDO print {@code wal_level}. */
        final boolean walLevel;
        /** The 96-byte CheckPoint (64-bit multixact offset, no padding before the time), and logical decoding. */
        final boolean wide;
        /** Whether CHECKPOINT_* and CHECKPOINT_REDO print the data checksum state. */
        final boolean checksums;

        Style(boolean walLevel, boolean wide, boolean checksums) {
            this.walLevel = walLevel;
            this.wide = wide;
            this.checksums = checksums;
        }
    }

    private static Style style(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16 -> Style.PG13;
            case PG17, PG18 -> Style.PG17;
            case PG19_BETA1, PG19_BETA3 -> Style.PG19_BETA;
            case PG19 -> Style.PG19;
        };
    }

    /** XLOG2 describer (19beta1-19beta3). */
    public static final RmgrDescriber XLOG2 = (r, sb) -> {
        if ((r.info() & 0xF0) == 0x00) {
            DescData d = r.mainData("XLOG2 main data");
            sb.append(checksumState(d.u32(0, "new_checksum_state")));
        }
    };

    private static String checksumState(long state) {
        if (state == 0) {
            return "off";
        } else if (state == 1) {
            return "on";
        } else if (state == 2) {
            return "inprogress-off";
        } else if (state == 3) {
            return "inprogress-on";
        }
        return "?";
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        Style style = style(r.version());
        WalVersion v = r.version();
        DescData d = r.mainData("XLOG main data");
        int info = r.info() & 0xF0;
        switch (info) {
            case XLOG_CHECKPOINT_SHUTDOWN, XLOG_CHECKPOINT_ONLINE -> checkpoint(sb, d, style, v, info == XLOG_CHECKPOINT_SHUTDOWN);
            case XLOG_NEXTOID -> sb.append(d.u32(0, "nextOid"));
            case XLOG_BACKUP_END -> sb.append(DescFormat.lsn(v, d.i64(0, "startpoint")));
            case XLOG_PARAMETER_CHANGE -> sb.append("max_connections=").append(d.i32(0, "MaxConnections"))
                    .append(" max_worker_processes=").append(d.i32(4, "max_worker_processes"))
                    .append(" max_wal_senders=").append(d.i32(8, "max_wal_senders"))
                    .append(" max_prepared_xacts=").append(d.i32(12, "max_prepared_xacts"))
                    .append(" max_locks_per_xact=").append(d.i32(16, "max_locks_per_xact"))
                    .append(" wal_level=").append(DescFormat.walLevel(d.i32(20, "wal_level")))
                    .append(" wal_log_hints=").append(d.bool(24, "wal_log_hints") ? "on" : "off")
                    .append(" track_commit_timestamp=").append(d.bool(25, "track_commit_timestamp") ? "on" : "off");
            case XLOG_RESTORE_POINT -> sb.append(d.cstring(8, 64, "rp_name"));
            case XLOG_FPW_CHANGE -> sb.append(d.bool(0, "fpw") ? "true" : "false");
            case XLOG_END_OF_RECOVERY -> {
                sb.append("tli ").append(d.u32(8, "ThisTimeLineID")).append("; prev tli ")
                        .append(d.u32(12, "PrevTimeLineID")).append("; time ")
                        .append(DescFormat.timestamptz(d.i64(0, "end_time"), ts));
                if (style.walLevel) {
                    sb.append("; wal_level ").append(DescFormat.walLevel(d.i32(16, "wal_level")));
                }
            }
            case XLOG_OVERWRITE_CONTRECORD -> sb.append("lsn ").append(DescFormat.lsn(v, d.i64(0, "overwritten_lsn"))).append("; time ")
                    .append(DescFormat.timestamptz(d.i64(8, "overwrite_time"), ts));
            case XLOG_CHECKPOINT_REDO -> {
                if (style.walLevel) {
                    sb.append("wal_level ").append(DescFormat.walLevel(d.i32(0, "wal_level")));
                }
                if (style.checksums) {
                    sb.append("; checksums ").append(checksumState(d.u32(4, "data_checksum_version")));
                }
            }
            case XLOG_LOGICAL_DECODING_STATUS_CHANGE -> {
                if (style.wide) {
                    sb.append(d.bool(0, "enabled") ? "true" : "false");
                }
            }
            default -> {
                // NOOP, SWITCH, FPI, FPI_FOR_HINT, ASSIGN_LSN: nothing to print
            }
        }
    }

    private static void checkpoint(TextBuffer sb, DescData d, Style style, WalVersion v, boolean shutdown) {
        boolean wide = style.wide;
        int nextXidOff = wide ? 32 : 24;
        int tail = wide ? 56 : 44;
        // 13-18 pad 4 bytes before the int64 time; 19+ do not
        int commitTs = wide ? 80 : 72;
        long nextXid = d.i64(nextXidOff, "nextXid");
        sb.append("redo ").append(DescFormat.lsn(v, d.i64(0, "redo")))
                .append("; tli ").append(d.u32(8, "ThisTimeLineID"))
                .append("; prev tli ").append(d.u32(12, "PrevTimeLineID"))
                .append("; fpw ").append(d.bool(16, "fullPageWrites") ? "true" : "false");
        if (style.walLevel) {
            sb.append("; wal_level ").append(DescFormat.walLevel(d.i32(20, "wal_level")));
        }
        if (wide) {
            sb.append("; logical decoding ").append(d.bool(24, "logicalDecodingEnabled") ? "true" : "false");
        }
        sb.append("; xid ").append(nextXid >>> 32).append(':').append(nextXid & 0xFFFFFFFFL)
                .append("; oid ").append(d.u32(nextXidOff + 8, "nextOid"))
                .append("; multi ").append(d.u32(nextXidOff + 12, "nextMulti"))
                .append("; offset ").append(wide ? Long.toUnsignedString(d.i64(48, "nextMultiOffset"))
                        : Long.toString(d.u32(40, "nextMultiOffset")))
                .append("; oldest xid ").append(d.u32(tail, "oldestXid"))
                .append(" in DB ").append(d.u32(tail + 4, "oldestXidDB"))
                .append("; oldest multi ").append(d.u32(tail + 8, "oldestMulti"))
                .append(" in DB ").append(d.u32(tail + 12, "oldestMultiDB"))
                .append("; oldest/newest commit timestamp xid: ").append(d.u32(commitTs, "oldestCommitTsXid"))
                .append('/').append(d.u32(commitTs + 4, "newestCommitTsXid"))
                .append("; oldest running xid ").append(d.u32(commitTs + 8, "oldestActiveXid"));
        if (style.checksums) {
            sb.append("; checksums ").append(checksumState(d.u32(92, "dataChecksumState")));
        }
        sb.append("; ").append(shutdown ? "shutdown" : "online");
    }
}
