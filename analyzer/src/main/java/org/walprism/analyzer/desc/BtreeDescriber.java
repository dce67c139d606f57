package org.walprism.analyzer.desc;

import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_DEDUP;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_DELETE;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_INSERT_LEAF;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_INSERT_META;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_INSERT_POST;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_INSERT_UPPER;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_MARK_PAGE_HALFDEAD;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_META_CLEANUP;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_NEWROOT;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_REUSE_PAGE;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_SPLIT_L;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_SPLIT_R;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_UNLINK_PAGE;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_UNLINK_PAGE_META;
import static org.walprism.codec.rmgr.btree.BtreeType.XLOG_BTREE_VACUUM;
import static org.walprism.codec.rmgr.btree.BtreeView.*;

import org.walprism.codec.WalVersion;

/**
 * Desc text of Btree (rmgr 11) records, mirroring {@code btree_desc} in src/backend/access/rmgrdesc/nbtdesc.c: 13
 * with {@code latestRemovedXid} and {@code btpo_xact}, 14-15 with full-xid horizons in {@code key value} style, 16
 * in {@code key: value} style with the offsets of block 0, 17+ plus {@code isCatalogRel}. The bytes are read in
 * place at the offsets of {@link org.walprism.codec.rmgr.btree.BtreeView}, which carries the byte maps and the
 * layout of each version; the text style of each version is {@link #keyed}.
 */
public final class BtreeDescriber implements RmgrDescriber {

    /** Whether pg_waldump of {@code version} prints {@code key: value} (16+) rather than {@code key value}. */
    private static boolean keyed(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15 -> false;
            case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        WalVersion v = r.version();
        boolean keyed = keyed(v);
        DescData d = r.mainData("Btree main data");
        switch (r.info() & 0xF0) {
            case XLOG_BTREE_INSERT_LEAF, XLOG_BTREE_INSERT_UPPER, XLOG_BTREE_INSERT_META, XLOG_BTREE_INSERT_POST ->
                    sb.append(keyed ? "off: " : "off ").append(d.u16(OFFNUM, "offnum"));
            case XLOG_BTREE_SPLIT_L, XLOG_BTREE_SPLIT_R -> {
                long level = d.u32(SPLIT_LEVEL, "level");
                int firstright = d.u16(SPLIT_FIRSTRIGHTOFF, "firstrightoff");
                int newitem = d.u16(SPLIT_NEWITEMOFF, "newitemoff");
                int posting = d.u16(SPLIT_POSTINGOFF, "postingoff");
                String kv = keyed ? ": " : " ";
                sb.append("level").append(kv).append(level).append(", firstrightoff").append(kv).append(firstright)
                        .append(", newitemoff").append(kv).append(newitem).append(", postingoff").append(kv)
                        .append(posting);
            }
            case XLOG_BTREE_DEDUP -> sb.append(keyed ? "nintervals: " : "nintervals ").append(d.u16(OFFNUM, "nintervals"));
            case XLOG_BTREE_VACUUM -> {
                int ndeleted = d.u16(VACUUM_NDELETED, "ndeleted");
                int nupdated = d.u16(VACUUM_NUPDATED, "nupdated");
                if (keyed) {
                    sb.append("ndeleted: ").append(ndeleted).append(", nupdated: ").append(nupdated);
                    delvacuum(sb, r, ndeleted, nupdated);
                } else {
                    sb.append("ndeleted ").append(ndeleted).append("; nupdated ").append(nupdated);
                }
            }
            case XLOG_BTREE_DELETE -> delete(sb, r, d, keyed);
            case XLOG_BTREE_MARK_PAGE_HALFDEAD -> sb.append(keyed ? "topparent: " : "topparent ")
                    .append(d.u32(HALFDEAD_TOPPARENT, "topparent"))
                    .append(keyed ? ", leaf: " : "; leaf ").append(d.u32(HALFDEAD_LEAFBLK, "leafblk"))
                    .append(keyed ? ", left: " : "; left ").append(d.u32(HALFDEAD_LEFTBLK, "leftblk"))
                    .append(keyed ? ", right: " : "; right ").append(d.u32(HALFDEAD_RIGHTBLK, "rightblk"));
            case XLOG_BTREE_UNLINK_PAGE, XLOG_BTREE_UNLINK_PAGE_META -> unlink(sb, d, v, keyed);
            case XLOG_BTREE_NEWROOT -> sb.append(keyed ? "level: " : "lev ").append(d.u32(NEWROOT_LEVEL, "level"));
            case XLOG_BTREE_REUSE_PAGE -> reusePage(sb, d, v, keyed);
            case XLOG_BTREE_META_CLEANUP -> {
                DescData m = r.blockData(0, "Btree metadata block data");
                if (pg13Layout(v)) {
                    sb.append("oldest_btpo_xact ").append(m.u32(META_OLDEST_BTPO_XACT, "oldest_btpo_xact"))
                            .append("; last_cleanup_num_heap_tuples: ")
                            .append(DescFormat.cDouble(Double.longBitsToDouble(
                                    m.i64(META13_LAST_CLEANUP_NUM_HEAP_TUPLES, "last_cleanup_num_heap_tuples"))));
                } else {
                    sb.append(keyed ? "last_cleanup_num_delpages: " : "last_cleanup_num_delpages ")
                            .append(m.u32(META_LAST_CLEANUP_NUM_DELPAGES, "last_cleanup_num_delpages"));
                }
            }
            default -> {
            }
        }
    }

    private static void delete(TextBuffer sb, DescRecord r, DescData d, boolean keyed) {
        WalVersion v = r.version();
        if (pg13Layout(v)) {
            sb.append("latestRemovedXid ").append(d.u32(DELETE_HORIZON, "latestRemovedXid"))
                    .append("; ndeleted ").append(deleteNdeleted(v, d));
        } else if (!keyed) {
            sb.append("latestRemovedXid ").append(d.u32(DELETE_HORIZON, "latestRemovedXid"))
                    .append("; ndeleted ").append(deleteNdeleted(v, d))
                    .append("; nupdated ").append(d.u16(DELETE_NUPDATED, "nupdated"));
        } else {
            int ndeleted = (int) deleteNdeleted(v, d);
            int nupdated = d.u16(DELETE_NUPDATED, "nupdated");
            sb.append("snapshotConflictHorizon: ").append(d.u32(DELETE_HORIZON, "snapshotConflictHorizon"))
                    .append(", ndeleted: ").append(ndeleted).append(", nupdated: ").append(nupdated);
            if (printsCatalogRel(v)) {
                sb.append(", isCatalogRel: ").append(d.bool(DELETE_IS_CATALOG_REL, "isCatalogRel") ? 'T' : 'F');
            }
            delvacuum(sb, r, ndeleted, nupdated);
        }
    }

    private static void unlink(TextBuffer sb, DescData d, WalVersion v, boolean keyed) {
        if (pg13Layout(v)) {
            sb.append("left ").append(d.u32(UNLINK_LEFTSIB, "leftsib"))
                    .append("; right ").append(d.u32(UNLINK_RIGHTSIB, "rightsib"))
                    .append("; btpo_xact ").append(d.u32(UNLINK13_BTPO_XACT, "btpo_xact"))
                    .append("; leafleft ").append(d.u32(UNLINK13_LEAFLEFTSIB, "leafleftsib"))
                    .append("; leafright ").append(d.u32(UNLINK13_LEAFRIGHTSIB, "leafrightsib"))
                    .append("; topparent ").append(d.u32(UNLINK13_TOPPARENT, "topparent"));
            return;
        }
        String sep = keyed ? ", " : "; ";
        String kv = keyed ? ": " : " ";
        long safexid = d.i64(UNLINK_SAFEXID, "safexid");
        sb.append("left").append(kv).append(d.u32(UNLINK_LEFTSIB, "leftsib"))
                .append(sep).append("right").append(kv).append(d.u32(UNLINK_RIGHTSIB, "rightsib"))
                .append(sep).append("level").append(kv).append(d.u32(UNLINK_LEVEL, "level"))
                .append(sep).append("safexid").append(kv).append(safexid >>> 32).append(':')
                .append(safexid & 0xFFFFFFFFL)
                .append(sep).append("leafleft").append(kv).append(d.u32(UNLINK_LEAFLEFTSIB, "leafleftsib"))
                .append(sep).append("leafright").append(kv).append(d.u32(UNLINK_LEAFRIGHTSIB, "leafrightsib"))
                .append(sep).append("leaftopparent").append(kv).append(d.u32(UNLINK_LEAFTOPPARENT, "leaftopparent"));
    }

    private static void reusePage(TextBuffer sb, DescData d, WalVersion v, boolean keyed) {
        long spc = d.u32(REUSE_SPC_OID, "spcOid");
        long db = d.u32(REUSE_DB_OID, "dbOid");
        long rel = d.u32(REUSE_REL_NUMBER, "relNumber");
        if (pg13Layout(v)) {
            long xid = d.u32(REUSE_HORIZON, "latestRemovedXid");
            sb.append("rel ").append(spc).append('/').append(db).append('/').append(rel)
                    .append("; latestRemovedXid ").append(xid);
            return;
        }
        long h = d.i64(REUSE_HORIZON, "snapshotConflictHorizon");
        if (!keyed) {
            sb.append("rel ").append(spc).append('/').append(db).append('/').append(rel)
                    .append("; latestRemovedXid ").append(h >>> 32).append(':').append(h & 0xFFFFFFFFL);
        } else {
            sb.append("rel: ").append(spc).append('/').append(db).append('/').append(rel)
                    .append(", snapshotConflictHorizon: ").append(h >>> 32).append(':')
                    .append(h & 0xFFFFFFFFL);
            if (printsCatalogRel(v)) {
                sb.append(", isCatalogRel: ").append(d.bool(REUSE_IS_CATALOG_REL, "isCatalogRel") ? 'T' : 'F');
            }
        }
    }

    /** {@code delvacuum_desc}: only when block 0 carries data (no FPI). */
    private static void delvacuum(TextBuffer sb, DescRecord r, int ndeleted, int nupdated) {
        int b0 = r.blockIndex(0);
        if (b0 < 0 || !r.hasData(b0)) {
            return;
        }
        DescData b = r.blockData(0, "Btree block 0 data");
        sb.append(", deleted:");
        DescFormat.offsetArray(sb, b, 0, ndeleted, "deleted offsets");
        sb.append(", updated: [");
        int updatedOff = 2 * ndeleted;
        b.count(nupdated, updatedOff, 2, "updated offsets");
        int pos = updatedOff + 2 * nupdated;
        for (int i = 0; i < nupdated; i++) {
            int ntids = b.u16(pos, "ndeletedtids");
            sb.append("{ off: ").append(b.u16(updatedOff + 2 * i, "updated offsets")).append(", nptids: ").append(ntids)
                    .append(", ptids: [");
            b.count(ntids, pos + 2, 2, "ptids");
            for (int p = 0; p < ntids; p++) {
                if (p > 0) {
                    sb.append(", ");
                }
                sb.append(b.u16(pos + 2 + 2 * p, "ptids"));
            }
            sb.append("] }");
            if (i < nupdated - 1) {
                sb.append(", ");
            }
            pos += 2 + 2 * ntids;
        }
        sb.append(']');
    }
}
