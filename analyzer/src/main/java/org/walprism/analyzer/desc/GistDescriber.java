package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;

/**
 * Desc text of GiST (rmgr 14) records, mirroring {@code gist_desc} in src/backend/access/rmgrdesc/gistdesc.c.
 *
 * <p>Main-data structs (src/include/access/gistxlog.h):
 * <ul>
 * <li>{@code gistxlogDelete => snapshotConflictHorizon: uint32, ntodelete: uint16, isCatalogRel: bool (16+)}</li>
 * <li>{@code gistxlogPageSplit => origrlink: uint32, pad: 4, orignsn: uint64, origleaf: bool, pad: 1,
 *     npage: uint16, markfollowright: bool}</li>
 * <li>{@code gistxlogPageDelete => deleteXid: uint64 (FullTransactionId), downlinkOffset: uint16}</li>
 * <li>{@code gistxlogPageReuse => locator: {spcOid, dbOid, relNumber: uint32}, block: uint32,
 *     snapshotConflictHorizon: uint64 (FullTransactionId), isCatalogRel: bool (16+)}</li>
 * </ul>
 */
public final class GistDescriber implements RmgrDescriber {

    /** Text generations of gistdesc.c. */
    private enum Style {
        /** 13-15: {@code latestRemovedXid}. */
        PG13("latestRemovedXid", false),
        /** 16: {@code snapshotConflictHorizon}. */
        PG16("snapshotConflictHorizon", false),
        /** 17+: {@code isCatalogRel} shown. */
        PG17("snapshotConflictHorizon", true);

        /** The name the horizon is printed under. */
        final String horizon;
        /** Whether DELETE and PAGE_REUSE print {@code isCatalogRel}. */
        final boolean catalogRel;

        Style(String horizon, boolean catalogRel) {
            this.horizon = horizon;
            this.catalogRel = catalogRel;
        }
    }

    private static Style style(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15 -> Style.PG13;
            case PG16 -> Style.PG16;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> Style.PG17;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        DescData d = r.mainData("GiST main data");
        Style s = style(r.version());
        String horizon = s.horizon;
        switch (r.info() & 0xF0) {
            case 0x10 -> {
                sb.append("delete: ").append(horizon).append(' ').append(d.u32(0, horizon)).append(", nitems: ")
                        .append(d.u16(4, "ntodelete"));
                if (s.catalogRel) {
                    sb.append(", isCatalogRel ").append(HashDescriber.tf(d.bool(6, "isCatalogRel")));
                }
            }
            case 0x20 -> {
                sb.append("rel ").append(d.u32(0, "spcOid")).append('/').append(d.u32(4, "dbOid")).append('/')
                        .append(d.u32(8, "relNumber")).append("; blk ").append(d.u32(12, "block")).append("; ")
                        .append(horizon).append(' ').append(d.u32(20, "epoch")).append(':')
                        .append(d.u32(16, "xid"));
                if (s.catalogRel) {
                    sb.append(", isCatalogRel ").append(HashDescriber.tf(d.bool(24, "isCatalogRel")));
                }
            }
            case 0x30 -> sb.append("page_split: splits to ").append(d.u16(18, "npage")).append(" pages");
            case 0x60 -> sb.append("deleteXid ").append(d.u32(4, "epoch")).append(':').append(d.u32(0, "xid"))
                    .append("; downlink ").append(d.u16(8, "downlinkOffset"));
            default -> {
                // PAGE_UPDATE (0x00) and ASSIGN_LSN print nothing
            }
        }
    }
}
