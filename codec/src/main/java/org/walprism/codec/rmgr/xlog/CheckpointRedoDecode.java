package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;

/**
 * The version dispatch of {@link CheckpointRedo}, outside its public interface so that no public signature takes
 * the codec's internal cursors.
 */
final class CheckpointRedoDecode {

    private CheckpointRedoDecode() {
    }

    /**
     * The layout of {@code version}: the one dispatch point of this family. Before 17 the code 0xE0 is no
     * record of this family: {@link XlogOther} with the bytes as they are.
     */
    static XlogRecord decode(WalVersion version, PayloadCursor main) {
        return switch (version) {
            case PG13, PG14, PG15, PG16 -> new XlogOther(CheckpointRedo.XLOG_CHECKPOINT_REDO, main.rest());
            case PG17, PG18, PG19 -> CheckpointRedo.Pg17.decode(main);
            case PG19_BETA1, PG19_BETA3 -> CheckpointRedo.Pg19Beta1.decode(main);
        };
    }
}
