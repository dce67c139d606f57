package org.walprism.analyzer.desc;

import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.xact.DroppedStats;
import org.walprism.codec.rmgr.xact.XactAbort;
import org.walprism.codec.rmgr.xact.XactAssignment;
import org.walprism.codec.rmgr.xact.XactCommit;
import org.walprism.codec.rmgr.xact.XactInvalidations;
import org.walprism.codec.rmgr.xact.XactLayout;
import org.walprism.codec.rmgr.xact.XactPrepare;
import org.walprism.codec.rmgr.xact.XactRecord;

/**
 * pg_waldump's desc text of a typed Transaction record ({@code xact_desc} and its {@code xact_desc_commit},
 * {@code xact_desc_abort}, {@code xact_desc_prepare}, {@code xact_desc_assignment}, src/backend/access/rmgrdesc/
 * xactdesc.c). The same text {@link XactDescriber} prints from the bytes in dump's hot path (a test holds the two
 * equal on every corpus record).
 */
public final class XactTypedDesc {
    private XactTypedDesc() {
    }

    /**
     * The desc text of {@code r}, written by {@code version}, with timestamps as pg_waldump prints them.
     *
     * @param origin the record's replication origin ({@code DecodedRecord.origin()}, -1 when none)
     */
    public static String describe(WalVersion version, XactRecord r, int origin) {
        TextBuffer sb = new TextBuffer(64);
        describe(version, r, origin, TimestampStyle.WALDUMP, sb);
        return sb.toString();
    }

    /** Appends the desc text of {@code r} with timestamps in {@code ts} style to {@code sb}. */
    public static void describe(WalVersion version, XactRecord r, int origin, TimestampStyle ts, TextBuffer sb) {
        XactLayout layout = XactLayout.of(version);
        int node = Math.max(origin, 0);
        if (r instanceof XactCommit c) {
            commit(sb, version, layout, c, node, ts);
        } else if (r instanceof XactAbort a) {
            abort(sb, version, layout, a, node, ts);
        } else if (r instanceof XactPrepare p) {
            prepare(sb, version, layout, p, node, ts);
        } else if (r instanceof XactAssignment a) {
            sb.append("xtop ").append(a.xtop()).append(": subxacts:");
            for (long x : a.xsub()) {
                sb.append(' ').append(x);
            }
        } else if (r instanceof XactInvalidations i) {
            TypedInvalidations.append(sb, version, i.msgs(), 0, 0, false);
        }
    }

    private static void commit(TextBuffer sb, WalVersion v, XactLayout layout, XactCommit c, int node,
                               TimestampStyle ts) {
        if (c.twophaseXid() != 0) {
            sb.append(c.twophaseXid()).append(": ");
        }
        DescFormat.timestamptz(sb, c.xactTime(), ts);
        relations(sb, v, "rels", c.rels());
        subxacts(sb, c.subxacts());
        stats(sb, layout, "", c.droppedStats());
        TypedInvalidations.append(sb, v, c.msgs(), c.dbId(), c.tsId(),
                (c.xinfo() & XactCommit.COMPLETION_UPDATE_RELCACHE_FILE) != 0);
        if (layout != XactLayout.PG13 && (c.xinfo() & XactCommit.COMPLETION_APPLY_FEEDBACK) != 0) {
            sb.append("; apply_feedback");
        }
        if ((c.xinfo() & XactCommit.COMPLETION_FORCE_SYNC_COMMIT) != 0) {
            sb.append("; sync");
        }
        if (c.hasOrigin()) {
            origin(sb, v, node, c.originLsn(), c.originTimestamp(), ts);
        }
    }

    private static void abort(TextBuffer sb, WalVersion v, XactLayout layout, XactAbort a, int node,
                              TimestampStyle ts) {
        if (a.twophaseXid() != 0) {
            sb.append(a.twophaseXid()).append(": ");
        }
        DescFormat.timestamptz(sb, a.xactTime(), ts);
        relations(sb, v, "rels", a.rels());
        subxacts(sb, a.subxacts());
        if (layout != XactLayout.PG13) {
            if (a.hasOrigin()) {
                origin(sb, v, node, a.originLsn(), a.originTimestamp(), ts);
            }
            stats(sb, layout, "", a.droppedStats());
        }
    }

    private static void prepare(TextBuffer sb, WalVersion v, XactLayout layout, XactPrepare p, int node,
                                TimestampStyle ts) {
        DescFormat.timestamptz(sb.append("gid ").append(p.gid()).append(": "), p.preparedAt(), ts);
        relations(sb, v, "rels(commit)", p.commitRels());
        relations(sb, v, "rels(abort)", p.abortRels());
        if (layout == XactLayout.PG18) {
            // 15-17 ParsePrepareRecord leaves the stats counts at zero, so only 18+ print them
            stats(sb, layout, "commit ", p.commitStats());
            stats(sb, layout, "abort ", p.abortStats());
        }
        subxacts(sb, p.subxacts());
        TypedInvalidations.append(sb, v, p.msgs(), p.database(), 0, p.initfileinval());
        if (layout != XactLayout.PG13 && node != 0) {
            origin(sb, v, node, p.originLsn(), p.originTimestamp(), ts);
        }
    }

    private static void relations(TextBuffer sb, WalVersion v, String label, List<RelFileLocator> rels) {
        if (!rels.isEmpty()) {
            sb.append("; ").append(label).append(':');
            for (RelFileLocator r : rels) {
                DescFormat.relpath(sb.append(' '), v, r.spcOid(), r.dbOid(), r.relNumber(), 0);
            }
        }
    }

    private static void subxacts(TextBuffer sb, List<Long> xids) {
        if (!xids.isEmpty()) {
            sb.append("; subxacts:");
            for (long x : xids) {
                sb.append(' ').append(x);
            }
        }
    }

    private static void stats(TextBuffer sb, XactLayout layout, String label, List<DroppedStats> stats) {
        if (!stats.isEmpty()) {
            sb.append("; ").append(label).append("dropped stats:");
            for (DroppedStats s : stats) {
                sb.append(' ').append(s.kind()).append('/').append(s.dbOid()).append('/');
                if (layout == XactLayout.PG18) {
                    sb.append(Long.toUnsignedString(s.objId()));
                } else {
                    sb.append(s.objId());
                }
            }
        }
    }

    private static void origin(TextBuffer sb, WalVersion v, int node, long lsn, long timestamp, TimestampStyle ts) {
        DescFormat.lsn(sb.append("; origin: node ").append(node).append(", lsn "), v, lsn);
        DescFormat.timestamptz(sb.append(", at "), timestamp, ts);
    }
}
