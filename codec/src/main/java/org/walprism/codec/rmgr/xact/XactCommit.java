package org.walprism.codec.rmgr.xact;

import java.util.List;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_XACT_COMMIT and XLOG_XACT_COMMIT_PREPARED: a transaction committed.
 *
 * <p>{@code xl_xact_commit => xact_time: int64, [xl_xact_xinfo => xinfo: uint32 if XLOG_XACT_HAS_INFO],
 * [xl_xact_dbinfo => dbId: uint32, tsId: uint32 if XINFO_HAS_DBINFO], [xl_xact_subxacts => nsubxacts: int32,
 * subxacts: uint32[nsubxacts] if XINFO_HAS_SUBXACTS], [xl_xact_relfilelocators => nrels: int32,
 * xlocators: RelFileLocator[nrels] if XINFO_HAS_RELFILELOCATORS], [xl_xact_stats_items => nitems: int32,
 * items: xl_xact_stats_item[nitems] if XINFO_HAS_DROPPED_STATS, 15+], [xl_xact_invals => nmsgs: int32,
 * msgs: SharedInvalidationMessage[nmsgs] if XINFO_HAS_INVALS], [xl_xact_twophase => xid: uint32 if
 * XINFO_HAS_TWOPHASE], [gid: cstring if XINFO_HAS_GID], [xl_xact_origin => origin_lsn: uint64,
 * origin_timestamp: int64 if XINFO_HAS_ORIGIN]}, nothing aligned.
 *
 * <p>Layout used by: PG13, PG14 (no stats), PG15 to PG17 (12-byte stats items), PG18, PG19_BETA1, PG19_BETA3, PG19 (16-byte
 * items); see {@link XactLayout}. Mirrors {@code xl_xact_commit}, src/include/access/xact.h, and
 * ParseCommitRecord in src/backend/access/rmgrdesc/xactdesc.c. The replication origin's node id is in the
 * record header ({@code DecodedRecord.origin()}), not here.
 *
 * @param prepared        COMMIT_PREPARED rather than COMMIT
 * @param xactTime        {@code xact_time}, a TimestampTz ({@link XactRecord#toInstant})
 * @param hasXinfo        {@code XLOG_XACT_HAS_INFO} in {@code xl_info}: the xinfo word is stored
 * @param xinfo           {@code xinfo} (XACT_XINFO_* and XACT_COMPLETION_* bits), 0 when not stored
 * @param droppedStats    statistics dropped at commit (15+)
 * @param msgs            invalidation messages to send at commit
 * @param twophaseXid     the prepared transaction's xid (XINFO_HAS_TWOPHASE), else 0
 * @param gid             its GID (XINFO_HAS_GID), else null; one char per byte
 * @param originLsn       {@code origin_lsn} (XINFO_HAS_ORIGIN), else 0
 * @param originTimestamp {@code origin_timestamp} (XINFO_HAS_ORIGIN), else 0
 */
public record XactCommit(XactLayout layout, boolean prepared, long xactTime, boolean hasXinfo, long xinfo, long dbId,
                         long tsId, List<Long> subxacts, List<RelFileLocator> rels, List<DroppedStats> droppedStats,
                         List<InvalidationMessage> msgs, long twophaseXid, String gid, long originLsn,
                         long originTimestamp) implements XactRecord {

    /** Checks each field against its C type's range and the fields against each other. */
    public XactCommit {
        subxacts = List.copyOf(subxacts);
        rels = List.copyOf(rels);
        droppedStats = List.copyOf(droppedStats);
        msgs = List.copyOf(msgs);
        XactEnd.check(layout, hasXinfo, xinfo, dbId, tsId, subxacts, rels, droppedStats, msgs, twophaseXid, gid,
                originLsn, originTimestamp);
    }

    static XactCommit decode(XactLayout layout, int info, PayloadCursor main) {
        XactEnd e = XactEnd.parse(layout, info, main, true);
        return new XactCommit(layout, (info & XactType.XLOG_XACT_OPMASK) == XactType.XLOG_XACT_COMMIT_PREPARED,
                e.xactTime, e.hasXinfo, e.xinfo, e.dbId, e.tsId, e.subxacts, e.rels, e.stats, e.msgs, e.twophaseXid,
                e.gid, e.originLsn, e.originTimestamp);
    }

    /** Whether {@code xinfo} has {@code XACT_XINFO_HAS_ORIGIN}. */
    public boolean hasOrigin() {
        return (xinfo & XactType.XACT_XINFO_HAS_ORIGIN) != 0;
    }

    @Override
    public XactType type() {
        return prepared ? XactType.COMMIT_PREPARED : XactType.COMMIT;
    }

    /** The {@code xl_info} rmgr bits this value needs: its opcode, plus HAS_INFO when the xinfo is stored. */
    public int info() {
        return (prepared ? XactType.XLOG_XACT_COMMIT_PREPARED : XactType.XLOG_XACT_COMMIT)
                | (hasXinfo ? XactType.XLOG_XACT_HAS_INFO : 0);
    }

    @Override
    public RecordPayload encode() {
        PayloadWriter w = new PayloadWriter(64);
        XactEnd.write(layout, w, xactTime, hasXinfo, xinfo, dbId, tsId, subxacts, rels, droppedStats, msgs, true,
                twophaseXid, gid, originLsn, originTimestamp);
        return RecordPayload.mainOnly(Bytes.of(w.toByteArray()));
    }
}
