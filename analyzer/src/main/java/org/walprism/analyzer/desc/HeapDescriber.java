package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;

/**
 * Desc text of Heap (rmgr 10) records, mirroring {@code heap_desc} in src/backend/access/rmgrdesc/heapdesc.c.
 *
 * <p>Main-data structs (src/include/access/heapam_xlog.h, unchanged 13..master except INPLACE):
 * <ul>
 * <li>{@code xl_heap_insert => offnum: uint16, flags: uint8}</li>
 * <li>{@code xl_heap_delete => xmax: uint32, offnum: uint16, infobits_set: uint8, flags: uint8}</li>
 * <li>{@code xl_heap_update => old_xmax: uint32, old_offnum: uint16, old_infobits_set: uint8, flags: uint8,
 *     new_xmax: uint32, new_offnum: uint16}</li>
 * <li>{@code xl_heap_truncate => dbId: uint32, nrelids: uint32, flags: uint8, pad: 3, relids: uint32[nrelids]}</li>
 * <li>{@code xl_heap_confirm => offnum: uint16}</li>
 * <li>{@code xl_heap_lock => xmax: uint32, offnum: uint16, infobits_set: uint8, flags: uint8}</li>
 * <li>{@code xl_heap_inplace => offnum: uint16} (13-17); 18+ adds {@code pad: 2, dbId: uint32, tsId: uint32,
 *     relcacheInitFileInval: bool, pad: 3, nmsgs: int32, msgs: SharedInvalidationMessage[nmsgs]}</li>
 * </ul>
 */
public final class HeapDescriber implements RmgrDescriber {

    /** Text style of a version's heap_desc. */
    private enum Style {
        /** 13-15: {@code off %u flags 0x%02X} and infobits words. */
        OLD,
        /** 16-17: {@code key: value} pairs and bracketed lists. */
        KEYED,
        /** 18+: as KEYED, INPLACE also prints its invalidation messages. */
        KEYED_INPLACE_INVALS
    }

    private static Style style(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15 -> Style.OLD;
            case PG16, PG17 -> Style.KEYED;
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> Style.KEYED_INPLACE_INVALS;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        Style style = style(r.version());
        DescData d = r.mainData("Heap main data");
        switch (r.info() & 0x70) {
            case 0x00 -> insert(sb, d, style);
            case 0x10 -> delete(sb, d, style);
            case 0x20, 0x40 -> update(sb, d, style);
            case 0x30 -> truncate(sb, d, style);
            case 0x50 -> sb.append(style == Style.OLD ? "off " : "off: ").append(d.u16(0, "offnum"));
            case 0x60 -> lock(sb, d, style);
            case 0x70 -> inplace(sb, d, style, r.version());
            default -> throw new AssertionError("unreachable heap opcode");
        }
    }

    private static void insert(TextBuffer sb, DescData d, Style style) {
        int off = d.u16(0, "offnum");
        int flags = d.u8(2, "flags");
        if (style == Style.OLD) {
            sb.append("off ").append(off).append(" flags 0x").appendHex(flags, 2);
        } else {
            sb.append("off: ").append(off).append(", flags: 0x").appendHex(flags, 2);
        }
    }

    private static void delete(TextBuffer sb, DescData d, Style style) {
        long xmax = d.u32(0, "xmax");
        int off = d.u16(4, "offnum");
        int infobits = d.u8(6, "infobits_set");
        int flags = d.u8(7, "flags");
        if (style == Style.OLD) {
            sb.append("off ").append(off).append(" flags 0x").appendHex(flags, 2).append(' ');
            DescFormat.infobitsWords(sb, infobits);
        } else {
            sb.append("xmax: ").append(xmax).append(", off: ").append(off).append(", ");
            DescFormat.infobitsList(sb, infobits, "infobits");
            sb.append(", flags: 0x").appendHex(flags, 2);
        }
    }

    private static void update(TextBuffer sb, DescData d, Style style) {
        long oldXmax = d.u32(0, "old_xmax");
        int oldOff = d.u16(4, "old_offnum");
        int oldInfobits = d.u8(6, "old_infobits_set");
        int flags = d.u8(7, "flags");
        long newXmax = d.u32(8, "new_xmax");
        int newOff = d.u16(12, "new_offnum");
        if (style == Style.OLD) {
            sb.append("off ").append(oldOff).append(" xmax ").append(oldXmax)
                    .append(" flags 0x").appendHex(flags, 2).append(' ');
            DescFormat.infobitsWords(sb, oldInfobits);
            sb.append("; new off ").append(newOff).append(" xmax ").append(newXmax);
        } else {
            sb.append("old_xmax: ").append(oldXmax).append(", old_off: ").append(oldOff).append(", ");
            DescFormat.infobitsList(sb, oldInfobits, "old_infobits");
            sb.append(", flags: 0x").appendHex(flags, 2).append(", new_xmax: ").append(newXmax)
                    .append(", new_off: ").append(newOff);
        }
    }

    private static void truncate(TextBuffer sb, DescData d, Style style) {
        long nrelids = d.u32(4, "nrelids");
        int flags = d.u8(8, "flags");
        int n = d.count(nrelids, 12, 4, "relids");
        if (style == Style.OLD) {
            if ((flags & 0x01) != 0) {
                sb.append("cascade ");
            }
            if ((flags & 0x02) != 0) {
                sb.append("restart_seqs ");
            }
            sb.append("nrelids ").append(nrelids).append(" relids");
            for (int i = 0; i < n; i++) {
                sb.append(' ').append(d.u32(12 + 4 * i, "relids"));
            }
        } else {
            sb.append("flags: [");
            if ((flags & 0x01) != 0) {
                sb.append("CASCADE");
            }
            if ((flags & 0x02) != 0) {
                sb.append((flags & 0x01) != 0 ? ", " : "").append("RESTART_SEQS");
            }
            sb.append("], nrelids: ").append(nrelids).append(", relids:");
            DescFormat.oidArray(sb, d, 12, n, "relids");
        }
    }

    private static void lock(TextBuffer sb, DescData d, Style style) {
        long xmax = d.u32(0, "xmax");
        int off = d.u16(4, "offnum");
        int infobits = d.u8(6, "infobits_set");
        int flags = d.u8(7, "flags");
        if (style == Style.OLD) {
            sb.append("off ").append(off).append(": xid ").append(xmax).append(": flags 0x")
                    .appendHex(flags, 2).append(' ');
            DescFormat.infobitsWords(sb, infobits);
        } else {
            sb.append("xmax: ").append(xmax).append(", off: ").append(off).append(", ");
            DescFormat.infobitsList(sb, infobits, "infobits");
            sb.append(", flags: 0x").appendHex(flags, 2);
        }
    }

    private static void inplace(TextBuffer sb, DescData d, Style style, WalVersion version) {
        int off = d.u16(0, "offnum");
        sb.append(style == Style.OLD ? "off " : "off: ").append(off);
        if (style == Style.KEYED_INPLACE_INVALS) {
            long dbId = d.u32(4, "dbId");
            long tsId = d.u32(8, "tsId");
            boolean initFile = d.bool(12, "relcacheInitFileInval");
            int nmsgs = d.i32(16, "nmsgs");
            StandbyDescriber.invalidations(sb, version, d, 20, nmsgs, dbId, tsId, initFile);
        }
    }
}
