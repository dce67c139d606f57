package org.walprism.codec.rmgr.xact;

import java.util.List;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.rmgr.InvalidationMessage;

/**
 * The parts shared by COMMIT and ABORT, decoded in the order of xactdesc.c's ParseCommitRecord and
 * ParseAbortRecord (abort records have no invalidation messages).
 */
final class XactEnd {

    long xactTime;
    boolean hasXinfo;
    long xinfo;
    long dbId;
    long tsId;
    List<Long> subxacts = List.of();
    List<RelFileLocator> rels = List.of();
    List<DroppedStats> stats = List.of();
    List<InvalidationMessage> msgs = List.of();
    long twophaseXid;
    String gid;
    long originLsn;
    long originTimestamp;

    static boolean has(long xinfo, int bit) {
        return (xinfo & bit) != 0;
    }

    static boolean hasStats(XactLayout layout, long xinfo) {
        return layout.hasStats() && has(xinfo, XactType.XACT_XINFO_HAS_DROPPED_STATS);
    }

    static XactEnd parse(XactLayout layout, int info, PayloadCursor c, boolean commit) {
        XactEnd e = new XactEnd();
        e.xactTime = c.i64("xact_time");
        e.hasXinfo = (info & XactType.XLOG_XACT_HAS_INFO) != 0;
        if (e.hasXinfo) {
            e.xinfo = c.u32("xl_xact_xinfo.xinfo");
        }
        if (has(e.xinfo, XactType.XACT_XINFO_HAS_DBINFO)) {
            e.dbId = c.u32("xl_xact_dbinfo.dbId");
            e.tsId = c.u32("xl_xact_dbinfo.tsId");
        }
        if (has(e.xinfo, XactType.XACT_XINFO_HAS_SUBXACTS)) {
            e.subxacts = XactReads.xids(c, c.i32("xl_xact_subxacts.nsubxacts"), "xl_xact_subxacts.subxacts");
        }
        if (has(e.xinfo, XactType.XACT_XINFO_HAS_RELFILELOCATORS)) {
            e.rels = XactReads.rels(c, c.i32("xl_xact_relfilelocators.nrels"), "xl_xact_relfilelocators.xlocators");
        }
        if (hasStats(layout, e.xinfo)) {
            e.stats = XactReads.stats(layout, c, c.i32("xl_xact_stats_items.nitems"), "xl_xact_stats_items.items");
        }
        if (commit && has(e.xinfo, XactType.XACT_XINFO_HAS_INVALS)) {
            e.msgs = c.invalidationMessages(c.i32("xl_xact_invals.nmsgs"), "xl_xact_invals.msgs");
        }
        if (has(e.xinfo, XactType.XACT_XINFO_HAS_TWOPHASE)) {
            e.twophaseXid = c.u32("xl_xact_twophase.xid");
            if (has(e.xinfo, XactType.XACT_XINFO_HAS_GID)) {
                e.gid = XactReads.cstring(c, "twophase_gid");
            }
        }
        if (has(e.xinfo, XactType.XACT_XINFO_HAS_ORIGIN)) {
            e.originLsn = c.i64("xl_xact_origin.origin_lsn");
            e.originTimestamp = c.i64("xl_xact_origin.origin_timestamp");
        }
        c.expectEnd(commit ? "xl_xact_commit" : "xl_xact_abort");
        return e;
    }

    /** Constructor checks: each part is present exactly when its xinfo bit says so. */
    static void check(XactLayout layout, boolean hasXinfo, long xinfo, long dbId, long tsId, List<Long> subxacts,
                      List<RelFileLocator> rels, List<DroppedStats> stats, List<InvalidationMessage> msgs,
                      long twophaseXid, String gid, long originLsn, long originTimestamp) {
        FieldChecks.that(layout != null, "layout is required");
        FieldChecks.u32(xinfo, "xinfo");
        FieldChecks.that(hasXinfo || xinfo == 0, "xinfo needs XLOG_XACT_HAS_INFO");
        FieldChecks.u32(dbId, "dbId");
        FieldChecks.u32(tsId, "tsId");
        FieldChecks.that(has(xinfo, XactType.XACT_XINFO_HAS_DBINFO) || (dbId == 0 && tsId == 0), "dbinfo needs XINFO_HAS_DBINFO");
        FieldChecks.that(has(xinfo, XactType.XACT_XINFO_HAS_SUBXACTS) || subxacts.isEmpty(), "subxacts need XINFO_HAS_SUBXACTS");
        FieldChecks.that(has(xinfo, XactType.XACT_XINFO_HAS_RELFILELOCATORS) || rels.isEmpty(),
                "rels need XINFO_HAS_RELFILELOCATORS");
        FieldChecks.that(hasStats(layout, xinfo) || stats.isEmpty(), "dropped stats need XINFO_HAS_DROPPED_STATS, 15+");
        checkStats(layout, stats);
        FieldChecks.that(has(xinfo, XactType.XACT_XINFO_HAS_INVALS) || msgs.isEmpty(), "msgs need XINFO_HAS_INVALS");
        FieldChecks.u32(twophaseXid, "twophase xid");
        FieldChecks.that(has(xinfo, XactType.XACT_XINFO_HAS_TWOPHASE) || twophaseXid == 0, "xid needs XINFO_HAS_TWOPHASE");
        FieldChecks.that((gid != null) == (has(xinfo, XactType.XACT_XINFO_HAS_TWOPHASE) && has(xinfo, XactType.XACT_XINFO_HAS_GID)),
                "gid is given exactly with XINFO_HAS_TWOPHASE and XINFO_HAS_GID");
        FieldChecks.that(has(xinfo, XactType.XACT_XINFO_HAS_ORIGIN) || (originLsn == 0 && originTimestamp == 0),
                "origin needs XINFO_HAS_ORIGIN");
    }

    /** 15-17 store a 32-bit object id per item. */
    static void checkStats(XactLayout layout, List<DroppedStats> stats) {
        if (layout == XactLayout.PG15) {
            for (DroppedStats s : stats) {
                FieldChecks.u32(s.objId(), "objoid");
            }
        }
    }

    static void write(XactLayout layout, PayloadWriter w, long xactTime, boolean hasXinfo, long xinfo, long dbId,
                      long tsId, List<Long> subxacts, List<RelFileLocator> rels, List<DroppedStats> stats,
                      List<InvalidationMessage> msgs, boolean commit, long twophaseXid, String gid, long originLsn,
                      long originTimestamp) {
        w.i64(xactTime);
        if (hasXinfo) {
            w.u32(xinfo);
        }
        if (has(xinfo, XactType.XACT_XINFO_HAS_DBINFO)) {
            w.u32(dbId).u32(tsId);
        }
        if (has(xinfo, XactType.XACT_XINFO_HAS_SUBXACTS)) {
            w.u32(subxacts.size());
            XactReads.writeXids(w, subxacts);
        }
        if (has(xinfo, XactType.XACT_XINFO_HAS_RELFILELOCATORS)) {
            w.u32(rels.size());
            XactReads.writeRels(w, rels);
        }
        if (hasStats(layout, xinfo)) {
            w.u32(stats.size());
            XactReads.writeStats(layout, w, stats);
        }
        if (commit && has(xinfo, XactType.XACT_XINFO_HAS_INVALS)) {
            w.u32(msgs.size());
            w.invalidationMessages(msgs);
        }
        if (has(xinfo, XactType.XACT_XINFO_HAS_TWOPHASE)) {
            w.u32(twophaseXid);
            if (gid != null) {
                XactReads.writeCstring(w, gid);
            }
        }
        if (has(xinfo, XactType.XACT_XINFO_HAS_ORIGIN)) {
            w.i64(originLsn).i64(originTimestamp);
        }
    }
}
