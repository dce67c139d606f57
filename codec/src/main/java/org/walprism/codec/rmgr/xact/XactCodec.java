package org.walprism.codec.rmgr.xact;

import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.RecordPayload;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Decodes Transaction (rmgr 1) record payloads into typed {@link XactRecord}s and encodes them back.
 *
 * <p>The opcode picks the record kind ({@link XactType#of}); {@link XactLayout#of} picks the per-version layout.
 * Decoding throws {@link InvalidPayloadException} naming the field for bytes that contradict themselves, and
 * allocates nothing sized by a count the bytes do not back.
 */
public final class XactCodec {
    private XactCodec() {
    }

    /** Decodes a whole Transaction record. */
    public static XactRecord decode(DecodedRecord record) {
        if (record.rmid() != RmgrTable.TRANSACTION) {
            throw new IllegalArgumentException("not a Transaction record: rmid " + record.rmid());
        }
        try {
            return decode(record.version(), record.info(), record.mainData(), record.blocks());
        } catch (InvalidPayloadException e) {
            throw e.at(record.recordLsn().value());
        }
    }

    /** Decodes a Transaction payload ({@code blocks} must carry no data: these records register none). */
    public static XactRecord decode(WalVersion version, int info, byte[] mainData, List<BlockRef> blocks) {
        XactType type = XactType.of(version, info);
        String name = type == null ? String.format("UNKNOWN (%x)", info & XactType.XLOG_XACT_OPMASK) : type.name();
        PayloadCursor main = PayloadCursor.of(mainData, name + " main data");
        if (type == null) {
            throw new InvalidPayloadException(main.part(), -1, String.format(
                    "no Transaction record has info 0x%02X in %s", info & XactType.XLOG_XACT_OPMASK, version.label()));
        }
        BlockInputs.of(blocks, name).expectOnly();
        XactLayout layout = XactLayout.of(version);
        return switch (type) {
            case COMMIT, COMMIT_PREPARED -> XactCommit.decode(layout, info, main);
            case ABORT, ABORT_PREPARED -> XactAbort.decode(layout, info, main);
            case PREPARE -> XactPrepare.decode(layout, main);
            case ASSIGNMENT -> XactAssignment.decode(main);
            case INVALIDATIONS -> XactInvalidations.decode(main);
        };
    }

    /** The exact main data of {@code record}. */
    public static RecordPayload encode(XactRecord record) {
        return record.encode();
    }
}
