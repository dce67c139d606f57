package org.walprism.codec.rmgr.xlog;

import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.record.BlockRef;

/**
 * The version dispatch of {@link Fpi}, outside its public interface so that no public signature takes the codec's
 * internal cursors.
 */
final class FpiDecode {

    private FpiDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static Fpi decode(WalVersion version, int info, PayloadCursor main, List<BlockRef> blocks) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 ->
                    Fpi.Pg13.decode(info, main, blocks);
        };
    }
}
