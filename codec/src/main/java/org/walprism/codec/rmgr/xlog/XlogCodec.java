package org.walprism.codec.rmgr.xlog;

import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Decodes the XLOG records a reader must understand (checkpoints, CHECKPOINT_REDO, SWITCH, NEXTOID,
 * PARAMETER_CHANGE, FPI, FPI_FOR_HINT, LOGICAL_DECODING_STATUS_CHANGE) into typed values; every other XLOG record becomes {@link XlogOther} with opaque bytes.
 * {@code encode} gives back the exact main data. Mirrors src/include/catalog/pg_control.h (XLOG_* codes).
 */
public final class XlogCodec {
    /** {@code XLOG_NEXTOID} (catalog/pg_control.h). */
    public static final int XLOG_NEXTOID = 0x30;
    /** {@code XLOG_SWITCH} (catalog/pg_control.h). */
    public static final int XLOG_SWITCH = 0x40;
    /** {@code XLOG_PARAMETER_CHANGE} (catalog/pg_control.h). */
    public static final int XLOG_PARAMETER_CHANGE = 0x60;

    private XlogCodec() {
    }

    /** Decodes a whole XLOG record. */
    public static XlogRecord decode(DecodedRecord record) {
        if (record.rmid() != RmgrTable.XLOG) {
            throw new IllegalArgumentException("not an XLOG record: rmid " + record.rmid());
        }
        try {
            return decode(record.version(), record.info(), record.mainData(), record.blocks());
        } catch (InvalidPayloadException e) {
            throw e.at(record.recordLsn().value());
        }
    }

    /**
     * Decodes an XLOG payload.
     *
     * @param info   {@code xl_info} (bits 0xF0 used)
     * @param blocks the record's block references (FPI records are made of them)
     */
    public static XlogRecord decode(WalVersion version, int info, byte[] mainData, List<BlockRef> blocks) {
        int op = info & 0xF0;
        PayloadCursor main = PayloadCursor.of(mainData, String.format("XLOG 0x%02X main data", op));
        if (op != Fpi.XLOG_FPI && op != Fpi.XLOG_FPI_FOR_HINT) {
            for (BlockRef b : blocks) {
                if (b.dataLength() != 0) {
                    throw new InvalidPayloadException(main.part(), -1,
                            String.format("block %d carries %d data bytes (expected: 0)", b.id(), b.dataLength()));
                }
            }
        }
        return switch (op) {
            case CheckPoint.XLOG_CHECKPOINT_SHUTDOWN, CheckPoint.XLOG_CHECKPOINT_ONLINE ->
                    CheckPointDecode.decode(version, info, main);
            case XLOG_NEXTOID -> NextOidDecode.decode(version, main);
            case XLOG_SWITCH -> SwitchDecode.decode(version, main);
            case XLOG_PARAMETER_CHANGE -> ParameterChangeDecode.decode(version, main);
            case Fpi.XLOG_FPI, Fpi.XLOG_FPI_FOR_HINT -> FpiDecode.decode(version, info, main, blocks);
            case CheckpointRedo.XLOG_CHECKPOINT_REDO -> CheckpointRedoDecode.decode(version, main);
            case LogicalDecodingStatusChange.XLOG_LOGICAL_DECODING_STATUS_CHANGE ->
                    LogicalDecodingStatusChangeDecode.decode(version, main);
            default -> new XlogOther(op, main.rest());
        };
    }

    /** The exact main data of {@code record}. */
    public static byte[] encode(XlogRecord record) {
        return record.encode();
    }
}
