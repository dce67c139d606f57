package org.walprism.codec.rmgr.btree;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/** Reads and writes {@link BtreeMetadata} (kept off the public interface: the cursor and writer are internal). */
final class MetadataCodec {
    private MetadataCodec() {
    }

    /** The layout of {@code version}: the one dispatch point of this struct. */
    static BtreeMetadata decode(WalVersion version, PayloadCursor c) {
        BtreeMetadata m = switch (version) {
            case PG13 -> BtreeMetadata.Pg13.read(c);
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> BtreeMetadata.Pg14.read(c);
        };
        c.expectEnd("xl_btree_metadata");
        return m;
    }

    /** Appends the struct's bytes to {@code w}. */
    static void write(BtreeMetadata m, PayloadWriter w) {
        if (m instanceof BtreeMetadata.Pg13 p) {
            p.write(w);
        } else {
            ((BtreeMetadata.Pg14) m).write(w);
        }
    }
}
