package org.walprism.analyzer.replay;

import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.btree.BtreeCodec;
import org.walprism.codec.rmgr.btree.BtreeDelete;
import org.walprism.codec.rmgr.btree.BtreeReusePage;
import org.walprism.codec.rmgr.btree.BtreeType;
import org.walprism.codec.rmgr.btree.BtreeUnlinkPage;
import org.walprism.codec.rmgr.btree.MetaBlock;

/** The Btree (11), GiST (14), SPGiST (16) and Hash (12) records in another major's layout. */
final class IndexTranslation {
    private IndexTranslation() {
    }

    /** Whether {@code v}'s index records carry {@code isCatalogRel} (16+: added for logical decoding on standby). */
    private static boolean catalogRel(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15 -> false;
            case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** Whether {@code v} has the 14 nbtree page-deletion design (64-bit safexid, no btpo_xact, no heap tuples). */
    private static boolean btree14(WalVersion v) {
        return switch (v) {
            case PG13 -> false;
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    static void apply(Translator t, Translator.Rec r) {
        switch (r.src.rmid()) {
            case RmgrTable.BTREE -> btree(t, r);
            case RmgrTable.GIST -> gist(t, r);
            case RmgrTable.SPGIST -> spgist(t, r);
            default -> hash(t, r);
        }
    }

    /** The rule for records whose layout turns on {@code isCatalogRel} alone: insert or remove its bytes. */
    private static void catalogRelBytes(Translator t, Translator.Rec r, int at, int size, String struct) {
        boolean has = catalogRel(t.to());
        if (has == catalogRel(t.from())) {
            return;
        }
        int need = has ? at : at + size;
        if (r.main.length < need) {
            throw t.fail(r, "main data of " + r.main.length + " bytes (expected: " + struct + ", at least " + need + ")");
        }
        // isCatalogRel false: the replay cannot tell a catalog relation from its relfilenode alone
        r.main(has ? LeBytes.splice(r.main, at, 0, new byte[size]) : LeBytes.splice(r.main, at, size, new byte[0]));
    }

    /**
     * GiST, access/gistxlog.h: {@code gistxlogDelete => latestRemovedXid: uint32, ntodelete: uint16} then the
     * offsets (main data, 6-byte header, 13-15), {@code snapshotConflictHorizon: uint32, ntodelete: uint16,
     * isCatalogRel: bool, pad: 1} then the offsets (SizeOfGistxlogDelete = offsetof(offsets) = 8, 16+);
     * {@code gistxlogPageReuse => locator, block, snapshotConflictHorizon: FullTransactionId} (24 bytes, 13-15)
     * plus {@code isCatalogRel: bool} (25, 16+). Header sizes checked against real 13-18 captures. ASSIGN_LSN (0x70)
     * is an XLOG record from 19 on.
     */
    private static void gist(Translator t, Translator.Rec r) {
        switch (r.info & 0xF0) {
            case 0x10 -> catalogRelBytes(t, r, 6, 2, "gistxlogDelete");
            case 0x20 -> catalogRelBytes(t, r, 24, 1, "gistxlogPageReuse");
            case 0x70 -> {
                if (!RmgrTable.logs(t.to(), RmgrTable.GIST, r.info)) {
                    throw t.fail(r, "19 logs XLOG ASSIGN_LSN instead, another resource manager");
                }
            }
            default -> {
                // PAGE_UPDATE, PAGE_SPLIT, PAGE_DELETE: the same bytes in 13 to master
            }
        }
    }

    /**
     * SPGiST VACUUM_REDIRECT, access/spgxlog.h: {@code spgxlogVacuumRedirect => nToPlaceholder: uint16,
     * firstPlaceholder: uint16, newestRedirectXid: uint32} then the offsets (8-byte header, 13-15), with
     * {@code isCatalogRel: bool, pad: 1} before the offsets from 16 (SizeOfSpgxlogVacuumRedirect = 10; checked
     * against real 13-18 captures). The other SPGiST records have the same bytes in 13 to master.
     */
    private static void spgist(Translator t, Translator.Rec r) {
        if ((r.info & 0xF0) == 0x80) {
            catalogRelBytes(t, r, 8, 2, "spgxlogVacuumRedirect");
        }
    }

    /**
     * Hash VACUUM_ONE_PAGE, access/hash_xlog.h: {@code xl_hash_vacuum_one_page => latestRemovedXid: uint32, ntuples:
     * int32} (13-15), {@code snapshotConflictHorizon: uint32, ntuples: uint16, isCatalogRel: bool, pad: 1} (16+),
     * then the offsets; 8 bytes either way. An ntuples below 65536 (a page holds fewer items) reads the same in both
     * layouts once bytes 6 and 7 are zero: going down they are cleared (16+ leaves the padding byte uninitialised);
     * going up they already read isCatalogRel false.
     */
    private static void hash(Translator t, Translator.Rec r) {
        if ((r.info & 0xF0) != 0xC0 || catalogRel(t.to()) || !catalogRel(t.from())) {
            return;
        }
        if (r.main.length < 8) {
            throw t.fail(r, "main data of " + r.main.length + " bytes (expected: xl_hash_vacuum_one_page)");
        }
        byte[] m = r.main.clone();
        m[6] = 0;
        m[7] = 0;
        r.main(m);
    }

    private static void btree(Translator t, Translator.Rec r) {
        BtreeType type = BtreeType.of(r.info);
        if (type == null) {
            return;
        }
        switch (type) {
            case DELETE -> btreeDelete(t, r);
            case REUSE_PAGE -> btreeReusePage(t, r);
            case UNLINK_PAGE, UNLINK_PAGE_META -> {
                btreeUnlink(t, r);
                if (type == BtreeType.UNLINK_PAGE_META) {
                    metadata(t, r, 4);
                }
            }
            case INSERT_META, NEWROOT -> metadata(t, r, 2);
            case META_CLEANUP -> metadata(t, r, 0);
            default -> {
                // INSERT_LEAF/UPPER/POST, SPLIT_L/R, DEDUP, VACUUM, MARK_PAGE_HALFDEAD: the same bytes in 13 to master
            }
        }
    }

    /**
     * DELETE, access/nbtxlog.h {@code xl_btree_delete}: 13 {@code latestRemovedXid: uint32, ndeleted: uint32},
     * block 0 the deleted offsets; 14-15 {@code latestRemovedXid: uint32, ndeleted: uint16, nupdated: uint16}, block 0
     * the offsets then the posting-list updates; 16+ adds {@code isCatalogRel: bool}. A 14+ deletion that updates
     * posting lists (bottom-up deletion, new in 14) has no 13 form.
     */
    private static void btreeDelete(Translator t, Translator.Rec r) {
        WalVersion to = t.to();
        BtreeDelete d = (BtreeDelete) BtreeCodec.decode(r.src);
        BtreeDelete out;
        if (!btree14(to)) {
            if (d.nupdated() != 0) {
                throw t.fail(r, d.nupdated() + " posting-list updates (13 deletes whole index tuples only)");
            }
            out = new BtreeDelete.Pg13(d.snapshotConflictHorizon(), d.ndeleted(), d.items());
        } else if (!catalogRel(to)) {
            out = new BtreeDelete.Pg14(d.snapshotConflictHorizon(), (int) d.ndeleted(), d.nupdated(), d.items());
        } else {
            out = new BtreeDelete.Pg16(d.snapshotConflictHorizon(), (int) d.ndeleted(), d.nupdated(), d.isCatalogRel(),
                    d.items());
        }
        var p = out.encode();
        r.main(p.mainData().toByteArray());
        if (r.blockData(0) != null) {
            r.blockData(0, p.block(0).toByteArray());
        }
    }

    /**
     * REUSE_PAGE, access/nbtxlog.h {@code xl_btree_reuse_page}: 13 {@code node, block, latestRemovedXid: uint32}
     * (20); 14-15 {@code latestRemovedFullXid: FullTransactionId} (24); 16+ adds {@code isCatalogRel} (25). Going up
     * the epoch is the stream's ({@link StreamFacts#epoch}); going down the xid is the low 32 bits.
     */
    private static void btreeReusePage(Translator t, Translator.Rec r) {
        WalVersion to = t.to();
        BtreeReusePage p = (BtreeReusePage) BtreeCodec.decode(r.src);
        long full = btree14(t.from()) ? p.snapshotConflictHorizon()
                : t.facts().epoch() << 32 | p.snapshotConflictHorizon();
        BtreeReusePage out;
        if (!btree14(to)) {
            out = new BtreeReusePage.Pg13(p.locator(), p.block(), full & 0xFFFFFFFFL);
        } else if (!catalogRel(to)) {
            out = new BtreeReusePage.Pg14(p.locator(), p.block(), full);
        } else {
            out = new BtreeReusePage.Pg16(p.locator(), p.block(), full, p.isCatalogRel());
        }
        r.main(out.encode().mainData().toByteArray());
    }

    /**
     * UNLINK_PAGE(_META), access/nbtxlog.h {@code xl_btree_unlink_page}: 13 {@code leftsib, rightsib, leafleftsib,
     * leafrightsib, topparent, btpo_xact: uint32} (24); 14+ {@code leftsib, rightsib, level: uint32, pad: 4,
     * safexid: FullTransactionId, leafleftsib, leafrightsib, leaftopparent: uint32} (36). Going up: {@code safexid}
     * is {@code btpo_xact} in the stream's epoch (both are ReadNextTransactionId at deletion, nbtpage.c), and
     * {@code level} is 0 when the target is the leaf itself (13 registers block 3, the leaf, only for an internal
     * target), else the level of a sibling whose image the record carries (siblings share their level; the target
     * and the leaf are registered WILL_INIT, without an image); without one the record cannot be translated. Blocks
     * keep their ids: 0 target, 1 left sibling, 2 right sibling, 3 leaf, 4 metapage in 13 and 14+ alike (checked
     * against real 13 and 15 captures). Going down: btpo_xact is safexid's low 32 bits.
     */
    private static void btreeUnlink(Translator t, Translator.Rec r) {
        boolean up = btree14(t.to());
        if (up == btree14(t.from())) {
            return;
        }
        BtreeUnlinkPage u = (BtreeUnlinkPage) BtreeCodec.decode(r.src);
        BtreeUnlinkPage out;
        if (up) {
            BtreeUnlinkPage.Pg13 p = (BtreeUnlinkPage.Pg13) u;
            long level = r.block(3) == null ? 0 : siblingLevel(t, r);
            out = new BtreeUnlinkPage.Pg14(false, p.leftsib(), p.rightsib(), level, 0,
                    t.facts().epoch() << 32 | p.btpoXact(), p.leafleftsib(), p.leafrightsib(), p.leaftopparent(),
                    MetaBlock.ABSENT);
        } else {
            BtreeUnlinkPage.Pg14 p = (BtreeUnlinkPage.Pg14) u;
            out = new BtreeUnlinkPage.Pg13(false, p.leftsib(), p.rightsib(), p.leafleftsib(), p.leafrightsib(),
                    p.leaftopparent(), p.safexid() & 0xFFFFFFFFL, MetaBlock.ABSENT);
        }
        r.main(out.encode().mainData().toByteArray());
    }

    /**
     * {@code btpo_level} (13: {@code btpo.level}) of the left (block 1) or right (block 2) sibling, read from its
     * image: BTPageOpaqueData {@code btpo_prev, btpo_next, btpo_level: uint32, btpo_flags, btpo_cycleid: uint16} is
     * the page's last 16 bytes (access/nbtree.h).
     */
    private static long siblingLevel(Translator t, Translator.Rec r) {
        for (int id : new int[] {1, 2}) {
            BlockRef b = r.block(id);
            if (b != null && b.image() != null) {
                byte[] page = new org.walprism.codec.image.PageImages().restore(r.src, b);
                return LeBytes.u32(page, page.length - 16 + 8);
            }
        }
        throw t.fail(r, "13 does not log the level of an internal target page, and neither sibling has an image");
    }

    /**
     * The metapage's {@code xl_btree_metadata} (access/nbtxlog.h) in block {@code id}: 13 {@code version, root,
     * level, fastroot, fastlevel, oldest_btpo_xact: uint32, last_cleanup_num_heap_tuples: float8, allequalimage:
     * bool} (40 bytes with padding); 14+ {@code version, root, level, fastroot, fastlevel,
     * last_cleanup_num_delpages: uint32, allequalimage: bool} (28). The cleanup statistics are not carried: going up,
     * {@code last_cleanup_num_delpages} is 0 (its value on a metapage no VACUUM has deleted pages from); going down,
     * {@code oldest_btpo_xact} is InvalidTransactionId and {@code last_cleanup_num_heap_tuples} -1, the values
     * _bt_initmetapage writes in 13.
     */
    private static void metadata(Translator t, Translator.Rec r, int id) {
        boolean up = btree14(t.to());
        if (up == btree14(t.from())) {
            return;
        }
        byte[] d = r.blockData(id);
        if (d == null || d.length == 0) {
            return; // an image instead, or no metapage
        }
        int need = up ? 40 : 28;
        if (d.length != need) {
            throw t.fail(r, "metapage block data of " + d.length + " bytes (expected: " + need + ")");
        }
        byte[] m = new byte[up ? 28 : 40];
        System.arraycopy(d, 0, m, 0, 20);
        if (up) {
            m[24] = d[32]; // allequalimage
        } else {
            LeBytes.put64(m, 24, Double.doubleToRawLongBits(-1.0));
            m[32] = d[24];
        }
        r.blockData(id, m);
    }
}
