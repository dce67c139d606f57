package org.walprism.analyzer.desc;

/**
 * Desc text of BRIN (rmgr 17) records, mirroring {@code brin_desc} in src/backend/access/rmgrdesc/brindesc.c
 * (same text and bytes 13..master).
 *
 * <p>Main-data structs (src/include/access/brin_xlog.h):
 * <ul>
 * <li>{@code xl_brin_createidx => pagesPerRange: uint32, version: uint16}</li>
 * <li>{@code xl_brin_insert => heapBlk: uint32, pagesPerRange: uint32, offnum: uint16}</li>
 * <li>{@code xl_brin_update => oldOffnum: uint16, pad: 2, insert: xl_brin_insert}</li>
 * <li>{@code xl_brin_samepage_update => offnum: uint16}; {@code xl_brin_revmap_extend => targetBlk: uint32}</li>
 * <li>{@code xl_brin_desummarize => pagesPerRange: uint32, heapBlk: uint32, regOffset: uint16}</li>
 * </ul>
 * The info bit 0x80 ({@code XLOG_BRIN_INIT_PAGE}) is masked off by {@code XLOG_BRIN_OPMASK} (0x70).
 */
public final class BrinDescriber implements RmgrDescriber {

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        sb.append(text(r));
    }

    private static String text(DescRecord r) {
        DescData d = r.mainData("BRIN main data");
        return switch (r.info() & 0x70) {
            case 0x00 -> "v" + d.u16(4, "version") + " pagesPerRange " + d.u32(0, "pagesPerRange");
            case 0x10 -> "heapBlk " + d.u32(0, "heapBlk") + " pagesPerRange " + d.u32(4, "pagesPerRange")
                    + " offnum " + d.u16(8, "offnum");
            case 0x20 -> "heapBlk " + d.u32(4, "heapBlk") + " pagesPerRange " + d.u32(8, "pagesPerRange")
                    + " old offnum " + d.u16(0, "oldOffnum") + ", new offnum " + d.u16(12, "offnum");
            case 0x30 -> "offnum " + d.u16(0, "offnum");
            case 0x40 -> "targetBlk " + d.u32(0, "targetBlk");
            case 0x50 -> "pagesPerRange " + d.u32(0, "pagesPerRange") + ", heapBlk " + d.u32(4, "heapBlk")
                    + ", page offset " + d.u16(8, "regOffset");
            default -> "";
        };
    }
}
