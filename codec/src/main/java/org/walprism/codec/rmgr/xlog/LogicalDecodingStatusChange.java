package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * XLOG_LOGICAL_DECODING_STATUS_CHANGE (0xF0, 19+): logical decoding switched on or off while wal_level is
 * replica (a logical slot was created or the last one dropped).
 */
public sealed interface LogicalDecodingStatusChange extends XlogRecord {
    /** {@code XLOG_LOGICAL_DECODING_STATUS_CHANGE} (catalog/pg_control.h, 19+). */
    int XLOG_LOGICAL_DECODING_STATUS_CHANGE = 0xF0;

    /** Whether logical decoding is now enabled. */
    boolean enabled();

    /**
     * {@code enabled: bool} (1 byte).
     *
     * <p>Layout used by: PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors the XLogRegisterData of the new status in src/backend/replication/logical/logicalctl.c.
     */
    record Pg19(boolean enabled) implements LogicalDecodingStatusChange {
        static Pg19 decode(PayloadCursor c) {
            Pg19 r = new Pg19(c.bool("enabled"));
            c.expectEnd("XLOG_LOGICAL_DECODING_STATUS_CHANGE");
            return r;
        }

        @Override
        public byte[] encode() {
            return new PayloadWriter(1).bool(enabled).toByteArray();
        }
    }
}
