package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/** XLOG_NEXTOID (0x30): the next OID to assign after a crash. */
public sealed interface NextOid extends XlogRecord {

    /** The OID ({@code Oid}, main data). */
    long nextOid();

    /**
     * {@code nextOid: uint32} (4 bytes).
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors XLogPutNextOid in src/backend/access/transam/xlog.c.
     */
    record Pg13(long nextOid) implements NextOid {
        static Pg13 decode(PayloadCursor main) {
            long oid = main.u32("nextOid");
            main.expectEnd("nextOid");
            return new Pg13(oid);
        }

        @Override
        public byte[] encode() {
            return new PayloadWriter(4).u32(nextOid).toByteArray();
        }
    }
}
