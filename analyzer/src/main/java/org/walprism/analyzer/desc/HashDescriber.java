package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;

/**
 * Desc text of Hash (rmgr 12) records, mirroring {@code hash_desc} in src/backend/access/rmgrdesc/hashdesc.c.
 *
 * <p>Main-data structs (src/include/access/hash_xlog.h):
 * <ul>
 * <li>{@code xl_hash_init_meta_page => num_tuples: float8, procid: uint32, ffactor: uint16}</li>
 * <li>{@code xl_hash_init_bitmap_page => bmsize: uint16}; {@code xl_hash_insert => offnum: uint16}</li>
 * <li>{@code xl_hash_add_ovfl_page => bmsize: uint16, bmpage_found: bool}</li>
 * <li>{@code xl_hash_split_allocate_page => new_bucket: uint32, old_bucket_flag: uint16,
 *     new_bucket_flag: uint16, flags: uint8}</li>
 * <li>{@code xl_hash_split_complete => old_bucket_flag: uint16, new_bucket_flag: uint16}</li>
 * <li>{@code xl_hash_move_page_contents => ntups: uint16, is_prim_bucket_same_wrt: bool}</li>
 * <li>{@code xl_hash_squeeze_page => prevblkno: uint32, nextblkno: uint32, ntups: uint16,
 *     is_prim_bucket_same_wrt: bool, is_prev_bucket_same_wrt: bool}</li>
 * <li>{@code xl_hash_delete => clear_dead_marking: bool, is_primary_bucket_page: bool}</li>
 * <li>{@code xl_hash_update_meta_page => ntuples: float8}</li>
 * <li>{@code xl_hash_vacuum_one_page => latestRemovedXid: uint32, ntuples: int32} (13-15);
 *     {@code => snapshotConflictHorizon: uint32, ntuples: uint16, isCatalogRel: bool} (16+)</li>
 * </ul>
 */
public final class HashDescriber implements RmgrDescriber {

    /** Text and layout generations of hashdesc.c. */
    private enum Style {
        /** 13: {@code latest removed xid}, int32 ntuples in VACUUM_ONE_PAGE. */
        PG13(false),
        /** 14-15: {@code latestRemovedXid}. */
        PG14(false),
        /** 16: {@code snapshotConflictHorizon}, uint16 ntuples. */
        PG16(false),
        /** 17-18: {@code isCatalogRel} shown. */
        PG17(false),
        /** 19+: procid, bucket flags and is_previous shown too. */
        PG19(true);

        /** Whether INIT_META_PAGE, SPLIT_ALLOCATE_PAGE and MOVE_PAGE_CONTENTS print 19's added fields. */
        final boolean bucketDetail;

        Style(boolean bucketDetail) {
            this.bucketDetail = bucketDetail;
        }
    }

    private static Style style(WalVersion v) {
        return switch (v) {
            case PG13 -> Style.PG13;
            case PG14, PG15 -> Style.PG14;
            case PG16 -> Style.PG16;
            case PG17, PG18 -> Style.PG17;
            case PG19_BETA1, PG19_BETA3, PG19 -> Style.PG19;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        DescData d = r.mainData("Hash main data");
        Style s = style(r.version());
        switch (r.info() & 0xF0) {
            case 0x00 -> {
                sb.append("num_tuples ").append(DescFormat.cG(Double.longBitsToDouble(d.i64(0, "num_tuples"))));
                if (s.bucketDetail) {
                    sb.append(", procid ").append(d.u32(8, "procid"));
                }
                sb.append(", fillfactor ").append(d.u16(12, "ffactor"));
            }
            case 0x10 -> sb.append("bmsize ").append(d.u16(0, "bmsize"));
            case 0x20 -> sb.append("off ").append(d.u16(0, "offnum"));
            case 0x30 -> sb.append("bmsize ").append(d.u16(0, "bmsize")).append(", bmpage_found ")
                    .append(tf(d.bool(2, "bmpage_found")));
            case 0x40 -> {
                int flags = d.u8(8, "flags");
                sb.append("new_bucket ").append(d.u32(0, "new_bucket"));
                if (s.bucketDetail) {
                    sb.append(", old_bucket_flag ").append(d.u16(4, "old_bucket_flag"))
                            .append(", new_bucket_flag ").append(d.u16(6, "new_bucket_flag"));
                }
                sb.append(", meta_page_masks_updated ").append(tf((flags & 0x01) != 0))
                        .append(", issplitpoint_changed ").append(tf((flags & 0x02) != 0));
            }
            case 0x60 -> sb.append("old_bucket_flag ").append(d.u16(0, "old_bucket_flag"))
                    .append(", new_bucket_flag ").append(d.u16(2, "new_bucket_flag"));
            case 0x70 -> sb.append("ntups ").append(d.u16(0, "ntups")).append(", is_primary ")
                    .append(tf(d.bool(2, "is_prim_bucket_same_wrt")));
            case 0x80 -> {
                sb.append("prevblkno ").append(d.u32(0, "prevblkno")).append(", nextblkno ")
                        .append(d.u32(4, "nextblkno")).append(", ntups ").append(d.u16(8, "ntups"))
                        .append(", is_primary ").append(tf(d.bool(10, "is_prim_bucket_same_wrt")));
                if (s.bucketDetail) {
                    sb.append(", is_previous ").append(tf(d.bool(11, "is_prev_bucket_same_wrt")));
                }
            }
            case 0x90 -> sb.append("clear_dead_marking ").append(tf(d.bool(0, "clear_dead_marking")))
                    .append(", is_primary ").append(tf(d.bool(1, "is_primary_bucket_page")));
            case 0xB0 -> sb.append("ntuples ").append(DescFormat.cG(Double.longBitsToDouble(d.i64(0, "ntuples"))));
            case 0xC0 -> vacuumOnePage(sb, d, s);
            default -> {
                // SPLIT_PAGE (0x50) and SPLIT_CLEANUP (0xA0) print nothing
            }
        }
    }

    private static void vacuumOnePage(TextBuffer sb, DescData d, Style s) {
        long xid = d.u32(0, "snapshotConflictHorizon");
        switch (s) {
            case PG13 -> sb.append("ntuples ").append(d.i32(4, "ntuples")).append(", latest removed xid ").append(xid);
            case PG14 -> sb.append("ntuples ").append(d.i32(4, "ntuples")).append(", latestRemovedXid ").append(xid);
            case PG16 -> sb.append("ntuples ").append(d.u16(4, "ntuples")).append(", snapshotConflictHorizon ")
                    .append(xid);
            case PG17, PG19 -> sb.append("ntuples ").append(d.u16(4, "ntuples")).append(", snapshotConflictHorizon ")
                    .append(xid).append(", isCatalogRel ").append(tf(d.bool(6, "isCatalogRel")));
        }
    }

    static char tf(boolean b) {
        return b ? 'T' : 'F';
    }
}
