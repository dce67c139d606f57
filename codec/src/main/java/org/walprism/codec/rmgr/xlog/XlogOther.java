package org.walprism.codec.rmgr.xlog;

import java.util.Arrays;
import org.walprism.codec.WalVersion;

/**
 * Any XLOG record the codec does not type (NOOP, BACKUP_END, RESTORE_POINT, FPW_CHANGE, END_OF_RECOVERY,
 * OVERWRITE_CONTRECORD, CHECKPOINT_REDO, ...): its info code and main data carried as opaque bytes.
 *
 * @param info     {@code xl_info & 0xF0}
 * @param mainData the main data
 */
public record XlogOther(int info, byte[] mainData) implements XlogRecord {
    /** {@code XLOG_NOOP} (catalog/pg_control.h). */
    public static final int XLOG_NOOP = 0x20;
    /** {@code XLOG_BACKUP_END}. */
    public static final int XLOG_BACKUP_END = 0x50;
    /** {@code XLOG_RESTORE_POINT}. */
    public static final int XLOG_RESTORE_POINT = 0x70;
    /** {@code XLOG_FPW_CHANGE}. */
    public static final int XLOG_FPW_CHANGE = 0x80;
    /** {@code XLOG_END_OF_RECOVERY}. */
    public static final int XLOG_END_OF_RECOVERY = 0x90;
    /** {@code XLOG_ASSIGN_LSN} (19+; XLOG_GIST_ASSIGN_LSN of rmgr Gist before). */
    public static final int XLOG_ASSIGN_LSN = 0xC0;
    /** {@code XLOG_OVERWRITE_CONTRECORD}. */
    public static final int XLOG_OVERWRITE_CONTRECORD = 0xD0;

    /** {@code offsetof(xl_end_of_recovery, wal_level)} (17+): after end_time and the two timeline ids. */
    public static final int END_OF_RECOVERY_WAL_LEVEL_OFFSET = 16;

    /**
     * {@code sizeof(xl_end_of_recovery)} (access/xlog_internal.h) in {@code version}: {@code end_time: int64,
     * ThisTimeLineID: uint32, PrevTimeLineID: uint32} (16 bytes, 13-16), plus {@code wal_level: int32} and 4 bytes
     * of padding (24 bytes, 17+).
     */
    public static int endOfRecoverySize(WalVersion version) {
        // 16 = END_OF_RECOVERY_WAL_LEVEL_OFFSET; 24 = that, wal_level and padding to the struct's 8-byte alignment
        return switch (version) {
            case PG13, PG14, PG15, PG16 -> 16;
            case PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> 24;
        };
    }

    /** Copies the main data. */
    public XlogOther {
        mainData = mainData.clone();
    }

    /** A copy of the main data. */
    @Override
    public byte[] mainData() {
        return mainData.clone();
    }

    @Override
    public byte[] encode() {
        return mainData.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof XlogOther x && info == x.info && Arrays.equals(mainData, x.mainData);
    }

    @Override
    public int hashCode() {
        return info * 31 + Arrays.hashCode(mainData);
    }

    @Override
    public String toString() {
        return String.format("XlogOther[info=0x%02X, %d bytes]", info, mainData.length);
    }
}
