package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link Switch}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class SwitchDecode {

    private SwitchDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static Switch decode(WalVersion version, PayloadCursor main) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> Switch.Pg13.decode(main);
        };
    }
}
