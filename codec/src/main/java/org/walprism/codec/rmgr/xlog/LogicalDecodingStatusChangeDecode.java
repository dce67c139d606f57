package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link LogicalDecodingStatusChange}, outside its public interface so that no public
 * signature takes the codec's internal cursors.
 */
final class LogicalDecodingStatusChangeDecode {

    private LogicalDecodingStatusChangeDecode() {
    }

    /**
     * The layout of {@code version}: the one dispatch point of this family. Before 19 the code 0xF0 is no
     * record of this family: {@link XlogOther} with the bytes as they are.
     */
    static XlogRecord decode(WalVersion version, PayloadCursor main) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 ->
                    new XlogOther(LogicalDecodingStatusChange.XLOG_LOGICAL_DECODING_STATUS_CHANGE, main.rest());
            case PG19_BETA1, PG19_BETA3, PG19 -> LogicalDecodingStatusChange.Pg19.decode(main);
        };
    }
}
