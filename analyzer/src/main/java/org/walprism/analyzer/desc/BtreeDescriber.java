package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;

/**
 * Desc text of Btree (rmgr 11) records, mirroring {@code btree_desc} in src/backend/access/rmgrdesc/nbtdesc.c.
 *
 * <p>Main-data structs (src/include/access/nbtxlog.h):
 * <ul>
 * <li>{@code xl_btree_insert => offnum: uint16}; {@code xl_btree_dedup => nintervals: uint16}</li>
 * <li>{@code xl_btree_split => level: uint32, firstrightoff: uint16, newitemoff: uint16, postingoff: uint16}</li>
 * <li>{@code xl_btree_vacuum => ndeleted: uint16, nupdated: uint16}</li>
 * <li>{@code xl_btree_delete => latestRemovedXid: uint32, ndeleted: uint32} (13);
 *     {@code snapshotConflictHorizon: uint32, ndeleted: uint16, nupdated: uint16, [isCatalogRel: bool (16+)]} (14+)</li>
 * <li>{@code xl_btree_mark_page_halfdead => poffset: uint16, pad: 2, leafblk, leftblk, rightblk, topparent: uint32}</li>
 * <li>{@code xl_btree_unlink_page => leftsib, rightsib, leafleftsib, leafrightsib, topparent, btpo_xact: uint32} (13);
 *     {@code leftsib, rightsib, level: uint32, pad: 4, safexid: uint64, leafleftsib, leafrightsib,
 *     leaftopparent: uint32} (14+)</li>
 * <li>{@code xl_btree_newroot => rootblk: uint32, level: uint32}</li>
 * <li>{@code xl_btree_reuse_page => locator: RelFileLocator, block: uint32, latestRemovedXid: uint32} (13);
 *     {@code locator, block, snapshotConflictHorizon: uint64, [isCatalogRel: bool (16+)]} (14+)</li>
 * <li>block 0 data of META_CLEANUP: {@code xl_btree_metadata => version, root, level, fastroot, fastlevel: uint32,
 *     oldest_btpo_xact: uint32, last_cleanup_num_heap_tuples: float8} (13);
 *     {@code ..., last_cleanup_num_delpages: uint32, allequalimage: bool} (14+)</li>
 * </ul>
 * VACUUM/DELETE block 0 data (16+ prints it): {@code deleted: uint16[ndeleted], updated: uint16[nupdated],
 * then per update {ndeletedtids: uint16, ptids: uint16[ndeletedtids]}}.
 */
public final class BtreeDescriber implements RmgrDescriber {

    /** Text family of a version's btree_desc. */
    private enum Style {
        /** 13: {@code latestRemovedXid}, {@code btpo_xact}, float cleanup tuples. */
        PG13,
        /** 14-15: full-xid safexid, {@code key value} with semicolons. */
        PG14,
        /** 16: {@code key: value}, offset arrays from block data. */
        PG16,
        /** 17+: as 16 plus isCatalogRel on DELETE and REUSE_PAGE. */
        PG17
    }

    private static Style style(WalVersion version) {
        return switch (version) {
            case PG13 -> Style.PG13;
            case PG14, PG15 -> Style.PG14;
            case PG16 -> Style.PG16;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> Style.PG17;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        Style style = style(r.version());
        boolean keyed = style == Style.PG16 || style == Style.PG17;
        DescData d = r.mainData("Btree main data");
        switch (r.info() & 0xF0) {
            case 0x00, 0x10, 0x20, 0x50 -> sb.append(keyed ? "off: " : "off ").append(d.u16(0, "offnum"));
            case 0x30, 0x40 -> {
                long level = d.u32(0, "level");
                int firstright = d.u16(4, "firstrightoff");
                int newitem = d.u16(6, "newitemoff");
                int posting = d.u16(8, "postingoff");
                String kv = keyed ? ": " : " ";
                sb.append("level").append(kv).append(level).append(", firstrightoff").append(kv).append(firstright)
                        .append(", newitemoff").append(kv).append(newitem).append(", postingoff").append(kv)
                        .append(posting);
            }
            case 0x60 -> sb.append(keyed ? "nintervals: " : "nintervals ").append(d.u16(0, "nintervals"));
            case 0xC0 -> {
                int ndeleted = d.u16(0, "ndeleted");
                int nupdated = d.u16(2, "nupdated");
                if (keyed) {
                    sb.append("ndeleted: ").append(ndeleted).append(", nupdated: ").append(nupdated);
                    delvacuum(sb, r, ndeleted, nupdated);
                } else {
                    sb.append("ndeleted ").append(ndeleted).append("; nupdated ").append(nupdated);
                }
            }
            case 0x70 -> delete(sb, r, d, style);
            case 0xB0 -> sb.append(keyed ? "topparent: " : "topparent ").append(d.u32(16, "topparent"))
                    .append(keyed ? ", leaf: " : "; leaf ").append(d.u32(4, "leafblk"))
                    .append(keyed ? ", left: " : "; left ").append(d.u32(8, "leftblk"))
                    .append(keyed ? ", right: " : "; right ").append(d.u32(12, "rightblk"));
            case 0x80, 0x90 -> unlink(sb, d, style);
            case 0xA0 -> sb.append(keyed ? "level: " : "lev ").append(d.u32(4, "level"));
            case 0xD0 -> reusePage(sb, d, style);
            case 0xE0 -> {
                DescData m = r.blockData(0, "Btree metadata block data");
                switch (style) {
                    case PG13 -> sb.append("oldest_btpo_xact ").append(m.u32(20, "oldest_btpo_xact"))
                            .append("; last_cleanup_num_heap_tuples: ")
                            .append(DescFormat.cDouble(Double.longBitsToDouble(m.i64(24, "last_cleanup_num_heap_tuples"))));
                    case PG14 -> sb.append("last_cleanup_num_delpages ").append(m.u32(20, "last_cleanup_num_delpages"));
                    case PG16, PG17 -> sb.append("last_cleanup_num_delpages: ")
                            .append(m.u32(20, "last_cleanup_num_delpages"));
                    default -> throw new AssertionError(style);
                }
            }
            default -> {
            }
        }
    }

    private static void delete(TextBuffer sb, DescRecord r, DescData d, Style style) {
        switch (style) {
            case PG13 -> sb.append("latestRemovedXid ").append(d.u32(0, "latestRemovedXid"))
                    .append("; ndeleted ").append(d.u32(4, "ndeleted"));
            case PG14 -> sb.append("latestRemovedXid ").append(d.u32(0, "latestRemovedXid"))
                    .append("; ndeleted ").append(d.u16(4, "ndeleted"))
                    .append("; nupdated ").append(d.u16(6, "nupdated"));
            case PG16, PG17 -> {
                int ndeleted = d.u16(4, "ndeleted");
                int nupdated = d.u16(6, "nupdated");
                sb.append("snapshotConflictHorizon: ").append(d.u32(0, "snapshotConflictHorizon"))
                        .append(", ndeleted: ").append(ndeleted).append(", nupdated: ").append(nupdated);
                if (style == Style.PG17) {
                    sb.append(", isCatalogRel: ").append(d.bool(8, "isCatalogRel") ? 'T' : 'F');
                }
                delvacuum(sb, r, ndeleted, nupdated);
            }
            default -> throw new AssertionError(style);
        }
    }

    private static void unlink(TextBuffer sb, DescData d, Style style) {
        switch (style) {
            case PG13 -> sb.append("left ").append(d.u32(0, "leftsib")).append("; right ").append(d.u32(4, "rightsib"))
                    .append("; btpo_xact ").append(d.u32(20, "btpo_xact"))
                    .append("; leafleft ").append(d.u32(8, "leafleftsib"))
                    .append("; leafright ").append(d.u32(12, "leafrightsib"))
                    .append("; topparent ").append(d.u32(16, "topparent"));
            case PG14, PG16, PG17 -> {
                boolean keyed = style != Style.PG14;
                String sep = keyed ? ", " : "; ";
                String kv = keyed ? ": " : " ";
                long safexid = d.i64(16, "safexid");
                sb.append("left").append(kv).append(d.u32(0, "leftsib"))
                        .append(sep).append("right").append(kv).append(d.u32(4, "rightsib"))
                        .append(sep).append("level").append(kv).append(d.u32(8, "level"))
                        .append(sep).append("safexid").append(kv).append(safexid >>> 32).append(':')
                        .append(safexid & 0xFFFFFFFFL)
                        .append(sep).append("leafleft").append(kv).append(d.u32(24, "leafleftsib"))
                        .append(sep).append("leafright").append(kv).append(d.u32(28, "leafrightsib"))
                        .append(sep).append("leaftopparent").append(kv).append(d.u32(32, "leaftopparent"));
            }
            default -> throw new AssertionError(style);
        }
    }

    private static void reusePage(TextBuffer sb, DescData d, Style style) {
        long spc = d.u32(0, "spcOid");
        long db = d.u32(4, "dbOid");
        long rel = d.u32(8, "relNumber");
        switch (style) {
            case PG13 -> {
                long xid = d.u32(16, "latestRemovedXid");
                sb.append("rel ").append(spc).append('/').append(db).append('/').append(rel)
                        .append("; latestRemovedXid ").append(xid);
            }
            case PG14, PG16, PG17 -> {
                long h = d.i64(16, "snapshotConflictHorizon");
                if (style == Style.PG14) {
                    sb.append("rel ").append(spc).append('/').append(db).append('/').append(rel)
                            .append("; latestRemovedXid ").append(h >>> 32).append(':').append(h & 0xFFFFFFFFL);
                } else {
                    sb.append("rel: ").append(spc).append('/').append(db).append('/').append(rel)
                            .append(", snapshotConflictHorizon: ").append(h >>> 32).append(':')
                            .append(h & 0xFFFFFFFFL);
                    if (style == Style.PG17) {
                        sb.append(", isCatalogRel: ").append(d.bool(24, "isCatalogRel") ? 'T' : 'F');
                    }
                }
            }
            default -> throw new AssertionError(style);
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
