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

    /** {@code XLOG_XACT_OPMASK}. */
    public static final int OPMASK = 0x70;
    /** {@code XLOG_XACT_HAS_INFO}: an {@code xl_xact_xinfo} follows the fixed part of COMMIT/ABORT. */
    public static final int HAS_INFO = 0x80;

    /** The kind of a Transaction record with {@code info} in {@code version}, or null when it has none. */
    public static XactType of(WalVersion version, int info) {
        int op = info & OPMASK;
        return switch (op) {
            case 0x00 -> COMMIT;
            case 0x10 -> PREPARE;
            case 0x20 -> ABORT;
            case 0x30 -> COMMIT_PREPARED;
            case 0x40 -> ABORT_PREPARED;
            case 0x50 -> ASSIGNMENT;
            case 0x60 -> switch (version) {
                case PG13 -> null;
                case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> INVALIDATIONS;
            };
            default -> null;
        };
    }
}
