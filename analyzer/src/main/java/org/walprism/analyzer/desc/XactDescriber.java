package org.walprism.analyzer.desc;

import static org.walprism.codec.rmgr.xact.XactType.XACT_COMPLETION_APPLY_FEEDBACK;
import static org.walprism.codec.rmgr.xact.XactType.XACT_COMPLETION_FORCE_SYNC_COMMIT;
import static org.walprism.codec.rmgr.xact.XactType.XACT_COMPLETION_UPDATE_RELCACHE_FILE;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_DBINFO;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_DROPPED_STATS;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_GID;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_INVALS;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_ORIGIN;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_RELFILELOCATORS;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_SUBXACTS;
import static org.walprism.codec.rmgr.xact.XactType.XACT_XINFO_HAS_TWOPHASE;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_ABORT;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_ABORT_PREPARED;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_ASSIGNMENT;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_COMMIT;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_COMMIT_PREPARED;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_HAS_INFO;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_INVALIDATIONS;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_OPMASK;
import static org.walprism.codec.rmgr.xact.XactType.XLOG_XACT_PREPARE;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.rmgr.xact.XactLayout;

/**
 * Desc text of Transaction (rmgr 1) records, mirroring {@code xact_desc} and the {@code Parse*Record}
 * functions in src/backend/access/rmgrdesc/xactdesc.c.
 *
 * <p>COMMIT/ABORT main data (src/include/access/xact.h):
 * {@code xact_time: int64, [xinfo: uint32 if XLOG_XACT_HAS_INFO], [dbId: uint32, tsId: uint32],
 * [nsubxacts: int32, subxacts: uint32[]], [nrels: int32, rels: RelFileLocator[]],
 * [nstats: int32, stats: xl_xact_stats_item[] (15+)], [nmsgs: int32, msgs: SharedInvalidationMessage[] (commit)],
 * [twophase xid: uint32, [gid: cstring]], [origin_lsn: uint64, origin_timestamp: int64 (unaligned)]}.
 * {@code xl_xact_stats_item => kind: int32, dboid: uint32, objoid: uint32} (15-17) or
 * {@code kind, dboid, objid_lo: uint32, objid_hi: uint32} (18+).
 * PREPARE: {@code xl_xact_prepare} (64 bytes in 13-14, 72 with the two stats counts in 15+), then
 * MAXALIGNed gid, subxacts, commit rels, abort rels, [commit stats, abort stats], invalidation messages.
 */
public final class XactDescriber implements RmgrDescriber {

    private final TimestampStyle ts;

    /** A describer printing timestamps as pg_waldump does. */
    public XactDescriber() {
        this(TimestampStyle.WALDUMP);
    }

    /** A describer printing timestamps in {@code ts} style. */
    public XactDescriber(TimestampStyle ts) {
        this.ts = ts;
    }


    /**
     * What a version's {@code xact_desc} prints beyond the bytes (the layout is the codec's {@link XactLayout}).
     *
     * @param applyFeedback COMMIT prints {@code apply_feedback} (15+)
     * @param abortExtras   ABORT prints its origin and dropped stats (15+)
     * @param prepareStats  PREPARE prints its dropped stats (18+: 15-17 ParsePrepareRecord leaves the counts at 0)
     * @param prepareOrigin PREPARE prints its origin (15+)
     */
    private record Text(boolean applyFeedback, boolean abortExtras, boolean prepareStats, boolean prepareOrigin) {
    }

    private static final Text TEXT_13 = new Text(false, false, false, false);
    private static final Text TEXT_15 = new Text(true, true, false, true);
    private static final Text TEXT_18 = new Text(true, true, true, true);

    /** The text of {@code version}: the one dispatch of this describer over WalVersion. */
    private static Text text(WalVersion version) {
        return switch (version) {
            case PG13, PG14 -> TEXT_13;
            case PG15, PG16, PG17 -> TEXT_15;
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> TEXT_18;
        };
    }

    /** What {@code Parse{Commit,Abort}Record} extracts. */
    private static final class Parsed {
        long xinfo;
        long dbId;
        long tsId;
        int nsubxacts;
        int subxactsOff;
        int nrels;
        int relsOff;
        int nstats;
        int statsOff;
        int nmsgs;
        int msgsOff;
        long twophaseXid;
        long originLsn;
        long originTimestamp;

        /** This thread's instance (kept in the record flyweight), cleared. */
        static Parsed of(DescRecord r) {
            if (!(r.xactScratch instanceof Parsed p)) {
                Parsed fresh = new Parsed();
                r.xactScratch = fresh;
                return fresh;
            }
            p.xinfo = 0;
            p.dbId = 0;
            p.tsId = 0;
            p.nsubxacts = 0;
            p.subxactsOff = 0;
            p.nrels = 0;
            p.relsOff = 0;
            p.nstats = 0;
            p.statsOff = 0;
            p.nmsgs = 0;
            p.msgsOff = 0;
            p.twophaseXid = 0;
            p.originLsn = 0;
            p.originTimestamp = 0;
            return p;
        }
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        XactLayout layout = XactLayout.of(r.version());
        Text text = text(r.version());
        DescData d = r.mainData("Transaction main data");
        int origin = Math.max(r.origin(), 0);
        switch (r.info() & XLOG_XACT_OPMASK) {
            case XLOG_XACT_COMMIT, XLOG_XACT_COMMIT_PREPARED -> commit(sb, r, d, layout, text, origin);
            case XLOG_XACT_ABORT, XLOG_XACT_ABORT_PREPARED -> abort(sb, r, d, layout, text, origin);
            case XLOG_XACT_PREPARE -> prepare(sb, r, d, layout, text, origin);
            case XLOG_XACT_ASSIGNMENT -> {
                sb.append("xtop ").append(d.u32(0, "xtop")).append(": subxacts:");
                int n = d.count(d.i32(4, "nsubxacts"), 8, 4, "xsub");
                for (int i = 0; i < n; i++) {
                    sb.append(' ').append(d.u32(8 + 4 * i, "xsub"));
                }
            }
            // INVALIDATION exists from 14; 13 never writes info 0x60
            case XLOG_XACT_INVALIDATIONS -> StandbyDescriber.invalidations(sb, r.version(), d, 4, d.i32(0, "nmsgs"), 0, 0, false);
            default -> {
            }
        }
    }

    private static Parsed parse(DescRecord r, DescData d, XactLayout layout, boolean commit) {
        Parsed p = Parsed.of(r);
        int pos = 8;
        if ((r.info() & XLOG_XACT_HAS_INFO) != 0) {
            p.xinfo = d.u32(pos, "xinfo");
            pos += 4;
        }
        if ((p.xinfo & XACT_XINFO_HAS_DBINFO) != 0) {
            p.dbId = d.u32(pos, "dbId");
            p.tsId = d.u32(pos + 4, "tsId");
            pos += 8;
        }
        if ((p.xinfo & XACT_XINFO_HAS_SUBXACTS) != 0) {
            p.nsubxacts = d.count(d.i32(pos, "nsubxacts"), pos + 4, 4, "subxacts");
            p.subxactsOff = pos + 4;
            pos += 4 + 4 * p.nsubxacts;
        }
        if ((p.xinfo & XACT_XINFO_HAS_RELFILELOCATORS) != 0) {
            p.nrels = d.count(d.i32(pos, "nrels"), pos + 4, 12, "relfilelocators");
            p.relsOff = pos + 4;
            pos += 4 + 12 * p.nrels;
        }
        if (layout.hasStats() && (p.xinfo & XACT_XINFO_HAS_DROPPED_STATS) != 0) {
            int size = layout.statsItemSize();
            p.nstats = d.count(d.i32(pos, "nitems"), pos + 4, size, "dropped stats");
            p.statsOff = pos + 4;
            pos += 4 + size * p.nstats;
        }
        if (commit && (p.xinfo & XACT_XINFO_HAS_INVALS) != 0) {
            p.nmsgs = d.count(d.i32(pos, "nmsgs"), pos + 4, InvalidationMessage.SIZE, "invalidations");
            p.msgsOff = pos + 4;
            pos += 4 + InvalidationMessage.SIZE * p.nmsgs;
        }
        if ((p.xinfo & XACT_XINFO_HAS_TWOPHASE) != 0) {
            p.twophaseXid = d.u32(pos, "twophase xid");
            pos += 4;
            if ((p.xinfo & XACT_XINFO_HAS_GID) != 0) {
                pos = d.afterCstring(pos, "gid");
            }
        }
        if ((p.xinfo & XACT_XINFO_HAS_ORIGIN) != 0) {
            p.originLsn = d.i64(pos, "origin_lsn");
            p.originTimestamp = d.i64(pos + 8, "origin_timestamp");
        }
        return p;
    }

    private static void relations(TextBuffer sb, WalVersion v, DescData d, String label, int n, int off) {
        if (n > 0) {
            sb.append("; ").append(label).append(':');
            for (int i = 0; i < n; i++) {
                int o = off + 12 * i;
                long spc = d.u32(o, "spcOid");
                long db = d.u32(o + 4, "dbOid");
                long rel = d.u32(o + 8, "relNumber");
                DescFormat.relpath(sb.append(' '), v, spc, db, rel, 0);
            }
        }
    }

    private static void subxacts(TextBuffer sb, DescData d, int n, int off) {
        if (n > 0) {
            sb.append("; subxacts:");
            for (int i = 0; i < n; i++) {
                sb.append(' ').append(d.u32(off + 4 * i, "subxacts"));
            }
        }
    }

    private static void stats(TextBuffer sb, XactLayout layout, DescData d, String label, int n, int off) {
        if (n > 0) {
            sb.append("; ").append(label).append("dropped stats:");
            int size = layout.statsItemSize();
            for (int i = 0; i < n; i++) {
                int o = off + size * i;
                sb.append(' ').append(d.i32(o, "kind")).append('/').append(d.u32(o + 4, "dboid")).append('/');
                if (layout.wideObjid()) {
                    long objid = (d.u32(o + 12, "objid_hi") << 32) | d.u32(o + 8, "objid_lo");
                    sb.append(Long.toUnsignedString(objid));
                } else {
                    sb.append(d.u32(o + 8, "objoid"));
                }
            }
        }
    }

    private void origin(TextBuffer sb, WalVersion v, int origin, long lsn, long timestamp) {
        DescFormat.lsn(sb.append("; origin: node ").append(origin).append(", lsn "), v, lsn);
        DescFormat.timestamptz(sb.append(", at "), timestamp, ts);
    }

    private void commit(TextBuffer sb, DescRecord r, DescData d, XactLayout layout, Text text, int origin) {
        WalVersion v = r.version();
        Parsed p = parse(r, d, layout, true);
        if (p.twophaseXid != 0) {
            sb.append(p.twophaseXid).append(": ");
        }
        DescFormat.timestamptz(sb, d.i64(0, "xact_time"), ts);
        relations(sb, v, d, "rels", p.nrels, p.relsOff);
        subxacts(sb, d, p.nsubxacts, p.subxactsOff);
        stats(sb, layout, d, "", p.nstats, p.statsOff);
        StandbyDescriber.invalidations(sb, v, d, p.msgsOff, p.nmsgs, p.dbId, p.tsId,
                (p.xinfo & XACT_COMPLETION_UPDATE_RELCACHE_FILE) != 0);
        if (text.applyFeedback() && (p.xinfo & XACT_COMPLETION_APPLY_FEEDBACK) != 0) {
            sb.append("; apply_feedback");
        }
        if ((p.xinfo & XACT_COMPLETION_FORCE_SYNC_COMMIT) != 0) {
            sb.append("; sync");
        }
        if ((p.xinfo & XACT_XINFO_HAS_ORIGIN) != 0) {
            origin(sb, v, origin, p.originLsn, p.originTimestamp);
        }
    }

    private void abort(TextBuffer sb, DescRecord r, DescData d, XactLayout layout, Text text, int origin) {
        WalVersion v = r.version();
        Parsed p = parse(r, d, layout, false);
        if (p.twophaseXid != 0) {
            sb.append(p.twophaseXid).append(": ");
        }
        DescFormat.timestamptz(sb, d.i64(0, "xact_time"), ts);
        relations(sb, v, d, "rels", p.nrels, p.relsOff);
        subxacts(sb, d, p.nsubxacts, p.subxactsOff);
        if (text.abortExtras()) {
            if ((p.xinfo & XACT_XINFO_HAS_ORIGIN) != 0) {
                origin(sb, v, origin, p.originLsn, p.originTimestamp);
            }
            stats(sb, layout, d, "", p.nstats, p.statsOff);
        }
    }

    private static int maxalign(long n) {
        return (int) ((n + 7) & ~7L);
    }

    private void prepare(TextBuffer sb, DescRecord r, DescData d, XactLayout layout, Text text, int origin) {
        WalVersion v = r.version();
        boolean withStats = layout.hasStats();
        long database = d.u32(12, "database");
        long preparedAt = d.i64(16, "prepared_at");
        int nsubxacts = d.i32(28, "nsubxacts");
        int ncommitrels = d.i32(32, "ncommitrels");
        int nabortrels = d.i32(36, "nabortrels");
        int ncommitstats = withStats ? d.i32(40, "ncommitstats") : 0;
        int nabortstats = withStats ? d.i32(44, "nabortstats") : 0;
        int base = withStats ? 48 : 40;
        int ninvalmsgs = d.i32(base, "ninvalmsgs");
        boolean initfileinval = d.bool(base + 4, "initfileinval");
        int gidlen = d.u16(base + 6, "gidlen");
        long originLsn = d.i64(base + 8, "origin_lsn");
        long originTimestamp = d.i64(base + 16, "origin_timestamp");
        int pos = base + 24;

        d.count(gidlen, pos, 1, "gid");
        String gid = d.cstring(pos, gidlen, "gid");
        pos += maxalign(gidlen);
        int subxactsOff = pos;
        pos += maxalign(4L * d.count(nsubxacts, pos, 4, "subxacts"));
        int commitRelsOff = pos;
        pos += maxalign(12L * d.count(ncommitrels, pos, 12, "commit rels"));
        int abortRelsOff = pos;
        pos += maxalign(12L * d.count(nabortrels, pos, 12, "abort rels"));
        int size = withStats ? layout.statsItemSize() : 1; // before 15 both counts are 0: nothing to fit
        int commitStatsOff = pos;
        pos += maxalign((long) size * d.count(ncommitstats, pos, size, "commit stats"));
        int abortStatsOff = pos;
        pos += maxalign((long) size * d.count(nabortstats, pos, size, "abort stats"));
        int msgsOff = pos;

        DescFormat.timestamptz(sb.append("gid ").append(gid).append(": "), preparedAt, ts);
        relations(sb, v, d, "rels(commit)", ncommitrels, commitRelsOff);
        relations(sb, v, d, "rels(abort)", nabortrels, abortRelsOff);
        if (text.prepareStats()) {
            stats(sb, layout, d, "commit ", ncommitstats, commitStatsOff);
            stats(sb, layout, d, "abort ", nabortstats, abortStatsOff);
        }
        subxacts(sb, d, nsubxacts, subxactsOff);
        StandbyDescriber.invalidations(sb, v, d, msgsOff, ninvalmsgs, database, 0, initfileinval);
        if (text.prepareOrigin() && origin != 0) {
            origin(sb, v, origin, originLsn, originTimestamp);
        }
    }
}
