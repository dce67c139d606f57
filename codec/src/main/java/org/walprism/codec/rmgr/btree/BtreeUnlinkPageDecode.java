package org.walprism.codec.rmgr.btree;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link BtreeUnlinkPage}, outside its public interface so that no public signature takes
 * the codec's internal cursors.
 */
final class BtreeUnlinkPageDecode {

    private BtreeUnlinkPageDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static BtreeUnlinkPage decode(WalVersion version, BtreeType type, PayloadCursor main, BlockInputs blocks) {
        boolean withMeta = type == BtreeType.UNLINK_PAGE_META;
        BtreeUnlinkPage r = switch (version) {
            case PG13 -> BtreeUnlinkPage.Pg13.decode(withMeta, main);
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 ->
                    BtreeUnlinkPage.Pg14.decode(withMeta, main);
        };
        main.expectEnd("xl_btree_unlink_page");
        if (!withMeta) {
            blocks.expectOnly();
            return r;
        }
        blocks.expectOnly(4);
        MetaBlock meta = MetaBlock.decode(version, blocks, 4);
        return r instanceof BtreeUnlinkPage.Pg13 p
                ? new BtreeUnlinkPage.Pg13(true, p.leftsib(), p.rightsib(), p.leafleftsib(), p.leafrightsib(),
                        p.leaftopparent(), p.btpoXact(), meta)
                : ((BtreeUnlinkPage.Pg14) r).withMeta(meta);
    }
}
