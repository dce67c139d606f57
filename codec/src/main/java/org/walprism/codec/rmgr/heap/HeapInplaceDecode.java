package org.walprism.codec.rmgr.heap;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link HeapInplace}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class HeapInplaceDecode {

    private HeapInplaceDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static HeapInplace decode(WalVersion version, PayloadCursor main, BlockInputs blocks) {
        blocks.expectOnly(0);
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17 -> HeapInplace.Pg13.decode(main, blocks);
            case PG18, PG19_BETA1, PG19_BETA3, PG19 -> HeapInplace.Pg18.decode(main, blocks);
        };
    }
}
