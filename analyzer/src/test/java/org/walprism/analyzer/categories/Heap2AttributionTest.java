package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.RecordViewAccess;
import org.walprism.codec.record.RecordView;

/**
 * Part sizes of hand-built heap2 records whose bytes are those of real PostgreSQL records (access/heapam_xlog.h
 * layouts of each branch), for the layouts
 * no capture of the corpus covers yet, and a payload that contradicts itself.
 */
class Heap2AttributionTest {

    /** A record with one block 0 (HAS_DATA when data is non-empty, own RelFileLocator) and short main data. */
    private static RecordView record(WalVersion v, int info, byte[] block0, byte[] main) {
        int len = 24 + 4 + 12 + 4 + 2 + block0.length + main.length;
        ByteBuf b = Unpooled.buffer(len);
        b.writeIntLE(len);              // xl_tot_len
        b.writeIntLE(0);                // xl_xid
        b.writeLongLE(0x014BEF68L);     // xl_prev
        b.writeByte(info);              // xl_info
        b.writeByte(9);                 // xl_rmid: Heap2
        b.writeShortLE(0);              // pad
        b.writeIntLE(0);                // xl_crc (not checked by RecordView)
        b.writeByte(0);                 // block id 0
        b.writeByte(block0.length > 0 ? 0x20 : 0x00); // fork main, HAS_DATA
        b.writeShortLE(block0.length);  // data_length
        b.writeIntLE(1663);             // spcOid
        b.writeIntLE(1);                // dbOid
        b.writeIntLE(2619);             // relNumber
        b.writeIntLE(0);                // block number
        b.writeByte(0xFF);              // XLR_BLOCK_ID_DATA_SHORT
        b.writeByte(main.length);       // main data length
        b.writeBytes(block0);
        b.writeBytes(main);
        return RecordViewAccess.parse(new RecordView(), v, b, 0, len, 0x014BF010L);
    }

    private static byte[] hex(String s) {
        s = s.replace(" ", "");
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    private static byte[] offsets(int from, int to) {
        byte[] out = new byte[2 * (to - from + 1)];
        for (int o = from; o <= to; o++) {
            out[2 * (o - from)] = (byte) o;        // uint16 LE, < 256 here
        }
        return out;
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int i = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, i, p.length);
            i += p.length;
        }
        return out;
    }

    private static Map<String, Integer> attribute(RecordView v, Category expected) {
        RecordParts parts = new RecordParts();
        Heap2Attribution h = new Heap2Attribution();
        Category c = h.attribute(v, parts);
        assertEquals(expected, c);
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            m.merge(Parts.name(v.version(), parts.part(i)), parts.bytes(i), Integer::sum);
        }
        m.values().removeIf(x -> x == 0);
        assertEquals(v.mainDataLength() + v.blockDataLength(0), (int) parts.sum(), "payload fully attributed");
        if (!parts.unparsed()) {
            assertFalse(m.containsKey("payload.Heap2"), "nothing left over: " + m);
        }
        return m;
    }

    @Test
    void pg18PruneVacuumScanWithFreezePlanSplitsIntoSharedAndFreezeParts() {
        // xl_heap_prune + xlhp_freeze_plans (heapam_xlog.h, REL_18), real 18.1 record 0/014BF010 (106 bytes): nplans 1, pad, plan {xmax 0, im2 31, im 2819,
        // frz 0, pad 0x56, ntuples 19}, offsets 1..19; main reason 0x00, flags 0x1C, horizon 709.
        byte[] block = concat(hex("0100 0000 00000000 1f00 030b 00 56 1300"), offsets(1, 19));
        RecordView v = record(WalVersion.PG18, 0x20, block, hex("00 1c c5020000"));
        assertEquals(106, v.totalLength());
        Map<String, Integer> m = attribute(v, Category.FREEZE_ONLY);
        assertEquals(Map.of("freeze.counts", 4, "freeze.plans", 12, "freeze.offsets", 38, "shared.reason", 1,
                "shared.flags", 1, "shared.horizon", 4), m);
    }

    @Test
    void pg14PruneSplitsHeaderCountsAndDeadOffsets() {
        // xl_heap_prune (heapam_xlog.h, REL_14), real 14 record (98 bytes): 22 dead offsets; main latestRemovedXid 736, nredirected 0, ndead 22.
        RecordView v = record(WalVersion.PG14, 0x10, offsets(1, 22), hex("e0020000 0000 1600"));
        assertEquals(98, v.totalLength());
        assertEquals(Map.of("prune.header", 4, "prune.counts", 4, "prune.dead", 44), attribute(v, Category.PRUNE_ONLY));
    }

    @Test
    void pg16FreezePageSplitsPlansAndOffsets() {
        // xl_heap_freeze_page + xl_heap_freeze_plan (heapam_xlog.h, REL_16), real 16.11 shape (119 bytes): 2 plans (24 bytes) + 21 offsets; main horizon 689, nplans 2,
        // isCatalogRel 0. The plans' ntuples (10 + 11) are chosen here; the real record gave only their sum.
        byte[] plans = hex("00000000 0300 020b 00 d5 0a00 00000000 0300 030b 00 00 0b00");
        RecordView v = record(WalVersion.PG16, 0x30, concat(plans, offsets(1, 21)), hex("b1020000 0200 00"));
        assertEquals(119, v.totalLength());
        assertEquals(Map.of("freeze.header", 5, "freeze.counts", 2, "freeze.plans", 24, "freeze.offsets", 42),
                attribute(v, Category.FREEZE_ONLY));
    }

    @Test
    void pg16VacuumIsCleanup() {
        RecordView v = record(WalVersion.PG16, 0x20, offsets(5, 7), hex("0300"));
        assertEquals(Map.of("prune.counts", 2, "prune.unused", 6), attribute(v, Category.CLEANUP));
    }

    @Test
    void pg13CleanWithOnlyUnusedItemsIsTheSecondHeapPass() {
        RecordView v = record(WalVersion.PG13, 0x10, offsets(2, 3), hex("00000000 0000 0000"));
        assertEquals(Map.of("prune.header", 4, "prune.counts", 4, "prune.unused", 4), attribute(v, Category.CLEANUP));
    }

    @Test
    void contradictoryPayloadGoesWholeToHeap2AndIsReported() {
        // FREEZE_PAGE (16) announcing 2 plans whose ntuples do not match the offsets that follow.
        byte[] plans = hex("00000000 0300 020b 00 00 0a00 00000000 0300 030b 00 00 0b00");
        RecordView v = record(WalVersion.PG16, 0x30, concat(plans, offsets(1, 3)), hex("b1020000 0200 00"));
        RecordParts parts = new RecordParts();
        new Heap2Attribution().attribute(v, parts);
        assertTrue(parts.unparsed(), "reported as not matching its layout");
        assertEquals(v.mainDataLength() + v.blockDataLength(0), (int) parts.sum());
        assertEquals(1, parts.size(), "one entry: payload.Heap2");
        assertEquals(Parts.PAYLOAD_BASE + 9, parts.part(0));
    }
}
