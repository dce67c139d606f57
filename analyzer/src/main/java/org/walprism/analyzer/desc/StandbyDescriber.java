package org.walprism.analyzer.desc;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.InvalidationMessage;

/**
 * Desc text of Standby (rmgr 8) records, mirroring {@code standby_desc} and
 * {@code standby_desc_invalidations} in src/backend/access/rmgrdesc/standbydesc.c.
 *
 * <p>Main-data structs (src/include/storage/standbydefs.h, same bytes 13..master):
 * <ul>
 * <li>{@code xl_standby_locks => nlocks: int32, locks: {xid: uint32, dbOid: uint32, relOid: uint32}[nlocks]}</li>
 * <li>{@code xl_running_xacts => xcnt: int32, subxcnt: int32, subxid_overflow: bool, pad: 3, nextXid: uint32,
 *     oldestRunningXid: uint32, latestCompletedXid: uint32, xids: uint32[xcnt + subxcnt]}</li>
 * <li>{@code xl_invalidations => dbId: uint32, tsId: uint32, relcacheInitFileInval: bool, pad: 3,
 *     nmsgs: int32, msgs: SharedInvalidationMessage[nmsgs]}</li>
 * </ul>
 * {@code SharedInvalidationMessage} is a 16-byte union whose first byte (int8) is the message id.
 */
public final class StandbyDescriber implements RmgrDescriber {

    /** Text style of a version's running-xacts desc. */
    private enum Style {
        /** 13-15: {@code ; subxid ovf}, subxids not listed. */
        OLD,
        /** 16+: {@code ; subxid overflowed} and {@code ; %d subxacts: ...}. */
        NEW
    }

    private static Style style(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15 -> Style.OLD;
            case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> Style.NEW;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        DescData d = r.mainData("Standby main data");
        switch (r.info() & 0xF0) {
            case 0x00 -> {
                int nlocks = d.count(d.i32(0, "nlocks"), 4, 12, "locks");
                for (int i = 0; i < nlocks; i++) {
                    int o = 4 + 12 * i;
                    sb.append("xid ").append(d.u32(o, "xid")).append(" db ").append(d.u32(o + 4, "dbOid"))
                            .append(" rel ").append(d.u32(o + 8, "relOid")).append(' ');
                }
            }
            case 0x10 -> runningXacts(sb, d, style(r.version()));
            case 0x20 -> invalidations(sb, r.version(), d, 16, d.i32(12, "nmsgs"), d.u32(0, "dbId"),
                    d.u32(4, "tsId"), d.bool(8, "relcacheInitFileInval"));
            default -> {
            }
        }
    }

    private static void runningXacts(TextBuffer sb, DescData d, Style style) {
        int xcnt = d.i32(0, "xcnt");
        int subxcnt = d.i32(4, "subxcnt");
        boolean overflow = d.bool(8, "subxid_overflow");
        sb.append("nextXid ").append(d.u32(12, "nextXid"))
                .append(" latestCompletedXid ").append(d.u32(20, "latestCompletedXid"))
                .append(" oldestRunningXid ").append(d.u32(16, "oldestRunningXid"));
        if (xcnt > 0) {
            d.count(xcnt, 24, 4, "xids");
            sb.append("; ").append(xcnt).append(" xacts:");
            for (int i = 0; i < xcnt; i++) {
                sb.append(' ').append(d.u32(24 + 4 * i, "xids"));
            }
        }
        switch (style) {
            case OLD -> {
                if (overflow) {
                    sb.append("; subxid ovf");
                }
            }
            case NEW -> {
                if (overflow) {
                    sb.append("; subxid overflowed");
                }
                if (subxcnt > 0) {
                    int base = 24 + 4 * Math.max(xcnt, 0);
                    d.count(subxcnt, base, 4, "subxids");
                    sb.append("; ").append(subxcnt).append(" subxacts:");
                    for (int i = 0; i < subxcnt; i++) {
                        sb.append(' ').append(d.u32(base + 4 * i, "subxids"));
                    }
                }
            }
            default -> throw new AssertionError(style);
        }
    }

    /** Whether {@code version} knows SHAREDINVALRELSYNC_ID (-6). */
    private static boolean hasRelSync(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17 -> false;
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /**
     * {@code standby_desc_invalidations}: appends nothing when {@code nmsgs <= 0}; else the optional
     * relcache-init-file part and {@code ; inval msgs:} with one word per message.
     */
    static void invalidations(TextBuffer sb, WalVersion version, DescData d, int msgsOffset, int nmsgs,
                              long dbId, long tsId, boolean relcacheInitFileInval) {
        if (nmsgs <= 0) {
            return;
        }
        d.count(nmsgs, msgsOffset, InvalidationMessage.SIZE, "invalidation messages");
        if (relcacheInitFileInval) {
            sb.append("; relcache init file inval dbid ").append(dbId).append(" tsid ").append(tsId);
        }
        sb.append("; inval msgs:");
        for (int i = 0; i < nmsgs; i++) {
            int o = msgsOffset + InvalidationMessage.SIZE * i;
            int id = d.i8(o, "msg id");
            if (id >= 0) {
                sb.append(" catcache ").append(id);
            } else if (id == -1) {
                sb.append(" catalog ").append(d.u32(o + 8, "catId"));
            } else if (id == -2) {
                sb.append(" relcache ").append(d.u32(o + 8, "relId"));
            } else if (id == -3) {
                sb.append(" smgr");
            } else if (id == -4) {
                sb.append(" relmap db ").append(d.u32(o + 4, "dbId"));
            } else if (id == -5) {
                sb.append(" snapshot ").append(d.u32(o + 8, "relId"));
            } else if (id == -6 && hasRelSync(version)) {
                sb.append(" relsync ").append(d.u32(o + 8, "relid"));
            } else {
                sb.append(" unrecognized id ").append(id);
            }
        }
    }
}
