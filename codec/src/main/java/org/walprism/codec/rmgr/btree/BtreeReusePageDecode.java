package org.walprism.codec.rmgr.btree;

import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link BtreeReusePage}, outside its public interface so that no public signature takes
 * the codec's internal cursors.
 */
final class BtreeReusePageDecode {

    private BtreeReusePageDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static BtreeReusePage decode(WalVersion version, PayloadCursor main, BlockInputs blocks) {
        blocks.expectOnly();
        RelFileLocator loc = new RelFileLocator(main.u32("locator.spcOid"), main.u32("locator.dbOid"),
                main.u32("locator.relNumber"));
        long block = main.u32("block");
        BtreeReusePage r = switch (version) {
            case PG13 -> new BtreeReusePage.Pg13(loc, block, main.u32("latestRemovedXid"));
            case PG14, PG15 -> new BtreeReusePage.Pg14(loc, block, main.i64("latestRemovedFullXid"));
            case PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 ->
                    new BtreeReusePage.Pg16(loc, block, main.i64("snapshotConflictHorizon"),
                    main.bool("isCatalogRel"));
        };
        main.expectEnd("xl_btree_reuse_page");
        return r;
    }
}
