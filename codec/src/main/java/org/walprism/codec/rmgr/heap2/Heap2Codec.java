package org.walprism.codec.rmgr.heap2;

import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Decodes Heap2 record payloads into typed {@link Heap2Record}s and encodes them back.
 *
 * <p>The info code picks the record kind for the version ({@link Heap2Type#of}); each family then picks its
 * byte layout with one switch over {@link WalVersion}. Only block 0 carries Heap2 data; records that take
 * no block data reject any. Decoding throws {@link InvalidPayloadException} (a
 * {@link org.walprism.codec.WalFormatException}) for bytes that contradict themselves, never an index error.
 */
public final class Heap2Codec {
    private Heap2Codec() {
    }

    /** Decodes a whole Heap2 record. */
    public static Heap2Record decode(DecodedRecord record) {
        if (record.rmid() != RmgrTable.HEAP2) {
            throw new IllegalArgumentException("not a Heap2 record: rmid " + record.rmid());
        }
        try {
            return decode(record.version(), record.info(), record.mainData(), record.blocks());
        } catch (InvalidPayloadException e) {
            throw e.at(record.recordLsn().value());
        }
    }

    /**
     * Decodes a whole Heap2 record with block 0's image, which says when the block data is absent because the
     * block carries an image instead ({@link Heap2Decoded#dataInImage()}).
     */
    public static Heap2Decoded decodeWithImage(DecodedRecord record) {
        Heap2Record value = decode(record);
        BlockRef block0 = record.block(0);
        return new Heap2Decoded(value, block0 == null ? null : block0.image(), block0 != null && block0.dataInImage(),
                record.typeName());
    }

    /**
     * Decodes a Heap2 payload.
     *
     * @param version  WAL version the record was written by
     * @param info     {@code xl_info} (only the rmgr bits 0xF0 are used)
     * @param mainData the record's main data
     * @param blocks   the record's block references (only block 0's data is read; may be empty)
     */
    public static Heap2Record decode(WalVersion version, int info, byte[] mainData, List<BlockRef> blocks) {
        byte[] block0 = new byte[0];
        for (BlockRef b : blocks) {
            if (b.id() == 0) {
                block0 = b.data();
            }
        }
        return decode(version, info, mainData, block0);
    }

    /** Decodes a Heap2 payload given block 0's data directly (empty when block 0 has none or is absent). */
    public static Heap2Record decode(WalVersion version, int info, byte[] mainData, byte[] block0Data) {
        Heap2Type type = Heap2Type.of(version, info);
        String name = type == null ? String.format("UNKNOWN (%x)", info & 0xF0) : type.name();
        PayloadCursor main = PayloadCursor.of(mainData, name + " main data");
        PayloadCursor block = PayloadCursor.of(block0Data, name + " block 0 data");
        if (type == null) {
            throw new InvalidPayloadException(main.part(), -1,
                    String.format("no Heap2 record has info 0x%02X in %s", info & 0xF0, version.label()));
        }
        return switch (type) {
            case CLEAN, PRUNE -> HeapPruneDecode.decode(version, main, block);
            case VACUUM -> HeapVacuumDecode.decode(version, main, block);
            case FREEZE_PAGE -> FreezePageDecode.decode(version, main, block);
            case CLEANUP_INFO -> noBlockData(CleanupInfoDecode.decode(version, main), block);
            case VISIBLE -> noBlockData(VisibleDecode.decode(version, main), block);
            case PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP ->
                    PruneFreezeDecode.decode(version, info, main, block);
            case MULTI_INSERT -> MultiInsertDecode.decode(version, info, main, block);
            case LOCK_UPDATED -> noBlockData(LockUpdatedDecode.decode(version, main), block);
            case NEW_CID -> noBlockData(NewCidDecode.decode(version, main), block);
            case REWRITE -> noBlockData(RewriteDecode.decode(version, main), block);
        };
    }

    private static <T extends Heap2Record> T noBlockData(T value, PayloadCursor block) {
        block.expectEnd("nothing (this record carries no block data)");
        return value;
    }

    /** The exact main data and block 0 data of {@code record}. */
    public static Heap2Payload encode(Heap2Record record) {
        return record.encode();
    }
}
