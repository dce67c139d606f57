package org.walprism.codec.rmgr.heap;

import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.rmgr.RecordPayload;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Decodes Heap (rmgr 10) record payloads into typed {@link HeapRecord}s and encodes them back.
 *
 * <p>The opcode picks the record kind ({@link HeapType#of}); INPLACE picks its layout per {@link WalVersion}.
 * Decoding throws {@link InvalidPayloadException} (a {@link org.walprism.codec.WalFormatException}) naming the
 * field for bytes that contradict themselves, never an index error, and allocates nothing sized by a count the
 * bytes do not back.
 */
public final class HeapCodec {
    private HeapCodec() {
    }

    /** Decodes a whole Heap record. */
    public static HeapRecord decode(DecodedRecord record) {
        if (record.rmid() != RmgrTable.HEAP) {
            throw new IllegalArgumentException("not a Heap record: rmid " + record.rmid());
        }
        try {
            return decode(record.version(), record.info(), record.mainData(), record.blocks());
        } catch (InvalidPayloadException e) {
            throw e.at(record.recordLsn().value());
        }
    }

    /**
     * Decodes a Heap payload.
     *
     * @param version  WAL version the record was written by
     * @param info     {@code xl_info}
     * @param mainData the record's main data
     * @param blocks   the record's block references (their data, and whether they carry an image)
     */
    public static HeapRecord decode(WalVersion version, int info, byte[] mainData, List<BlockRef> blocks) {
        HeapType type = HeapType.of(info);
        PayloadCursor main = PayloadCursor.of(mainData, type.name() + " main data");
        BlockInputs b = BlockInputs.of(blocks, type.name());
        return switch (type) {
            case INSERT -> HeapInsert.decode(info, main, b);
            case DELETE -> HeapDelete.decode(main, b);
            case UPDATE, HOT_UPDATE -> HeapUpdate.decode(info, main, b);
            case TRUNCATE -> HeapTruncate.decode(main, b);
            case CONFIRM -> HeapConfirm.decode(main, b);
            case LOCK -> HeapLock.decode(main, b);
            case INPLACE -> HeapInplaceDecode.decode(version, main, b);
        };
    }

    /** The exact main data and block data of {@code record}. */
    public static RecordPayload encode(HeapRecord record) {
        return record.encode();
    }
}
