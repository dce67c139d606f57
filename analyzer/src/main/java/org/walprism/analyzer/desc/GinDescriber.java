package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;

/**
 * Desc text of GIN (rmgr 13) records, mirroring {@code gin_desc} in src/backend/access/rmgrdesc/gindesc.c.
 *
 * <p>Structs (src/include/access/ginxlog.h, ginblock.h; same bytes 13..master):
 * <ul>
 * <li>{@code ginxlogInsert => flags: uint16}, then on a non-leaf insert {@code leftChild: BlockIdData,
 *     rightChild: BlockIdData}; block 0 data: {@code ginxlogInsertEntry => offset: uint16, isDelete: bool, ...},
 *     {@code ginxlogRecompressDataLeaf => nactions: uint16, actions...} or
 *     {@code ginxlogInsertDataInternal => offset: uint16, newitem: PostingItem {child: BlockIdData,
 *     key: ItemPointerData}}</li>
 * <li>{@code ginxlogSplit => locator: 12 bytes, rrlink, leftChildBlkno, rightChildBlkno: uint32, flags: uint16}</li>
 * <li>{@code ginxlogUpdateMeta => locator: 12 bytes, pad: 4, metadata: GinMetaPageData (56 bytes),
 *     prevTail, newRightlink: uint32, ntuples: int32}</li>
 * <li>{@code ginxlogInsertListPage => rightlink: uint32, ntuples: int32}</li>
 * <li>{@code ginxlogDeleteListPages => metadata: GinMetaPageData (56 bytes), ndeleted: int32}
 * <li>{@code GinMetaPageData => head, tail, tailFreeSize, nPendingPages: uint32, nPendingHeapTuples: int64,
 *     nTotalPages, nEntryPages, nDataPages: uint32, pad: 4, nEntries: int64, ginVersion: int32, pad: 4}</li>
 * </ul>
 * A {@code BlockIdData} is two uint16 halves, high first. Leaf recompression actions: {@code segno: uint8,
 * type: uint8}, then for INSERT/REPLACE a {@code GinPostingList} ({@code first: 6 bytes, nbytes: uint16,
 * bytes}, padded to even length), for ADDITEMS {@code nitems: uint16, items: ItemPointerData[nitems]}.
 */
public final class GinDescriber implements RmgrDescriber {
    private static final long INVALID_BLOCK = 0xFFFFFFFFL;

    /** Text generations of gindesc.c. */
    private enum Style {
        /** 13-18: full-page-image notes in INSERT and VACUUM_DATA_LEAF_PAGE; meta and list pages silent. */
        PG13(true, false),
        /** 19+: no image notes; SPLIT children, UPDATE_META_PAGE and INSERT_LISTPAGE details. */
        PG19(false, true);

        /** Whether INSERT and VACUUM_DATA_LEAF_PAGE note a block's full-page image. */
        final boolean imageNotes;
        /** Whether SPLIT, UPDATE_META_PAGE and INSERT_LISTPAGE print their details. */
        final boolean details;

        Style(boolean imageNotes, boolean details) {
            this.imageNotes = imageNotes;
            this.details = details;
        }
    }

    private static Style style(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> Style.PG13;
            case PG19_BETA1, PG19_BETA3, PG19 -> Style.PG19;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        DescData d = r.mainData("GIN main data");
        Style s = style(r.version());
        switch (r.info() & 0xF0) {
            case 0x20 -> insert(sb, r, d, s);
            case 0x30 -> {
                int flags = d.u16(24, "flags");
                sb.append("isrootsplit: ").append(HashDescriber.tf((flags & 0x04) != 0));
                sb.append(" isdata: ").append(HashDescriber.tf((flags & 0x01) != 0)).append(" isleaf: ")
                        .append(HashDescriber.tf((flags & 0x02) != 0));
                // 19 prints the children last (pg_waldump 19rc1; the pre-releases have no GIN oracle here)
                if (s.details && d.u32(16, "leftChildBlkno") != INVALID_BLOCK) {
                    sb.append(" children: ").append(d.u32(16, "leftChildBlkno")).append('/')
                            .append(d.u32(20, "rightChildBlkno"));
                }
            }
            case 0x90 -> {
                int b0 = r.blockIndex(0);
                if (b0 >= 0 && r.hasImage(b0)) {
                    imageNote(sb, r.imageApplies(b0), s);
                } else {
                    recompressLeaf(sb, r.blockData(0, "GIN block 0 data"));
                }
            }
            case 0x60 -> {
                if (s.details) {
                    sb.append("ntuples: ").append(d.i32(80, "ntuples"));
                    optionalBlock(sb, " prevTail: ", d.u32(72, "prevTail"));
                    optionalBlock(sb, " newRightlink: ", d.u32(76, "newRightlink"));
                }
            }
            case 0x70 -> {
                if (s.details) {
                    sb.append("ntuples: ").append(d.i32(4, "ntuples"));
                    optionalBlock(sb, " rightlink: ", d.u32(0, "rightlink"));
                }
            }
            case 0x80 -> sb.append("ndeleted: ").append(d.i32(56, "ndeleted"));
            default -> {
                // CREATE_PTREE, VACUUM_PAGE, DELETE_PAGE print nothing
            }
        }
    }

    private static void insert(TextBuffer sb, DescRecord r, DescData d, Style s) {
        int flags = d.u16(0, "flags");
        boolean isData = (flags & 0x01) != 0;
        boolean isLeaf = (flags & 0x02) != 0;
        sb.append("isdata: ").append(HashDescriber.tf(isData)).append(" isleaf: ").append(HashDescriber.tf(isLeaf));
        if (!isLeaf) {
            sb.append(" children: ").append(blockId(d, 2, "leftChildBlkno")).append('/')
                    .append(blockId(d, 6, "rightChildBlkno"));
        }
        int b0 = r.blockIndex(0);
        if (b0 >= 0 && r.hasImage(b0)) {
            imageNote(sb, r.imageApplies(b0), s);
            return;
        }
        DescData p = r.blockData(0, "GIN block 0 data");
        if (!isData) {
            sb.append(" isdelete: ").append(HashDescriber.tf(p.bool(2, "isDelete")));
        } else if (isLeaf) {
            recompressLeaf(sb, p);
        } else {
            sb.append(" pitem: ").append(blockId(p, 2, "child_blkno")).append('-').append(blockId(p, 6, "ip_blkid"))
                    .append('/').append(p.u16(10, "ip_posid"));
        }
    }

    private static void imageNote(TextBuffer sb, boolean apply, Style s) {
        if (s.imageNotes) {
            sb.append(apply ? " (full page image)" : " (full page image, for WAL verification)");
        }
    }

    /** {@code desc_recompress_leaf}: the segment actions of a leaf recompression. */
    private static void recompressLeaf(TextBuffer sb, DescData p) {
        int nactions = p.u16(0, "nactions");
        sb.append(' ').append(nactions).append(" segments:");
        int at = 2;
        for (int i = 0; i < nactions; i++) {
            int segno = p.u8(at, "segno");
            int action = p.u8(at + 1, "type");
            at += 2;
            int nitems = 0;
            if (action == 2 || action == 3) {
                int size = 8 + p.u16(at + 6, "nbytes");
                at += (size + 1) & ~1;
            }
            if (action == 4) {
                nitems = p.u16(at, "nitems");
                at += 2 + 6 * nitems;
            }
            switch (action) {
                case 4 -> sb.append(' ').append(segno).append(" (add ").append(nitems).append(" items)");
                case 1 -> sb.append(' ').append(segno).append(" (delete)");
                case 2 -> sb.append(' ').append(segno).append(" (insert)");
                case 3 -> sb.append(' ').append(segno).append(" (replace)");
                default -> {
                    sb.append(' ').append(segno).append(" unknown action ").append(action).append(" ???");
                    return;
                }
            }
        }
    }

    private static long blockId(DescData d, int offset, String field) {
        return ((long) d.u16(offset, field) << 16) | d.u16(offset + 2, field);
    }

    private static void optionalBlock(TextBuffer sb, String label, long block) {
        if (block != INVALID_BLOCK) {
            sb.append(label).append(block);
        }
    }
}
