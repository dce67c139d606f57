package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link LockUpdated}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class LockUpdatedDecode {

    private LockUpdatedDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static LockUpdated decode(WalVersion version, PayloadCursor main) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> LockUpdated.Pg13.decode(main);
        };
    }
}
