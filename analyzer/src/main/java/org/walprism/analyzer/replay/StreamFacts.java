package org.walprism.analyzer.replay;

import static org.walprism.codec.rmgr.xlog.CheckPoint.XLOG_CHECKPOINT_ONLINE;
import static org.walprism.codec.rmgr.xlog.CheckPoint.XLOG_CHECKPOINT_SHUTDOWN;
import static org.walprism.codec.rmgr.xlog.CheckpointRedo.XLOG_CHECKPOINT_REDO;
import static org.walprism.codec.rmgr.xlog.XlogCodec.XLOG_PARAMETER_CHANGE;
import static org.walprism.codec.rmgr.xlog.XlogOther.XLOG_END_OF_RECOVERY;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.rmgr.xact.XactAbort;
import org.walprism.codec.rmgr.xact.XactAssignment;
import org.walprism.codec.rmgr.xact.XactCodec;
import org.walprism.codec.rmgr.xact.XactCommit;
import org.walprism.codec.rmgr.xact.XactRecord;
import org.walprism.codec.rmgr.xact.XactType;
import org.walprism.codec.rmgr.xlog.CheckPoint;
import org.walprism.codec.rmgr.xlog.CheckpointRedo;
import org.walprism.codec.rmgr.xlog.XlogCodec;
import org.walprism.codec.rmgr.xlog.XlogOther;

/**
 * What a source stream tells about the server that wrote it, for the fields a target major logs and the source
 * does not: {@code wal_level}, whether data checksums are on, the epoch of transaction ids. Gathered over the whole
 * replayed range before any record is translated (a PARAMETER_CHANGE after a checkpoint still counts).
 */
final class StreamFacts {
    /** {@code WAL_LEVEL_REPLICA} (xlog.h, 13 to master: minimal 0, replica 1, logical 2). */
    static final int WAL_LEVEL_REPLICA = 1;
    /** {@code WAL_LEVEL_LOGICAL}. */
    static final int WAL_LEVEL_LOGICAL = 2;

    private int walLevel = -1;
    private boolean logicalHint;
    private int checksums = -1;
    private boolean checksumHint;
    private long epoch = -1;
    private final SubxactMap topXid = new SubxactMap();

    /**
     * {@code wal_level}: as the stream logged it (PARAMETER_CHANGE, and the 17+ checkpoint, CHECKPOINT_REDO and
     * END_OF_RECOVERY records), else logical when the stream holds what only wal_level=logical logs (Heap2 NEW_CID,
     * heap_log_new_cid in heapam.c; a top-level xid block or Transaction INVALIDATION, 14+), else replica, the
     * default since 10.
     */
    int walLevel() {
        if (walLevel >= 0) {
            return walLevel;
        }
        return logicalHint ? WAL_LEVEL_LOGICAL : WAL_LEVEL_REPLICA;
    }

    /**
     * The data checksum version ({@code data_checksum_version}, 0 off, 1 on): as the 19+ checkpoint or
     * CHECKPOINT_REDO logged it, else 1 when a full-page image holds a page whose {@code pd_checksum} is set
     * (bufpage.h: the field stays 0 on a cluster without checksums), else 0.
     */
    int checksumVersion() {
        if (checksums >= 0) {
            return checksums;
        }
        return checksumHint ? 1 : 0;
    }

    /** The epoch of {@code nextXid} at the stream's first checkpoint; 0 when it has none. */
    long epoch() {
        return Math.max(epoch, 0);
    }

    /**
     * The top-level transaction of subtransaction {@code xid}, as the stream's COMMIT, ABORT and ASSIGNMENT records
     * list it (access/xact.h {@code xl_xact_subxacts}, {@code xl_xact_assignment}); -1 when it is not known to be a
     * subtransaction.
     */
    long topXid(long xid) {
        return topXid.get(xid);
    }

    /**
     * As {@link #topXid}, but -1 after the first call for {@code xid}: 14+ log the top-level xid with the first
     * record of each subtransaction only.
     */
    long topXidOnce(long xid) {
        return topXid.takeOnce(xid);
    }

    /**
     * Takes note of one source record.
     *
     * @throws ReplayLimitException when the stream names more subtransactions than replay keeps in memory
     */
    void observe(DecodedRecord r) {
        WalVersion v = r.version();
        if (r.toplevelXid() != -1) {
            logicalHint = true;
        }
        switch (r.rmid()) {
            case RmgrTable.XLOG -> observeXlog(v, r);
            case RmgrTable.TRANSACTION -> {
                logicalHint |= XactType.of(v, r.info()) == XactType.INVALIDATIONS;
                observeXact(r);
            }
            case RmgrTable.HEAP2 -> logicalHint |= Heap2Type.of(v, r.info()) == Heap2Type.NEW_CID;
            default -> {
            }
        }
        if (!checksumHint) {
            for (BlockRef b : r.blocks()) {
                BlockImage img = b.image();
                if (img != null && !img.isCompressed() && img.hasBytes() && img.bytesLength() >= 10
                        && (!img.hasHole() || img.holeOffset() >= 10)) {
                    ByteBuffer page = img.bytesView().order(ByteOrder.LITTLE_ENDIAN);
                    if (page.getShort(page.position() + 8) != 0) {
                        checksumHint = true;
                        break;
                    }
                }
            }
        }
    }

    private void observeXact(DecodedRecord r) {
        int op = r.info() & 0x70;
        if (op != 0x00 && op != 0x20 && op != 0x50) {
            return;
        }
        XactRecord x = XactCodec.decode(r);
        try {
            if (x instanceof XactCommit c) {
                c.subxacts().forEach(s -> topXid.put(s, r.xid()));
            } else if (x instanceof XactAbort a) {
                a.subxacts().forEach(s -> topXid.put(s, r.xid()));
            } else if (x instanceof XactAssignment a) {
                a.xsub().forEach(s -> topXid.put(s, a.xtop()));
            }
        } catch (SubxactMap.FullException full) {
            throw new ReplayLimitException(r.recordLsn().value(), r.version(), "more than " + SubxactMap.MAX_ENTRIES + " subtransactions, "
                    + "whose top-level transactions replay keeps in memory (" + ((SubxactMap.MAX_ENTRIES * 18L) >> 20)
                    + " MiB)");
        }
    }

    private void observeXlog(WalVersion v, DecodedRecord r) {
        byte[] m = r.mainData();
        switch (r.info() & 0xF0) {
            case XLOG_CHECKPOINT_SHUTDOWN, XLOG_CHECKPOINT_ONLINE -> {
                // CheckPoint, catalog/pg_control.h, typed by the codec: the epoch of nextXid, wal_level (17+),
                // dataChecksumState (the 19 pre-releases only)
                if (m.length < 24) {
                    return;
                }
                CheckPoint c;
                try {
                    c = (CheckPoint) XlogCodec.decode(r);
                } catch (WalFormatException e) {
                    return; // not this version's CheckPoint: the stream's validation reports it
                }
                if (epoch < 0) {
                    epoch = c.nextXid() >>> 32;
                }
                if (c.walLevel() >= 0) {
                    walLevel = c.walLevel();
                }
                if (c instanceof CheckPoint.Pg19Beta1 b) {
                    checksums = (int) b.dataChecksumState();
                }
            }
            case XLOG_PARAMETER_CHANGE -> {
                // xl_parameter_change: MaxConnections, max_worker_processes, max_wal_senders, max_prepared_xacts,
                // max_locks_per_xact, wal_level (int32 each), ...
                if (m.length >= 24) {
                    walLevel = i32(m, 20);
                }
            }
            case XLOG_END_OF_RECOVERY -> {
                // xl_end_of_recovery: end_time, ThisTimeLineID, PrevTimeLineID, wal_level (17+)
                int walLevelAt = XlogOther.END_OF_RECOVERY_WAL_LEVEL_OFFSET;
                if (XlogOther.endOfRecoverySize(v) > walLevelAt && m.length >= walLevelAt + 4) {
                    walLevel = i32(m, walLevelAt);
                }
            }
            case XLOG_CHECKPOINT_REDO -> {
                // CHECKPOINT_REDO (17+), typed by the codec: wal_level; the 19 pre-releases add data_checksum_version
                if (!RmgrTable.logs(v, RmgrTable.XLOG, XLOG_CHECKPOINT_REDO)) {
                    return;
                }
                try {
                    CheckpointRedo c = (CheckpointRedo) XlogCodec.decode(r);
                    walLevel = c.walLevel();
                    if (c instanceof CheckpointRedo.Pg19Beta1 b) {
                        checksums = (int) b.dataChecksumVersion();
                    }
                } catch (WalFormatException e) {
                    return; // not this version's CHECKPOINT_REDO: the stream's validation reports it
                }
            }
            default -> {
            }
        }
    }

    static int i32(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }

    static long u32(byte[] b, int at) {
        return i32(b, at) & 0xFFFFFFFFL;
    }
}
