package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.rmgr.InvalidPayloadException;

/**
 * The version dispatch of {@link HeapPrune}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class HeapPruneDecode {

    private HeapPruneDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static HeapPrune decode(WalVersion version, PayloadCursor main, PayloadCursor block) {
        return switch (version) {
            case PG13, PG14, PG15 -> HeapPrune.Pg13.decode(main, block);
            case PG16 -> HeapPrune.Pg16.decode(main, block);
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> throw new InvalidPayloadException(main.part(), -1,
                    "XLOG_HEAP2_PRUNE with nredirected/ndead counts does not exist in " + version.label());
        };
    }
}
