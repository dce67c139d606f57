package org.walprism.codec.rmgr;

import org.walprism.codec.WalVersion;

/**
 * Resource-manager ids the reader itself needs, and which ids are valid per version
 * (src/include/access/rmgrlist.h; RM_MAX_BUILTIN_ID 21 up to 18, 22 from 19; custom ids 128-255 from 15).
 */
public final class RmgrIds {
    public static final int XLOG = 0;
    public static final int XACT = 1;
    public static final int SMGR = 2;
    public static final int CLOG = 3;
    public static final int DBASE = 4;
    public static final int TBLSPC = 5;
    public static final int MULTIXACT = 6;
    public static final int RELMAP = 7;
    public static final int STANDBY = 8;
    public static final int HEAP2 = 9;
    public static final int HEAP = 10;
    public static final int BTREE = 11;

    private RmgrIds() {
    }

    /** Highest built-in rmid ({@code RM_MAX_BUILTIN_ID}). */
    public static int maxBuiltin(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> 21;
            case PG19, MASTER -> 22;
        };
    }

    /** Whether custom resource managers (ids 128-255) exist. */
    public static boolean hasCustom(WalVersion v) {
        return switch (v) {
            case PG13, PG14 -> false;
            case PG15, PG16, PG17, PG18, PG19, MASTER -> true;
        };
    }

    /** {@code RmgrIdIsValid} of {@code v}. */
    public static boolean isValid(WalVersion v, int rmid) {
        return rmid <= maxBuiltin(v) || (hasCustom(v) && rmid >= 128 && rmid <= 255);
    }
}
