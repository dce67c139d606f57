package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.rmgr.InvalidPayloadException;

/**
 * The version dispatch of {@link CleanupInfo}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class CleanupInfoDecode {

    private CleanupInfoDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static CleanupInfo decode(WalVersion version, PayloadCursor main) {
        return switch (version) {
            case PG13 -> CleanupInfo.Pg13.decode(main);
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 ->
                    throw new InvalidPayloadException(main.part(), -1,
                            "XLOG_HEAP2_CLEANUP_INFO does not exist in " + version.label());
        };
    }
}
