package org.walprism.codec.rmgr.btree;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.FieldReader;

/**
 * Zero-allocation reads of Btree (rmgr 11) main data and block 0 data in place, the one reader of these layouts
 * that pg_waldump's desc text (analyzer {@code BtreeDescriber}) and the length rules ({@link #minMainLength}) share. Offsets are chained, each the previous offset plus the previous field's size, under
 * the struct's byte map (src/include/access/nbtxlog.h):
 * <ul>
 * <li>{@code xl_btree_insert => offnum: uint16}; {@code xl_btree_dedup => nintervals: uint16}</li>
 * <li>{@code xl_btree_split => level: uint32, firstrightoff: uint16, newitemoff: uint16, postingoff: uint16}</li>
 * <li>{@code xl_btree_vacuum => ndeleted: uint16, nupdated: uint16}</li>
 * <li>{@code xl_btree_delete => latestRemovedXid: uint32, ndeleted: uint32} (13);
 *     {@code snapshotConflictHorizon: uint32, ndeleted: uint16, nupdated: uint16, [isCatalogRel: bool (16+)]}
 *     (14+)</li>
 * <li>{@code xl_btree_mark_page_halfdead => poffset: uint16, pad: 2, leafblk, leftblk, rightblk, topparent:
 *     uint32}</li>
 * <li>{@code xl_btree_unlink_page => leftsib, rightsib, leafleftsib, leafrightsib, topparent, btpo_xact: uint32}
 *     (13); {@code leftsib, rightsib, level: uint32, pad: 4, safexid: uint64, leafleftsib, leafrightsib,
 *     leaftopparent: uint32} (14+)</li>
 * <li>{@code xl_btree_newroot => rootblk: uint32, level: uint32}</li>
 * <li>{@code xl_btree_reuse_page => locator: RelFileLocator, block: uint32, latestRemovedXid: uint32} (13);
 *     {@code locator, block, snapshotConflictHorizon: uint64, [isCatalogRel: bool (16+)]} (14+)</li>
 * <li>block 0 of META_CLEANUP: {@code xl_btree_metadata => version, root, level, fastroot, fastlevel: uint32,
 *     oldest_btpo_xact: uint32, last_cleanup_num_heap_tuples: float8} (13);
 *     {@code ..., last_cleanup_num_delpages: uint32, allequalimage: bool} (14+)</li>
 * <li>block 0 of VACUUM and DELETE (14+): {@code deleted: uint16[ndeleted], updated: uint16[nupdated]}, then per
 *     update {@code ndeletedtids: uint16, ptids: uint16[ndeletedtids]}</li>
 * </ul>
 * The typed records ({@link BtreeCodec}) decode the same structs into values.
 */
public final class BtreeView {
    private BtreeView() {
    }

    /** {@code xl_btree_insert.offnum}, {@code xl_btree_dedup.nintervals}. */
    public static final int OFFNUM = 0;
    /** {@code SizeOfBtreeInsert}, {@code SizeOfBtreeDedup}. */
    public static final int SIZE_OF_BTREE_INSERT = OFFNUM + 2;

    /** {@code xl_btree_split.level}. */
    public static final int SPLIT_LEVEL = 0;
    /** {@code xl_btree_split.firstrightoff}. */
    public static final int SPLIT_FIRSTRIGHTOFF = SPLIT_LEVEL + 4;
    /** {@code xl_btree_split.newitemoff}. */
    public static final int SPLIT_NEWITEMOFF = SPLIT_FIRSTRIGHTOFF + 2;
    /** {@code xl_btree_split.postingoff}. */
    public static final int SPLIT_POSTINGOFF = SPLIT_NEWITEMOFF + 2;
    /** {@code SizeOfBtreeSplit}. */
    public static final int SIZE_OF_BTREE_SPLIT = SPLIT_POSTINGOFF + 2;

    /** {@code xl_btree_vacuum.ndeleted}. */
    public static final int VACUUM_NDELETED = 0;
    /** {@code xl_btree_vacuum.nupdated}. */
    public static final int VACUUM_NUPDATED = VACUUM_NDELETED + 2;
    /** {@code SizeOfBtreeVacuum}. */
    public static final int SIZE_OF_BTREE_VACUUM = VACUUM_NUPDATED + 2;

    /** {@code xl_btree_delete.latestRemovedXid} / {@code snapshotConflictHorizon}. */
    public static final int DELETE_HORIZON = 0;
    /** {@code xl_btree_delete.ndeleted} (uint32 in 13, uint16 from 14). */
    public static final int DELETE_NDELETED = DELETE_HORIZON + 4;
    /** {@code xl_btree_delete.nupdated} (14+). */
    public static final int DELETE_NUPDATED = DELETE_NDELETED + 2;
    /** {@code xl_btree_delete.isCatalogRel} (16+). */
    public static final int DELETE_IS_CATALOG_REL = DELETE_NUPDATED + 2;
    /** {@code SizeOfBtreeDelete} of 16 on. */
    public static final int SIZE_OF_BTREE_DELETE = DELETE_IS_CATALOG_REL + 1;

    /** {@code xl_btree_mark_page_halfdead.poffset}. */
    public static final int HALFDEAD_POFFSET = 0;
    /** {@code xl_btree_mark_page_halfdead.leafblk} (after 2 pad bytes). */
    public static final int HALFDEAD_LEAFBLK = HALFDEAD_POFFSET + 2 + 2;
    /** {@code xl_btree_mark_page_halfdead.leftblk}. */
    public static final int HALFDEAD_LEFTBLK = HALFDEAD_LEAFBLK + 4;
    /** {@code xl_btree_mark_page_halfdead.rightblk}. */
    public static final int HALFDEAD_RIGHTBLK = HALFDEAD_LEFTBLK + 4;
    /** {@code xl_btree_mark_page_halfdead.topparent}. */
    public static final int HALFDEAD_TOPPARENT = HALFDEAD_RIGHTBLK + 4;
    /** {@code SizeOfBtreeMarkPageHalfDead}. */
    public static final int SIZE_OF_BTREE_MARK_PAGE_HALFDEAD = HALFDEAD_TOPPARENT + 4;

    /** {@code xl_btree_unlink_page.leftsib}. */
    public static final int UNLINK_LEFTSIB = 0;
    /** {@code xl_btree_unlink_page.rightsib}. */
    public static final int UNLINK_RIGHTSIB = UNLINK_LEFTSIB + 4;
    /** 13: {@code leafleftsib}. */
    public static final int UNLINK13_LEAFLEFTSIB = UNLINK_RIGHTSIB + 4;
    /** 13: {@code leafrightsib}. */
    public static final int UNLINK13_LEAFRIGHTSIB = UNLINK13_LEAFLEFTSIB + 4;
    /** 13: {@code topparent}. */
    public static final int UNLINK13_TOPPARENT = UNLINK13_LEAFRIGHTSIB + 4;
    /** 13: {@code btpo_xact}. */
    public static final int UNLINK13_BTPO_XACT = UNLINK13_TOPPARENT + 4;
    /** 13: {@code SizeOfBtreeUnlinkPage}. */
    public static final int SIZE_OF_BTREE_UNLINK_PAGE_13 = UNLINK13_BTPO_XACT + 4;
    /** 14+: {@code level}. */
    public static final int UNLINK_LEVEL = UNLINK_RIGHTSIB + 4;
    /** 14+: {@code safexid} (after 4 pad bytes). */
    public static final int UNLINK_SAFEXID = UNLINK_LEVEL + 4 + 4;
    /** 14+: {@code leafleftsib}. */
    public static final int UNLINK_LEAFLEFTSIB = UNLINK_SAFEXID + 8;
    /** 14+: {@code leafrightsib}. */
    public static final int UNLINK_LEAFRIGHTSIB = UNLINK_LEAFLEFTSIB + 4;
    /** 14+: {@code leaftopparent}. */
    public static final int UNLINK_LEAFTOPPARENT = UNLINK_LEAFRIGHTSIB + 4;
    /** 14+: {@code SizeOfBtreeUnlinkPage}. */
    public static final int SIZE_OF_BTREE_UNLINK_PAGE = UNLINK_LEAFTOPPARENT + 4;

    /** {@code xl_btree_newroot.rootblk}. */
    public static final int NEWROOT_ROOTBLK = 0;
    /** {@code xl_btree_newroot.level}. */
    public static final int NEWROOT_LEVEL = NEWROOT_ROOTBLK + 4;
    /** {@code SizeOfBtreeNewroot}. */
    public static final int SIZE_OF_BTREE_NEWROOT = NEWROOT_LEVEL + 4;

    /** {@code xl_btree_reuse_page.locator.spcOid}. */
    public static final int REUSE_SPC_OID = 0;
    /** {@code xl_btree_reuse_page.locator.dbOid}. */
    public static final int REUSE_DB_OID = REUSE_SPC_OID + 4;
    /** {@code xl_btree_reuse_page.locator.relNumber}. */
    public static final int REUSE_REL_NUMBER = REUSE_DB_OID + 4;
    /** {@code xl_btree_reuse_page.block}. */
    public static final int REUSE_BLOCK = REUSE_REL_NUMBER + 4;
    /** {@code latestRemovedXid} (uint32, 13) / {@code snapshotConflictHorizon} (FullTransactionId, 14+). */
    public static final int REUSE_HORIZON = REUSE_BLOCK + 4;
    /** 13: {@code SizeOfBtreeReusePage}. */
    public static final int SIZE_OF_BTREE_REUSE_PAGE_13 = REUSE_HORIZON + 4;
    /** 16+: {@code isCatalogRel}. */
    public static final int REUSE_IS_CATALOG_REL = REUSE_HORIZON + 8;
    /** 16+: {@code SizeOfBtreeReusePage}. */
    public static final int SIZE_OF_BTREE_REUSE_PAGE = REUSE_IS_CATALOG_REL + 1;

    /** {@code xl_btree_metadata} from {@code version}: five uint32 fields. */
    public static final int META_OLDEST_BTPO_XACT = 5 * 4;
    /** 13: {@code last_cleanup_num_heap_tuples} (float8). */
    public static final int META13_LAST_CLEANUP_NUM_HEAP_TUPLES = META_OLDEST_BTPO_XACT + 4;
    /** 14+: {@code last_cleanup_num_delpages}, where 13 had {@code oldest_btpo_xact}. */
    public static final int META_LAST_CLEANUP_NUM_DELPAGES = META_OLDEST_BTPO_XACT;

    /** Whether {@code version} lays DELETE, REUSE_PAGE, UNLINK_PAGE and the metapage out as 13 does. */
    public static boolean pg13Layout(WalVersion version) {
        return switch (version) {
            case PG13 -> true;
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> false;
        };
    }

    /** DELETE's {@code ndeleted} (uint32 in 13, uint16 from 14). */
    public static long deleteNdeleted(WalVersion version, FieldReader main) {
        return pg13Layout(version) ? main.u32(DELETE_NDELETED, "ndeleted") : main.u16(DELETE_NDELETED, "ndeleted");
    }

    /**
     * The bytes of main data the desc text of {@code version} reads from a record with {@code info}
     * ({@code block0} for META_CLEANUP: block 0's data); VACUUM and DELETE (16+) also need block 0's
     * arrays to fit.
     */
    public static int minMainLength(WalVersion version, int info) {
        boolean pg13 = pg13Layout(version);
        return switch (info & 0xF0) {
            case BtreeType.XLOG_BTREE_INSERT_LEAF, BtreeType.XLOG_BTREE_INSERT_UPPER, BtreeType.XLOG_BTREE_INSERT_META,
                 BtreeType.XLOG_BTREE_INSERT_POST, BtreeType.XLOG_BTREE_DEDUP -> SIZE_OF_BTREE_INSERT;
            case BtreeType.XLOG_BTREE_SPLIT_L, BtreeType.XLOG_BTREE_SPLIT_R -> SIZE_OF_BTREE_SPLIT;
            case BtreeType.XLOG_BTREE_NEWROOT -> SIZE_OF_BTREE_NEWROOT;
            case BtreeType.XLOG_BTREE_MARK_PAGE_HALFDEAD -> SIZE_OF_BTREE_MARK_PAGE_HALFDEAD;
            case BtreeType.XLOG_BTREE_UNLINK_PAGE, BtreeType.XLOG_BTREE_UNLINK_PAGE_META ->
                    pg13 ? SIZE_OF_BTREE_UNLINK_PAGE_13 : SIZE_OF_BTREE_UNLINK_PAGE;
            case BtreeType.XLOG_BTREE_REUSE_PAGE -> pg13 ? SIZE_OF_BTREE_REUSE_PAGE_13
                    : printsCatalogRel(version) ? SIZE_OF_BTREE_REUSE_PAGE : REUSE_IS_CATALOG_REL;
            case BtreeType.XLOG_BTREE_META_CLEANUP ->
                    pg13 ? META13_LAST_CLEANUP_NUM_HEAP_TUPLES + 8 : META_LAST_CLEANUP_NUM_DELPAGES + 4;
            case BtreeType.XLOG_BTREE_VACUUM -> SIZE_OF_BTREE_VACUUM;
            case BtreeType.XLOG_BTREE_DELETE -> printsCatalogRel(version) ? SIZE_OF_BTREE_DELETE
                    : DELETE_IS_CATALOG_REL;
            default -> 0;
        };
    }

    /**
     * Whether pg_waldump of {@code version} prints {@code isCatalogRel} of DELETE and REUSE_PAGE (17+; 16 has the
     * field but its btree_desc does not print it).
     */
    public static boolean printsCatalogRel(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16 -> false;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /**
     * Whether pg_waldump of {@code version} prints the offsets of VACUUM and DELETE block 0 ({@code delvacuum_desc},
     * 16+), so that they must fit.
     */
    public static boolean printsOffsets(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15 -> false;
            case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** Where VACUUM ({@code ndeleted, nupdated} at 0) and DELETE (at 4) keep the counts of block 0's arrays. */
    public static int countsAt(int info) {
        return (info & 0xF0) == BtreeType.XLOG_BTREE_VACUUM ? VACUUM_NDELETED : DELETE_NDELETED;
    }
}
