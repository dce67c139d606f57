package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.rmgr.InvalidPayloadException;

/**
 * The version dispatch of {@link HeapVacuum}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class HeapVacuumDecode {

    private HeapVacuumDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static HeapVacuum decode(WalVersion version, PayloadCursor main, PayloadCursor block) {
        return switch (version) {
            case PG14, PG15, PG16 -> HeapVacuum.Pg14.decode(main, block);
            case PG13, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> throw new InvalidPayloadException(main.part(), -1,
                    "XLOG_HEAP2_VACUUM does not exist in " + version.label());
        };
    }
}
