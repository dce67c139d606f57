package org.walprism.codec.rmgr.typed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RecordPayload;

/** Checks that a typed record's encoding gives back exactly the record's main data and block data. */
final class PayloadAssert {
    private PayloadAssert() {
    }

    static void sameBytes(DecodedRecord r, RecordPayload p, String where) {
        assertArrayEquals(r.mainData(), p.mainData().toByteArray(), "main data " + where);
        int withData = 0;
        for (BlockRef b : r.blocks()) {
            assertArrayEquals(b.data(), p.block(b.id()).toByteArray(), "block " + b.id() + " data " + where);
            if (b.dataLength() > 0) {
                withData++;
            }
        }
        assertEquals(withData, p.blockData().size(), "blocks with data " + where);
    }

    /** The record's block references with their data replaced by {@code p}'s. */
    static List<BlockRef> blocksOf(DecodedRecord r, RecordPayload p) {
        List<BlockRef> out = new ArrayList<>();
        for (BlockRef b : r.blocks()) {
            out.add(new BlockRef(b.id(), b.forkFlags(), b.rel(), b.blockNumber(), b.image(),
                    p.block(b.id()).toByteArray()));
        }
        return out;
    }
}
