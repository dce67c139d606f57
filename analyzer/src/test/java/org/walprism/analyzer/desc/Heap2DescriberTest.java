package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * A Heap2 payload the codec's layout view rejects is described by the codec's decoder, which throws the precise
 * reason, naming the record (the desc text of accepted records is held to pg_waldump's by the oracle tests).
 */
class Heap2DescriberTest {

    private static DecodedRecord record(WalVersion v, int info, byte[] main, byte[] block0) {
        BlockRef b = new BlockRef(0, block0.length > 0 ? BlockRef.HAS_DATA : 0, new RelFileLocator(1663, 5, 16384), 7,
                null, block0);
        return new DecodedRecord(v, 0x1000000, 0, 0, 0, info, RmgrTable.HEAP2, 0, List.of(b), -1, -1, main, false,
                new byte[0]);
    }

    @Test
    void malformedPayloadsStillFailAsTheCodecSays() {
        Heap2Describer describer = new Heap2Describer();
        // VISIBLE (13-18) with 6 bytes of main data instead of 5
        WalFormatException e = assertThrows(WalFormatException.class,
                () -> describer.describe(record(WalVersion.PG16, 0x40, new byte[6], new byte[0])));
        assertTrue(e.getMessage().contains("unexpected bytes"), e.getMessage());
        // PRUNE (16): block data of odd length
        e = assertThrows(WalFormatException.class,
                () -> describer.describe(record(WalVersion.PG16, 0x10, new byte[9], new byte[3])));
        assertTrue(e.getMessage().contains("odd data length"), e.getMessage());
        // PRUNE_VACUUM_SCAN (17): dead-items count past the block data
        byte[] main = {0, 0x40}; // reason, flags = XLHP_HAS_DEAD_ITEMS
        byte[] block = {5, 0, 1, 0}; // ntargets 5, one offset
        e = assertThrows(WalFormatException.class,
                () -> describer.describe(record(WalVersion.PG17, 0x20, main, block)));
        assertFalse(e.getMessage().isEmpty());
    }
}
