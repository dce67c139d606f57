package org.walprism.codec.rmgr.btree;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link BtreeDelete}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class BtreeDeleteDecode {

    private BtreeDeleteDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static BtreeDelete decode(WalVersion version, PayloadCursor main, BlockInputs blocks) {
        blocks.expectOnly(0);
        return switch (version) {
            case PG13 -> BtreeDelete.Pg13.decode(main, blocks);
            case PG14, PG15 -> BtreeDelete.Pg14.decode(main, blocks);
            case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> BtreeDelete.Pg16.decode(main, blocks);
        };
    }
}
