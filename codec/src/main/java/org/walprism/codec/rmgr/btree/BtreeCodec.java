package org.walprism.codec.rmgr.btree;

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
 * Decodes Btree (rmgr 11) record payloads into typed {@link BtreeRecord}s and encodes them back.
 *
 * <p>The opcode picks the record kind ({@link BtreeType#of}); DELETE, UNLINK_PAGE, REUSE_PAGE and the metapage
 * struct pick their layout per {@link WalVersion}. Decoding throws {@link InvalidPayloadException} naming the field
 * for bytes that contradict themselves, and allocates nothing sized by a count the bytes do not back.
 */
public final class BtreeCodec {
    private BtreeCodec() {
    }

    /** Decodes a whole Btree record. */
    public static BtreeRecord decode(DecodedRecord record) {
        if (record.rmid() != RmgrTable.BTREE) {
            throw new IllegalArgumentException("not a Btree record: rmid " + record.rmid());
        }
        try {
            return decode(record.version(), record.info(), record.mainData(), record.blocks());
        } catch (InvalidPayloadException e) {
            throw e.at(record.recordLsn().value());
        }
    }

    /** Decodes a Btree payload from its main data and block references. */
    public static BtreeRecord decode(WalVersion version, int info, byte[] mainData, List<BlockRef> blocks) {
        BtreeType type = BtreeType.of(info);
        String name = type == null ? String.format("UNKNOWN (%x)", info & 0xF0) : type.name();
        PayloadCursor main = PayloadCursor.of(mainData, name + " main data");
        if (type == null) {
            throw new InvalidPayloadException(main.part(), -1, String.format("no Btree record has info 0x%02X",
                    info & 0xF0));
        }
        BlockInputs b = BlockInputs.of(blocks, name);
        return switch (type) {
            case INSERT_LEAF, INSERT_UPPER, INSERT_META, INSERT_POST -> BtreeInsert.decode(version, type, main, b);
            case SPLIT_L, SPLIT_R -> BtreeSplit.decode(type, main, b);
            case DEDUP -> BtreeDedup.decode(main, b);
            case DELETE -> BtreeDeleteDecode.decode(version, main, b);
            case VACUUM -> BtreeVacuum.decode(main, b);
            case MARK_PAGE_HALFDEAD -> BtreeMarkPageHalfdead.decode(main, b);
            case UNLINK_PAGE, UNLINK_PAGE_META -> BtreeUnlinkPageDecode.decode(version, type, main, b);
            case NEWROOT -> BtreeNewroot.decode(version, main, b);
            case REUSE_PAGE -> BtreeReusePageDecode.decode(version, main, b);
            case META_CLEANUP -> BtreeMetaCleanup.decode(version, main, b);
        };
    }

    /** The exact main data and block data of {@code record}. */
    public static RecordPayload encode(BtreeRecord record) {
        return record.encode();
    }
}
