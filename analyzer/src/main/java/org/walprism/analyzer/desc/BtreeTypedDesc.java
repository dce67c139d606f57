package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.rmgr.btree.BtreeDedup;
import org.walprism.codec.rmgr.btree.BtreeDelete;
import org.walprism.codec.rmgr.btree.BtreeInsert;
import org.walprism.codec.rmgr.btree.BtreeMarkPageHalfdead;
import org.walprism.codec.rmgr.btree.BtreeMetaCleanup;
import org.walprism.codec.rmgr.btree.BtreeMetadata;
import org.walprism.codec.rmgr.btree.BtreeNewroot;
import org.walprism.codec.rmgr.btree.BtreeRecord;
import org.walprism.codec.rmgr.btree.BtreeReusePage;
import org.walprism.codec.rmgr.btree.BtreeSplit;
import org.walprism.codec.rmgr.btree.BtreeUnlinkPage;
import org.walprism.codec.rmgr.btree.BtreeVacuum;
import org.walprism.codec.rmgr.btree.DeletedItems;
import org.walprism.codec.rmgr.btree.PostingUpdate;

/**
 * pg_waldump's desc text of a typed Btree record ({@code btree_desc}, src/backend/access/rmgrdesc/nbtdesc.c, and
 * its {@code delvacuum_desc}): 13 with {@code latestRemovedXid} and {@code btpo_xact}, 14-15 with full-xid
 * horizons in {@code key value} style, 16 in {@code key: value} style with the offsets of block 0, 17+ plus
 * {@code isCatalogRel}. The same text {@link BtreeDescriber} prints from the bytes in dump's hot path (a test
 * holds the two equal on every corpus record).
 */
public final class BtreeTypedDesc {
    private BtreeTypedDesc() {
    }

    private enum Style { PG13, PG14, PG16, PG17 }

    private static Style style(WalVersion version) {
        return switch (version) {
            case PG13 -> Style.PG13;
            case PG14, PG15 -> Style.PG14;
            case PG16 -> Style.PG16;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> Style.PG17;
        };
    }

    /** The desc text of {@code r}, written by {@code version}. */
    public static String describe(WalVersion version, BtreeRecord r) {
        TextBuffer sb = new TextBuffer(64);
        describe(version, r, sb);
        return sb.toString();
    }

    /** Appends the desc text of {@code r} to {@code sb}. */
    public static void describe(WalVersion version, BtreeRecord r, TextBuffer sb) {
        Style style = style(version);
        boolean keyed = style == Style.PG16 || style == Style.PG17;
        String kv = keyed ? ": " : " ";
        if (r instanceof BtreeInsert i) {
            sb.append("off").append(kv).append(i.offnum());
        } else if (r instanceof BtreeSplit s) {
            sb.append("level").append(kv).append(s.level()).append(", firstrightoff").append(kv)
                    .append(s.firstrightoff()).append(", newitemoff").append(kv).append(s.newitemoff())
                    .append(", postingoff").append(kv).append(s.postingoff());
        } else if (r instanceof BtreeDedup d) {
            sb.append("nintervals").append(kv).append(d.nintervals());
        } else if (r instanceof BtreeVacuum v) {
            if (keyed) {
                sb.append("ndeleted: ").append(v.ndeleted()).append(", nupdated: ").append(v.nupdated());
                delvacuum(sb, v.items());
            } else {
                sb.append("ndeleted ").append(v.ndeleted()).append("; nupdated ").append(v.nupdated());
            }
        } else if (r instanceof BtreeDelete d) {
            delete(sb, style, d);
        } else if (r instanceof BtreeMarkPageHalfdead h) {
            sb.append(keyed ? "topparent: " : "topparent ").append(h.topparent())
                    .append(keyed ? ", leaf: " : "; leaf ").append(h.leafblk())
                    .append(keyed ? ", left: " : "; left ").append(h.leftblk())
                    .append(keyed ? ", right: " : "; right ").append(h.rightblk());
        } else if (r instanceof BtreeUnlinkPage u) {
            unlink(sb, style, u);
        } else if (r instanceof BtreeNewroot n) {
            sb.append(keyed ? "level: " : "lev ").append(n.level());
        } else if (r instanceof BtreeReusePage p) {
            reuse(sb, style, p);
        } else if (r instanceof BtreeMetaCleanup m) {
            BtreeMetadata md = m.meta().metadata();
            if (md instanceof BtreeMetadata.Pg13 o) {
                sb.append("oldest_btpo_xact ").append(o.oldestBtpoXact())
                        .append("; last_cleanup_num_heap_tuples: ")
                        .append(DescFormat.cDouble(Double.longBitsToDouble(o.lastCleanupNumHeapTuples())));
            } else if (md instanceof BtreeMetadata.Pg14 n) {
                sb.append(keyed ? "last_cleanup_num_delpages: " : "last_cleanup_num_delpages ")
                        .append(n.lastCleanupNumDelpages());
            }
        }
    }

    private static void delete(TextBuffer sb, Style style, BtreeDelete d) {
        switch (style) {
            case PG13 -> sb.append("latestRemovedXid ").append(d.snapshotConflictHorizon())
                    .append("; ndeleted ").append(d.ndeleted());
            case PG14 -> sb.append("latestRemovedXid ").append(d.snapshotConflictHorizon())
                    .append("; ndeleted ").append(d.ndeleted()).append("; nupdated ").append(d.nupdated());
            case PG16, PG17 -> {
                sb.append("snapshotConflictHorizon: ").append(d.snapshotConflictHorizon())
                        .append(", ndeleted: ").append(d.ndeleted()).append(", nupdated: ").append(d.nupdated());
                if (style == Style.PG17) {
                    sb.append(", isCatalogRel: ").append(d.isCatalogRel() ? 'T' : 'F');
                }
                delvacuum(sb, d.items());
            }
        }
    }

    private static void fullXid(TextBuffer sb, long fxid) {
        sb.append(fxid >>> 32).append(':').append(fxid & 0xFFFFFFFFL);
    }

    private static void unlink(TextBuffer sb, Style style, BtreeUnlinkPage u) {
        if (u instanceof BtreeUnlinkPage.Pg13 o) {
            sb.append("left ").append(o.leftsib()).append("; right ").append(o.rightsib())
                    .append("; btpo_xact ").append(o.btpoXact())
                    .append("; leafleft ").append(o.leafleftsib())
                    .append("; leafright ").append(o.leafrightsib())
                    .append("; topparent ").append(o.leaftopparent());
        } else if (u instanceof BtreeUnlinkPage.Pg14 n) {
            boolean keyed = style != Style.PG14;
            String sep = keyed ? ", " : "; ";
            String kv = keyed ? ": " : " ";
            sb.append("left").append(kv).append(n.leftsib())
                    .append(sep).append("right").append(kv).append(n.rightsib())
                    .append(sep).append("level").append(kv).append(n.level())
                    .append(sep).append("safexid").append(kv);
            fullXid(sb, n.safexid());
            sb.append(sep).append("leafleft").append(kv).append(n.leafleftsib())
                    .append(sep).append("leafright").append(kv).append(n.leafrightsib())
                    .append(sep).append("leaftopparent").append(kv).append(n.leaftopparent());
        }
    }

    private static void reuse(TextBuffer sb, Style style, BtreeReusePage p) {
        String rel = p.locator().spcOid() + "/" + p.locator().dbOid() + "/" + p.locator().relNumber();
        switch (style) {
            case PG13 -> sb.append("rel ").append(rel).append("; latestRemovedXid ").append(p.snapshotConflictHorizon());
            case PG14 -> {
                sb.append("rel ").append(rel).append("; latestRemovedXid ");
                fullXid(sb, p.snapshotConflictHorizon());
            }
            case PG16, PG17 -> {
                sb.append("rel: ").append(rel).append(", snapshotConflictHorizon: ");
                fullXid(sb, p.snapshotConflictHorizon());
                if (style == Style.PG17) {
                    sb.append(", isCatalogRel: ").append(p.isCatalogRel() ? 'T' : 'F');
                }
            }
        }
    }

    /** {@code delvacuum_desc}: only when block 0 carries data (no image). */
    private static void delvacuum(TextBuffer sb, DeletedItems items) {
        if (items.presence() != BlockDataPresence.PRESENT) {
            return;
        }
        sb.append(", deleted:");
        TypedDescs.offsets(sb, items.deleted());
        sb.append(", updated: [");
        for (int i = 0; i < items.updates().size(); i++) {
            PostingUpdate u = items.updates().get(i);
            sb.append("{ off: ").append(u.offset()).append(", nptids: ").append(u.ptids().size()).append(", ptids: [");
            for (int p = 0; p < u.ptids().size(); p++) {
                if (p > 0) {
                    sb.append(", ");
                }
                sb.append(u.ptids().get(p));
            }
            sb.append("] }");
            if (i < items.updates().size() - 1) {
                sb.append(", ");
            }
        }
        sb.append(']');
    }
}
