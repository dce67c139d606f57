package org.walprism.codec.rmgr.xlog;

import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/** XLOG_PARAMETER_CHANGE (0x60): settings a hot standby must match. */
public sealed interface ParameterChange extends XlogRecord {

    /** {@code MaxConnections}. */
    int maxConnections();

    /** {@code max_worker_processes}. */
    int maxWorkerProcesses();

    /** {@code max_wal_senders}. */
    int maxWalSenders();

    /** {@code max_prepared_xacts}. */
    int maxPreparedXacts();

    /** {@code max_locks_per_xact}. */
    int maxLocksPerXact();

    /** {@code wal_level}: 0 minimal, 1 replica, 2 logical. */
    int walLevel();

    /** {@code wal_log_hints}. */
    boolean walLogHints();

    /** {@code track_commit_timestamp}. */
    boolean trackCommitTimestamp();

    /**
     * {@code xl_parameter_change => MaxConnections: int32, max_worker_processes: int32, max_wal_senders: int32,
     * max_prepared_xacts: int32, max_locks_per_xact: int32, wal_level: int32, wal_log_hints: bool,
     * track_commit_timestamp: bool, pad: 2} (28 bytes).
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors {@code xl_parameter_change}, src/include/access/xlog_internal.h.
     *
     * @param pad the 2 trailing padding bytes as a little-endian uint16, kept for byte-exact encoding
     */
    record Pg13(int maxConnections, int maxWorkerProcesses, int maxWalSenders, int maxPreparedXacts,
                int maxLocksPerXact, int walLevel, boolean walLogHints, boolean trackCommitTimestamp, int pad)
            implements ParameterChange {
        /** Bytes of {@code xl_parameter_change} in this layout. */
        public static final int SIZE = 28;

        static Pg13 decode(PayloadCursor main) {
            Pg13 r = new Pg13(main.i32("MaxConnections"), main.i32("max_worker_processes"),
                    main.i32("max_wal_senders"), main.i32("max_prepared_xacts"), main.i32("max_locks_per_xact"),
                    main.i32("wal_level"), main.bool("wal_log_hints"), main.bool("track_commit_timestamp"),
                    main.u16("pad"));
            main.expectEnd("xl_parameter_change");
            return r;
        }

        @Override
        public byte[] encode() {
            return new PayloadWriter(SIZE).u32(maxConnections).u32(maxWorkerProcesses).u32(maxWalSenders)
                    .u32(maxPreparedXacts).u32(maxLocksPerXact).u32(walLevel).bool(walLogHints)
                    .bool(trackCommitTimestamp).u16(pad).toByteArray();
        }
    }
}
