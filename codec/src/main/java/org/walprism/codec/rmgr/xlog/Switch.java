package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.internal.PayloadCursor;

/**
 * XLOG_SWITCH (0x40): ends the segment logically; a 24-byte record with no payload. The rest of the
 * segment is skipped by readers (the following pages are all zeros).
 */
public sealed interface Switch extends XlogRecord {

    /**
     * {@code (no main data)}.
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors RequestXLogSwitch in src/backend/access/transam/xlog.c.
     */
    record Pg13() implements Switch {
        static Pg13 decode(PayloadCursor main) {
            main.expectEnd("nothing (XLOG_SWITCH has no main data)");
            return new Pg13();
        }

        @Override
        public byte[] encode() {
            return new byte[0];
        }
    }
}
