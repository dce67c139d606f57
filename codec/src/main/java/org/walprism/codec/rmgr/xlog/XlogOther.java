package org.walprism.codec.rmgr.xlog;

import java.util.Arrays;

/**
 * Any XLOG record the codec does not type (NOOP, BACKUP_END, RESTORE_POINT, FPW_CHANGE, END_OF_RECOVERY,
 * OVERWRITE_CONTRECORD, CHECKPOINT_REDO, ...): its info code and main data carried as opaque bytes.
 *
 * @param info     {@code xl_info & 0xF0}
 * @param mainData the main data
 */
public record XlogOther(int info, byte[] mainData) implements XlogRecord {
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
