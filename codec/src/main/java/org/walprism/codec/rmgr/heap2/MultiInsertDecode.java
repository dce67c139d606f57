package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.heap.HeapType;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link MultiInsert}, outside its public interface so that no public signature takes the
 * codec's internal cursors.
 */
final class MultiInsertDecode {

    private MultiInsertDecode() {
    }

    /** The layout of {@code version}: the one dispatch point of this family. */
    static MultiInsert decode(WalVersion version, int info, PayloadCursor main, PayloadCursor block) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 ->
                    MultiInsert.Pg13.decode((info & HeapType.XLOG_HEAP_INIT_PAGE) != 0, main, block);
        };
    }
}
