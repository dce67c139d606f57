package org.walprism.codec.rmgr.xact;

import org.walprism.codec.WalVersion;

/**
 * The Transaction ({@code RM_XACT_ID}, rmid 1) record kinds, from {@code xl_info & XLOG_XACT_OPMASK}: the
 * XLOG_XACT_* constants of src/include/access/xact.h. INVALIDATIONS exists from 14.
 */
public enum XactType {
    /** {@code XLOG_XACT_COMMIT}. */
    COMMIT,
    /** {@code XLOG_XACT_PREPARE}. */
    PREPARE,
    /** {@code XLOG_XACT_ABORT}. */
    ABORT,
    /** {@code XLOG_XACT_COMMIT_PREPARED}. */
    COMMIT_PREPARED,
    /** {@code XLOG_XACT_ABORT_PREPARED}. */
    ABORT_PREPARED,
    /** {@code XLOG_XACT_ASSIGNMENT}. */
    ASSIGNMENT,
    /** {@code XLOG_XACT_INVALIDATIONS}. */
    INVALIDATIONS;

    /** {@code XLOG_XACT_COMMIT}. */
    public static final int XLOG_XACT_COMMIT = 0x00;
    /** {@code XLOG_XACT_PREPARE}. */
    public static final int XLOG_XACT_PREPARE = 0x10;
    /** {@code XLOG_XACT_ABORT}. */
    public static final int XLOG_XACT_ABORT = 0x20;
    /** {@code XLOG_XACT_COMMIT_PREPARED}. */
    public static final int XLOG_XACT_COMMIT_PREPARED = 0x30;
    /** {@code XLOG_XACT_ABORT_PREPARED}. */
    public static final int XLOG_XACT_ABORT_PREPARED = 0x40;
    /** {@code XLOG_XACT_ASSIGNMENT}. */
    public static final int XLOG_XACT_ASSIGNMENT = 0x50;
    /** {@code XLOG_XACT_INVALIDATIONS} (14+). */
    public static final int XLOG_XACT_INVALIDATIONS = 0x60;
    /** {@code XLOG_XACT_OPMASK}. */
    public static final int XLOG_XACT_OPMASK = 0x70;
    /** {@code XLOG_XACT_HAS_INFO}: an {@code xl_xact_xinfo} follows the fixed part of COMMIT/ABORT. */
    public static final int XLOG_XACT_HAS_INFO = 0x80;

    /** {@code XACT_XINFO_HAS_DBINFO}: {@code xl_xact_dbinfo} follows. */
    public static final int XACT_XINFO_HAS_DBINFO = 1;
    /** {@code XACT_XINFO_HAS_SUBXACTS}: {@code xl_xact_subxacts} follows. */
    public static final int XACT_XINFO_HAS_SUBXACTS = 1 << 1;
    /** {@code XACT_XINFO_HAS_RELFILELOCATORS} ({@code XACT_XINFO_HAS_RELFILENODES} before 16). */
    public static final int XACT_XINFO_HAS_RELFILELOCATORS = 1 << 2;
    /** {@code XACT_XINFO_HAS_INVALS}: {@code xl_xact_invals} follows (commit only). */
    public static final int XACT_XINFO_HAS_INVALS = 1 << 3;
    /** {@code XACT_XINFO_HAS_TWOPHASE}: {@code xl_xact_twophase} follows. */
    public static final int XACT_XINFO_HAS_TWOPHASE = 1 << 4;
    /** {@code XACT_XINFO_HAS_ORIGIN}: {@code xl_xact_origin} follows. */
    public static final int XACT_XINFO_HAS_ORIGIN = 1 << 5;
    /** {@code XACT_XINFO_HAS_AE_LOCKS}: the transaction held AccessExclusive locks (no data). */
    public static final int XACT_XINFO_HAS_AE_LOCKS = 1 << 6;
    /** {@code XACT_XINFO_HAS_GID}: a NUL-terminated GID follows the two-phase xid. */
    public static final int XACT_XINFO_HAS_GID = 1 << 7;
    /** {@code XACT_XINFO_HAS_DROPPED_STATS} (15+): {@code xl_xact_stats_items} follows. */
    public static final int XACT_XINFO_HAS_DROPPED_STATS = 1 << 8;
    /** {@code XACT_COMPLETION_APPLY_FEEDBACK}. */
    public static final int XACT_COMPLETION_APPLY_FEEDBACK = 1 << 29;
    /** {@code XACT_COMPLETION_UPDATE_RELCACHE_FILE}. */
    public static final int XACT_COMPLETION_UPDATE_RELCACHE_FILE = 1 << 30;
    /** {@code XACT_COMPLETION_FORCE_SYNC_COMMIT}. */
    public static final int XACT_COMPLETION_FORCE_SYNC_COMMIT = 1 << 31;

    /** The kind of a Transaction record with {@code info} in {@code version}, or null when it has none. */
    public static XactType of(WalVersion version, int info) {
        int op = info & XLOG_XACT_OPMASK;
        return switch (op) {
            case XLOG_XACT_COMMIT -> COMMIT;
            case XLOG_XACT_PREPARE -> PREPARE;
            case XLOG_XACT_ABORT -> ABORT;
            case XLOG_XACT_COMMIT_PREPARED -> COMMIT_PREPARED;
            case XLOG_XACT_ABORT_PREPARED -> ABORT_PREPARED;
            case XLOG_XACT_ASSIGNMENT -> ASSIGNMENT;
            case XLOG_XACT_INVALIDATIONS -> switch (version) {
                case PG13 -> null;
                case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> INVALIDATIONS;
            };
            default -> null;
        };
    }
}
