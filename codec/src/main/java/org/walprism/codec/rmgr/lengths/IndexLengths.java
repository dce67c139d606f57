package org.walprism.codec.rmgr.lengths;

import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.btree.BtreeType;
import org.walprism.codec.rmgr.btree.BtreeView;

/**
 * Length rules of the index access methods' records: B-tree (src/include/access/nbtxlog.h), hash (hash_xlog.h),
 * GIN (ginxlog.h), GiST (gistxlog.h), SP-GiST (spgxlog.h) and BRIN (brin_xlog.h), as their {@code rm_desc}
 * functions read them (nbtdesc.c, hashdesc.c, gindesc.c, gistdesc.c, spgdesc.c, brindesc.c). The byte maps are in
 * the analyzer's describers of the same names.
 */
final class IndexLengths {
    private IndexLengths() {
    }

    /** Layout generations of the index records' main data. */
    private enum Gen {
        /** 13: 32-bit xids in DELETE, REUSE_PAGE, UNLINK_PAGE and hash VACUUM_ONE_PAGE. */
        PG13,
        /** 14-15: 64-bit safexid, uint16 counts in B-tree DELETE. */
        PG14,
        /** 16: B-tree VACUUM and DELETE offsets in block 0 data. */
        PG16,
        /** 17-18: isCatalogRel printed (B-tree, GiST, SP-GiST, hash). */
        PG17,
        /** 19+: hash procid, bucket flags, is_previous; GIN children, meta and list pages. */
        PG19
    }

    private static Gen gen(WalVersion v) {
        return switch (v) {
            case PG13 -> Gen.PG13;
            case PG14, PG15 -> Gen.PG14;
            case PG16 -> Gen.PG16;
            case PG17, PG18 -> Gen.PG17;
            case PG19_BETA1, PG19_BETA3, PG19 -> Gen.PG19;
        };
    }

    /** B-tree (rmgr 11): the extents {@link BtreeView} reads. */
    static boolean btree(RecordView v, int info) {
        WalVersion version = v.version();
        int min = BtreeView.minMainLength(version, info);
        return switch (info & 0xF0) {
            case BtreeType.XLOG_BTREE_META_CLEANUP -> Parts.block0Length(v, Parts.block0(v)) >= min;
            case BtreeType.XLOG_BTREE_VACUUM, BtreeType.XLOG_BTREE_DELETE -> v.mainDataLength() >= min
                    && (!BtreeView.printsOffsets(version) || btreeOffsets(v));
            default -> v.mainDataLength() >= min;
        };
    }

    /**
     * VACUUM and DELETE (16+) block 0 data, when block 0 carries data: {@code deleted: uint16[ndeleted],
     * updated: uint16[nupdated]}, then per update {@code ndeletedtids: uint16, ptids: uint16[ndeletedtids]}; the
     * counts are main data: VACUUM {@code ndeleted, nupdated} at 0, DELETE at 4.
     */
    private static boolean btreeOffsets(RecordView v) {
        int b0 = Parts.block0(v);
        if (!Parts.block0HasData(v, b0)) {
            return true;
        }
        int at = BtreeView.countsAt(v.info());
        int ndeleted = v.u16(v.mainDataIndex() + at);
        int nupdated = v.u16(v.mainDataIndex() + at + 2);
        int len = v.blockDataLength(b0);
        int base = v.blockDataIndex(b0);
        if (!Parts.fits(ndeleted, 0, 2, len) || !Parts.fits(nupdated, 2L * ndeleted, 2, len)) {
            return false;
        }
        int pos = 2 * ndeleted + 2 * nupdated;
        for (int i = 0; i < nupdated; i++) {
            if (pos + 2 > len) {
                return false;
            }
            int ntids = v.u16(base + pos);
            if (!Parts.fits(ntids, pos + 2L, 2, len)) {
                return false;
            }
            pos += 2 + 2 * ntids;
        }
        return true;
    }

    /** Hash (rmgr 12). */
    static boolean hash(RecordView v, int info) {
        Gen g = gen(v.version());
        int m = v.mainDataLength();
        return switch (info & 0xF0) {
            case 0x00 -> m >= 14; // INIT_META_PAGE
            case 0x10, 0x20, 0x90 -> m >= 2; // INIT_BITMAP_PAGE, INSERT, DELETE
            case 0x30, 0x70 -> m >= 3; // ADD_OVFL_PAGE, MOVE_PAGE_CONTENTS
            case 0x40 -> m >= 9; // SPLIT_ALLOCATE_PAGE
            case 0x60 -> m >= 4; // SPLIT_COMPLETE
            case 0x80 -> m >= (g == Gen.PG19 ? 12 : 11); // SQUEEZE_PAGE
            case 0xB0 -> m >= 8; // UPDATE_META_PAGE
            case 0xC0 -> m >= switch (g) { // VACUUM_ONE_PAGE
                case PG13, PG14 -> 8;
                case PG16 -> 6;
                case PG17, PG19 -> 7;
            };
            default -> true; // SPLIT_PAGE, SPLIT_CLEANUP
        };
    }

    /** GIN (rmgr 13). */
    static boolean gin(RecordView v, int info) {
        boolean pg19 = gen(v.version()) == Gen.PG19;
        int m = v.mainDataLength();
        return switch (info & 0xF0) {
            case 0x20 -> ginInsert(v); // INSERT
            case 0x30 -> m >= 26; // SPLIT
            case 0x90 -> Parts.block0Image(v, Parts.block0(v)) || ginRecompress(v); // VACUUM_DATA_LEAF_PAGE
            case 0x60 -> !pg19 || m >= 84; // UPDATE_META_PAGE
            case 0x70 -> !pg19 || m >= 8; // INSERT_LISTPAGE
            case 0x80 -> m >= 60; // DELETE_LISTPAGE
            default -> true;
        };
    }

    /**
     * {@code ginxlogInsert => flags: uint16, [leftChild, rightChild: BlockIdData unless leaf]}; block 0 (unless an
     * image): {@code ginxlogInsertEntry} (3 bytes read), a leaf recompression, or {@code ginxlogInsertDataInternal}
     * (12 bytes).
     */
    private static boolean ginInsert(RecordView v) {
        int m = v.mainDataLength();
        if (m < 2) {
            return false;
        }
        int flags = v.u16(v.mainDataIndex());
        boolean isData = (flags & 0x01) != 0;
        boolean isLeaf = (flags & 0x02) != 0;
        if (!isLeaf && m < 10) {
            return false;
        }
        int b0 = Parts.block0(v);
        if (Parts.block0Image(v, b0)) {
            return true;
        }
        if (!isData) {
            return Parts.block0Length(v, b0) >= 3;
        }
        return isLeaf ? ginRecompress(v) : Parts.block0Length(v, b0) >= 12;
    }

    /**
     * {@code ginxlogRecompressDataLeaf => nactions: uint16}, then per action {@code segno: uint8, type: uint8} and
     * for INSERT/REPLACE a {@code GinPostingList} ({@code nbytes: uint16} at 6 of its 8-byte header, padded to
     * even length), for ADDITEMS {@code nitems: uint16, items: ItemPointerData[nitems]}; an unknown action ends
     * the walk (gindesc.c stops printing there).
     */
    private static boolean ginRecompress(RecordView v) {
        int b0 = Parts.block0(v);
        int len = Parts.block0Length(v, b0);
        if (len < 2) {
            return false;
        }
        int base = v.blockDataIndex(b0);
        int nactions = v.u16(base);
        int at = 2;
        for (int i = 0; i < nactions; i++) {
            if (at + 2 > len) {
                return false;
            }
            int action = v.u8(base + at + 1);
            at += 2;
            if (action == 2 || action == 3) {
                if (at + 8 > len) {
                    return false;
                }
                at += (8 + v.u16(base + at + 6) + 1) & ~1;
            } else if (action == 4) {
                if (at + 2 > len) {
                    return false;
                }
                at += 2 + 6 * v.u16(base + at);
            } else if (action != 1) {
                return true;
            }
        }
        return true;
    }

    /** GiST (rmgr 14). */
    static boolean gist(RecordView v, int info) {
        boolean catalogRel = switch (gen(v.version())) {
            case PG13, PG14, PG16 -> false;
            case PG17, PG19 -> true;
        };
        int m = v.mainDataLength();
        return switch (info & 0xF0) {
            case 0x10 -> m >= (catalogRel ? 7 : 6); // DELETE
            case 0x20 -> m >= (catalogRel ? 25 : 24); // PAGE_REUSE
            case 0x30 -> m >= 20; // PAGE_SPLIT
            case 0x60 -> m >= 10; // PAGE_DELETE
            default -> true; // PAGE_UPDATE, ASSIGN_LSN
        };
    }

    /** SP-GiST (rmgr 16). */
    static boolean spgist(RecordView v, int info) {
        Gen g = gen(v.version());
        boolean old = g == Gen.PG13;
        int m = v.mainDataLength();
        return switch (info & 0xF0) {
            case 0x10 -> m >= (old ? 8 : 10); // ADD_LEAF
            case 0x20, 0x30 -> m >= (old ? 2 : 10); // MOVE_LEAFS, ADD_NODE
            case 0x40 -> m >= 6; // SPLIT_TUPLE
            case 0x50 -> m >= (old ? 13 : 18); // PICKSPLIT
            case 0x60 -> old || m >= 8; // VACUUM_LEAF
            case 0x70 -> old || m >= 2; // VACUUM_ROOT
            case 0x80 -> m >= (g == Gen.PG17 || g == Gen.PG19 ? 9 : 8); // VACUUM_REDIRECT
            default -> true;
        };
    }

    /** BRIN (rmgr 17); {@code XLOG_BRIN_INIT_PAGE} (0x80) is outside {@code XLOG_BRIN_OPMASK}. */
    static boolean brin(RecordView v, int info) {
        int m = v.mainDataLength();
        return switch (info & 0x70) {
            case 0x00 -> m >= 6; // CREATE_INDEX
            case 0x10, 0x50 -> m >= 10; // INSERT, DESUMMARIZE
            case 0x20 -> m >= 14; // UPDATE
            case 0x30 -> m >= 2; // SAMEPAGE_UPDATE
            case 0x40 -> m >= 4; // REVMAP_EXTEND
            default -> true;
        };
    }
}
