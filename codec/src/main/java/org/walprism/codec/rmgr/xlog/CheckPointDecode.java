package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link CheckPoint}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class CheckPointDecode {

    private CheckPointDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static CheckPoint decode(WalVersion version, int info, PayloadCursor main) {
        boolean shutdown = (info & 0xF0) == CheckPoint.XLOG_CHECKPOINT_SHUTDOWN;
        return switch (version) {
            case PG13, PG14, PG15, PG16 -> CheckPoint.Pg13.decode(shutdown, main);
            case PG17, PG18 -> CheckPoint.Pg17.decode(shutdown, main);
            case PG19_BETA1, PG19_BETA3 -> CheckPoint.Pg19Beta1.decode(shutdown, main);
            case PG19 -> CheckPoint.Pg19.decode(shutdown, main);
        };
    }
}
