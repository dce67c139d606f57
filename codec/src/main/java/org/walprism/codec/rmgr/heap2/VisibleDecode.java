package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.rmgr.InvalidPayloadException;

/**
 * The version dispatch of {@link Visible}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class VisibleDecode {

    private VisibleDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static Visible decode(WalVersion version, PayloadCursor main) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> Visible.Pg13.decode(main);
            case PG19_BETA1, PG19_BETA3, PG19 -> throw new InvalidPayloadException(main.part(), -1,
                    "XLOG_HEAP2_VISIBLE does not exist in " + version.label());
        };
    }
}
