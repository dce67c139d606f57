package org.walprism.codec.page;

import org.walprism.codec.WalVersion;

/**
 * {@code xlp_info} flag bits per version. Bit 0x0004 is XLP_BKP_REMOVABLE up to 18 and
 * XLP_FIRST_IS_OVERWRITE_CONTRECORD from 19, so the table is chosen by page magic.
 * Mirrors src/include/access/xlog_internal.h of each branch.
 */
public final class PageFlags {
    private PageFlags() {
    }

    /** {@code XLP_ALL_FLAGS} of {@code version}. */
    public static int allFlags(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> 0x000F;
            case PG19_BETA1, PG19_BETA3, PG19 -> 0x0007;
        };
    }

    /** {@code XLP_FIRST_IS_OVERWRITE_CONTRECORD} of {@code version}. */
    public static int overwriteContrecord(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> 0x0008;
            case PG19_BETA1, PG19_BETA3, PG19 -> 0x0004;
        };
    }

    /** {@code XLP_BKP_REMOVABLE}, or 0 where the flag no longer exists (19+). */
    public static int bkpRemovable(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> 0x0004;
            case PG19_BETA1, PG19_BETA3, PG19 -> 0;
        };
    }
}
