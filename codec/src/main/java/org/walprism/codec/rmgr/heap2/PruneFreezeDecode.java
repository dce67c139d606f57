package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.rmgr.InvalidPayloadException;

/**
 * The version dispatch of {@link PruneFreeze}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class PruneFreezeDecode {

    private PruneFreezeDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static PruneFreeze decode(WalVersion version, int info, PayloadCursor main, PayloadCursor block) {
        return switch (version) {
            case PG17, PG18 -> PruneFreeze.Pg17.decode(PruneFreeze.Reason.ofInfo(info), main, block);
            case PG19_BETA1, PG19_BETA3, PG19 -> PruneFreeze.Pg19.decode(PruneFreeze.Reason.ofInfo(info), main, block);
            case PG13, PG14, PG15, PG16 -> throw new InvalidPayloadException(main.part(), -1,
                    "XLOG_HEAP2_PRUNE_* with sub-records does not exist in " + version.label());
        };
    }
}
