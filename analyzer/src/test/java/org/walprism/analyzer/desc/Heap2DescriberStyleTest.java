package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;

/**
 * Per-version Heap2 desc styles for versions without a capture yet (13-18). Each expected text is a real
 * pg_waldump line of that major (XLogDumpDisplayRecord in pg_waldump.c, heap2_desc in rmgrdesc/heapdesc.c);
 * payloads are built to hold exactly the values those lines show (the real record bytes where they were kept).
 */
class Heap2DescriberStyleTest {
    private static final Heap2Describer D = new Heap2Describer();
    private static final RelFileLocator REL = new RelFileLocator(1663, 5, 16391);
    private static final BlockImage IMAGE = new BlockImage(200, 40, 7952, 0x03, BlockImage.Compression.NONE, true,
            true, new byte[200]);

    /** Little-endian byte builder; each call appends one field. */
    private static final class Le {
        private final List<Byte> out = new ArrayList<>();

        Le u8(int v) {
            out.add((byte) v);
            return this;
        }

        Le u16(int... vs) {
            for (int v : vs) {
                u8(v).u8(v >>> 8);
            }
            return this;
        }

        Le u32(long v) {
            return u16((int) (v & 0xFFFF)).u16((int) (v >>> 16));
        }

        byte[] bytes() {
            byte[] b = new byte[out.size()];
            for (int i = 0; i < b.length; i++) {
                b[i] = out.get(i);
            }
            return b;
        }
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from + 1];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i;
        }
        return r;
    }

    /** A Heap2 record whose block 0 carries {@code data} (empty: an FPI instead). */
    private static DecodedRecord rec(WalVersion v, int info, byte[] main, byte[] block0) {
        BlockRef b = block0.length > 0
                ? new BlockRef(0, BlockRef.HAS_DATA, REL, 0, null, block0)
                : new BlockRef(0, BlockRef.HAS_IMAGE, REL, 0, IMAGE, new byte[0]);
        return new DecodedRecord(v, 0x1000000, 0, 0, 0, info, 9, 0, List.of(b), -1, -1, main, false, new byte[0]);
    }

    private static String desc(WalVersion v, int info, Le main, Le block0) {
        return D.describe(rec(v, info, main.bytes(), block0 == null ? new byte[0] : block0.bytes()));
    }

    @Test
    void pg13OldStyle() {
        assertEquals("remxid 488", desc(WalVersion.PG13, 0x10, new Le().u32(488).u16(0).u16(0), null));
        assertEquals("cutoff xid 488 ntuples 226", desc(WalVersion.PG13, 0x20, new Le().u32(488).u16(226), null));
        assertEquals("cutoff xid 487 flags 0x03", desc(WalVersion.PG13, 0x40, new Le().u32(487).u8(3), null));
    }

    @Test
    void pg14OldStyle() {
        // real 14 bytes: main e0 02 00 00 00 00 16 00, block 0: 22 dead offsets
        assertEquals("latestRemovedXid 736 nredirected 0 ndead 22",
                desc(WalVersion.PG14, 0x10, new Le().u32(736).u16(0).u16(22), new Le().u16(range(1, 22))));
        assertEquals("nunused 31", desc(WalVersion.PG14, 0x20, new Le().u16(31), new Le().u16(range(1, 31))));
        assertEquals("cutoff xid 488 ntuples 226", desc(WalVersion.PG14, 0x30, new Le().u32(488).u16(226), null));
    }

    @Test
    void pg16KeyValueStyle() {
        assertEquals("snapshotConflictHorizon: 6, nredirected: 1, ndead: 0, nunused: 0, redirected: [39->46],"
                        + " dead: [], unused: []",
                desc(WalVersion.PG16, 0x10, new Le().u32(6).u16(1).u16(0).u8(0), new Le().u16(39, 46)));
        assertEquals("snapshotConflictHorizon: 0, nredirected: 0, ndead: 1",
                desc(WalVersion.PG16, 0x10, new Le().u32(0).u16(0).u16(1).u8(0), null));
        assertEquals("nunused: 1, unused: [13]", desc(WalVersion.PG16, 0x20, new Le().u16(1), new Le().u16(13)));
        // real 16.11 bytes: main b1 02 00 00 02 00 00; block 0: 2 plans then 21 offsets
        Le plans = new Le()
                .u32(0).u16(31).u16(2817).u8(0).u8(0xD5).u16(3)
                .u32(0).u16(31).u16(2819).u8(0).u8(0xD5).u16(18)
                .u16(19, 20, 21).u16(range(1, 18));
        assertEquals("snapshotConflictHorizon: 689, nplans: 2, plans: [{ xmax: 0, infomask: 2817, infomask2: 31,"
                        + " ntuples: 3, offsets: [19, 20, 21] }, { xmax: 0, infomask: 2819, infomask2: 31, ntuples: 18,"
                        + " offsets: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] }]",
                desc(WalVersion.PG16, 0x30, new Le().u32(689).u16(2).u8(0), plans));
        assertEquals("ntuples: 1, flags: 0x02", desc(WalVersion.PG16, 0xD0, new Le().u8(2).u8(0).u16(1),
                new Le().u16(5, 0, 0).u8(24).u8(0)));
        assertEquals("ntuples: 1, flags: 0x02, offsets: [2]", desc(WalVersion.PG16, 0x50,
                new Le().u8(2).u8(0).u16(1).u16(2), new Le().u16(5, 0, 0).u8(24).u8(0)));
    }

    @Test
    void pg17And18PruneStyle() {
        assertEquals("snapshotConflictHorizon: 3, isCatalogRel: F, nplans: 0, nredirected: 0, ndead: 1, nunused: 0,"
                        + " dead: [34]",
                desc(WalVersion.PG17, 0x10, new Le().u8(0).u8(0x4C).u32(3), new Le().u16(1).u16(34)));
        assertEquals("snapshotConflictHorizon: 742, isCatalogRel: F",
                desc(WalVersion.PG17, 0x20, new Le().u8(0x34).u8(0x1C).u32(742), null));
        // 7.1's real PRUNE_VACUUM_CLEANUP line: no horizon, so the text starts with ", "
        int[] unused = {24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 38, 39, 40, 41};
        assertEquals(", isCatalogRel: F, nplans: 0, nredirected: 0, ndead: 0, nunused: 17, unused: [24, 25, 26, 27,"
                        + " 28, 29, 30, 31, 32, 33, 34, 35, 36, 38, 39, 40, 41]",
                desc(WalVersion.PG18, 0x30, new Le().u8(0x90).u8(0x80), new Le().u16(17).u16(unused)));
    }
}
