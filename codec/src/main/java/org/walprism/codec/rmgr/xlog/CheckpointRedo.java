package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/**
 * XLOG_CHECKPOINT_REDO (0xE0, 17+): marks the redo point of an online checkpoint (CreateCheckPoint logs it before
 * the checkpoint record). Its main data is what the startup process must know at the redo point.
 */
public sealed interface CheckpointRedo extends XlogRecord {
    /** {@code XLOG_CHECKPOINT_REDO} (catalog/pg_control.h). */
    int XLOG_CHECKPOINT_REDO = 0xE0;

    /** {@code wal_level} at the redo point. */
    int walLevel();

    /**
     * {@code wal_level: int32} (4 bytes).
     *
     * <p>Layout used by: PG17, PG18, PG19.
     *
     * <p>Mirrors CreateCheckPoint in src/backend/access/transam/xlog.c (XLogRegisterData of {@code wal_level}).
     */
    record Pg17(int walLevel) implements CheckpointRedo {
        /** Bytes of the main data. */
        public static final int SIZE = 4;

        static Pg17 decode(PayloadCursor c) {
            Pg17 r = new Pg17(c.i32("wal_level"));
            c.expectEnd("XLOG_CHECKPOINT_REDO");
            return r;
        }

        @Override
        public byte[] encode() {
            return new PayloadWriter(SIZE).u32(walLevel).toByteArray();
        }
    }

    /**
     * {@code xl_checkpoint_redo => wal_level: int32, data_checksum_version: uint32} (8 bytes).
     *
     * <p>Layout used by: PG19_BETA1, PG19_BETA3 (online data-checksum changes, reverted before 19rc1).
     *
     * <p>Mirrors {@code xl_checkpoint_redo}, src/include/access/xlog_internal.h of 19beta1 to 19beta3.
     */
    record Pg19Beta1(int walLevel, long dataChecksumVersion) implements CheckpointRedo {
        /** Bytes of the main data. */
        public static final int SIZE = 8;

        static Pg19Beta1 decode(PayloadCursor c) {
            Pg19Beta1 r = new Pg19Beta1(c.i32("wal_level"), c.u32("data_checksum_version"));
            c.expectEnd("xl_checkpoint_redo");
            return r;
        }

        @Override
        public byte[] encode() {
            return new PayloadWriter(SIZE).u32(walLevel).u32(dataChecksumVersion).toByteArray();
        }
    }
}
