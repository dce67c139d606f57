package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;

/**
 * Desc text of SP-GiST (rmgr 16) records, mirroring {@code spg_desc} in src/backend/access/rmgrdesc/spgdesc.c.
 *
 * <p>Main-data structs (src/include/access/spgxlog.h, same offsets 13..master):
 * <ul>
 * <li>{@code spgxlogAddLeaf => newPage: bool, storesNulls: bool, offnumLeaf, offnumHeadLeaf, offnumParent,
 *     nodeI: uint16}</li>
 * <li>{@code spgxlogMoveLeafs => nMoves: uint16, newPage, replaceDead, storesNulls: bool, pad: 1,
 *     offnumParent, nodeI: uint16, ...}</li>
 * <li>{@code spgxlogAddNode => offnum, offnumNew: uint16, newPage: bool, parentBlk: int8, offnumParent,
 *     nodeI: uint16, ...}</li>
 * <li>{@code spgxlogSplitTuple => offnumPrefix, offnumPostfix: uint16, newPage, postfixBlkSame: bool}</li>
 * <li>{@code spgxlogPickSplit => isRootSplit: bool, pad: 1, nDelete, nInsert: uint16, initSrc, initDest: bool,
 *     offnumInner: uint16, initInner, storesNulls, innerIsParent: bool, pad: 1, offnumParent, nodeI: uint16, ...}</li>
 * <li>{@code spgxlogVacuumLeaf => nDead, nPlaceholder, nMove, nChain: uint16, ...}</li>
 * <li>{@code spgxlogVacuumRoot => nDelete: uint16, ...}</li>
 * <li>{@code spgxlogVacuumRedirect => nToPlaceholder, firstPlaceholder: uint16,
 *     snapshotConflictHorizon: uint32, isCatalogRel: bool (16+)}</li>
 * </ul>
 */
public final class SpgistDescriber implements RmgrDescriber {

    /** Text generations of spgdesc.c. */
    private enum Style {
        /** 13: terse texts ({@code add leaf to page; off 1; ...}). */
        PG13(true, "newest XID ", false),
        /** 14-15: {@code key: value} texts, {@code newestredirectxid}. */
        PG14(false, ", newestredirectxid: ", false),
        /** 16: {@code snapshotConflictHorizon}. */
        PG16(false, ", snapshotConflictHorizon: ", false),
        /** 17+: {@code isCatalogRel} shown. */
        PG17(false, ", snapshotConflictHorizon: ", true);

        /** 13's terse texts. */
        final boolean terse;
        /** What VACUUM_REDIRECT prints before its horizon. */
        final String horizon;
        /** Whether VACUUM_REDIRECT prints {@code isCatalogRel}. */
        final boolean catalogRel;

        Style(boolean terse, String horizon, boolean catalogRel) {
            this.terse = terse;
            this.horizon = horizon;
            this.catalogRel = catalogRel;
        }
    }

    private static Style style(WalVersion v) {
        return switch (v) {
            case PG13 -> Style.PG13;
            case PG14, PG15 -> Style.PG14;
            case PG16 -> Style.PG16;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> Style.PG17;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        DescData d = r.mainData("SPGist main data");
        Style s = style(r.version());
        boolean old = s.terse;
        switch (r.info() & 0xF0) {
            case 0x10 -> {
                if (old) {
                    sb.append("add leaf to page; off ").append(d.u16(2, "offnumLeaf")).append("; headoff ")
                            .append(d.u16(4, "offnumHeadLeaf")).append("; parentoff ").append(d.u16(6, "offnumParent"));
                } else {
                    sb.append("off: ").append(d.u16(2, "offnumLeaf")).append(", headoff: ")
                            .append(d.u16(4, "offnumHeadLeaf")).append(", parentoff: ")
                            .append(d.u16(6, "offnumParent")).append(", nodeI: ").append(d.u16(8, "nodeI"));
                }
                flag(sb, d.bool(0, "newPage"), " (newpage)");
                flag(sb, d.bool(1, "storesNulls"), " (nulls)");
            }
            case 0x20 -> {
                if (old) {
                    sb.append(d.u16(0, "nMoves")).append(" leafs");
                } else {
                    sb.append("nmoves: ").append(d.u16(0, "nMoves")).append(", parentoff: ")
                            .append(d.u16(6, "offnumParent")).append(", nodeI: ").append(d.u16(8, "nodeI"));
                    flag(sb, d.bool(2, "newPage"), " (newpage)");
                    flag(sb, d.bool(3, "replaceDead"), " (replacedead)");
                    flag(sb, d.bool(4, "storesNulls"), " (nulls)");
                }
            }
            case 0x30 -> {
                if (old) {
                    sb.append("off ").append(d.u16(0, "offnum"));
                } else {
                    sb.append("off: ").append(d.u16(0, "offnum")).append(", newoff: ").append(d.u16(2, "offnumNew"))
                            .append(", parentBlk: ").append(d.i8(5, "parentBlk")).append(", parentoff: ")
                            .append(d.u16(6, "offnumParent")).append(", nodeI: ").append(d.u16(8, "nodeI"));
                    flag(sb, d.bool(4, "newPage"), " (newpage)");
                }
            }
            case 0x40 -> splitTuple(sb, d, old);
            case 0x50 -> pickSplit(sb, d, old);
            case 0x60 -> {
                if (!old) {
                    sb.append("ndead: ").append(d.u16(0, "nDead")).append(", nplaceholder: ")
                            .append(d.u16(2, "nPlaceholder")).append(", nmove: ").append(d.u16(4, "nMove"))
                            .append(", nchain: ").append(d.u16(6, "nChain"));
                }
            }
            case 0x70 -> {
                if (!old) {
                    sb.append("ndelete: ").append(d.u16(0, "nDelete"));
                }
            }
            case 0x80 -> vacuumRedirect(sb, d, s);
            default -> {
            }
        }
    }

    /** SPLIT_TUPLE: {@code spgxlogSplitTuple}. */
    private static void splitTuple(TextBuffer sb, DescData d, boolean old) {
        if (old) {
            sb.append("prefix off: ").append(d.u16(0, "offnumPrefix")).append(", postfix off: ")
                    .append(d.u16(2, "offnumPostfix")).append(" (same ").append(d.u8(5, "postfixBlkSame"))
                    .append(", new ").append(d.u8(4, "newPage")).append(')');
        } else {
            sb.append("prefixoff: ").append(d.u16(0, "offnumPrefix")).append(", postfixoff: ")
                    .append(d.u16(2, "offnumPostfix"));
            flag(sb, d.bool(4, "newPage"), " (newpage)");
            flag(sb, d.bool(5, "postfixBlkSame"), " (same)");
        }
    }

    /** PICKSPLIT: {@code spgxlogPickSplit}. */
    private static void pickSplit(TextBuffer sb, DescData d, boolean old) {
        if (old) {
            sb.append("ndel ").append(d.u16(2, "nDelete")).append("; nins ").append(d.u16(4, "nInsert"));
            flag(sb, d.bool(12, "innerIsParent"), " (innerIsParent)");
        } else {
            sb.append("ndelete: ").append(d.u16(2, "nDelete")).append(", ninsert: ")
                    .append(d.u16(4, "nInsert")).append(", inneroff: ").append(d.u16(8, "offnumInner"))
                    .append(", parentoff: ").append(d.u16(14, "offnumParent")).append(", nodeI: ")
                    .append(d.u16(16, "nodeI"));
            flag(sb, d.bool(12, "innerIsParent"), " (innerIsParent)");
            flag(sb, d.bool(11, "storesNulls"), " (nulls)");
        }
        flag(sb, d.bool(0, "isRootSplit"), " (isRootSplit)");
    }

    private static void vacuumRedirect(TextBuffer sb, DescData d, Style s) {
        long xid = d.u32(4, "snapshotConflictHorizon");
        switch (s) {
            case PG13 -> sb.append(s.horizon).append(xid);
            case PG14, PG16, PG17 -> {
                sb.append("ntoplaceholder: ").append(d.u16(0, "nToPlaceholder")).append(", firstplaceholder: ")
                        .append(d.u16(2, "firstPlaceholder")).append(s.horizon).append(xid);
                if (s.catalogRel) {
                    sb.append(", isCatalogRel: ").append(HashDescriber.tf(d.bool(8, "isCatalogRel")));
                }
            }
        }
    }

    private static void flag(TextBuffer sb, boolean set, String word) {
        if (set) {
            sb.append(word);
        }
    }
}
