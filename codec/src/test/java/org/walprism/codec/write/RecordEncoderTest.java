package org.walprism.codec.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.testdata.TestData;

class RecordEncoderTest {
    private static final RelFileLocator REL = new RelFileLocator(1663, 5, 16391);

    private static byte[] bytesOf(byte... b) {
        return b;
    }

    /**
     * 19beta1 Heap2/PRUNE_ON_ACCESS at 0/00626348 of capture 19/hot_updates, decoded by hand from what
     * pg_waldump prints for it (len 58/58, prev 0/00626320, redirected [4->38], blk 16, horizon 699).
     */
    @Test
    void encodesARealPruneRecordFromItsValues() throws IOException {
        byte[] file = Files.readAllBytes(TestData.capture("19beta1/hot_updates").walDir().resolve("000000010000000000000006"));
        byte[] real = Arrays.copyOfRange(file, 0x26348, 0x26348 + 58);
        BlockRef block0 = new BlockRef(0, BlockRef.HAS_DATA, REL, 16, null,
                bytesOf((byte) 1, (byte) 0,    // nredirected 1
                        (byte) 4, (byte) 0,    // redirect from offset 4
                        (byte) 38, (byte) 0)); // to offset 38
        DecodedRecord r = new DecodedRecord(WalVersion.PG19_BETA1, 0x626348L, 58, 0, 0x626320L, 0x10, 9, 0xE0BD73B3L,
                List.of(block0), -1, -1,
                bytesOf((byte) 0x2C, (byte) 0,                    // reason and flags (uint16 in 19)
                        (byte) 0xBB, (byte) 2, (byte) 0, (byte) 0), // snapshotConflictHorizon 699
                false, null);
        assertArrayEquals(real, RecordEncoder.encode(r));
    }

    /** The same record from parts: the builder derives HAS_DATA, the short main-data header and the CRC. */
    @Test
    void buildsTheSameRealRecordFromParts() throws IOException {
        byte[] file = Files.readAllBytes(TestData.capture("19beta1/hot_updates").walDir().resolve("000000010000000000000006"));
        byte[] real = Arrays.copyOfRange(file, 0x26348, 0x26348 + 58);
        byte[] built = RecordBuilder.of(WalVersion.PG19_BETA1, 9, 0x10)
                .block(0, REL, 0, 16, false, bytesOf((byte) 1, (byte) 0, (byte) 4, (byte) 0, (byte) 38, (byte) 0))
                .mainData(bytesOf((byte) 0x2C, (byte) 0, (byte) 0xBB, (byte) 2, (byte) 0, (byte) 0))
                .build();
        RecordEncoder.setPrev(built, 0x626320L);
        assertArrayEquals(real, built);
    }

    @Test
    void writesEveryHeaderPartInPostgresOrder() {
        RelFileLocator other = new RelFileLocator(1663, 5, 2619);
        byte[] compressed = new byte[100];
        Arrays.fill(compressed, (byte) 0x5A);
        BlockImage pglz = RecordBuilder.compressedImage(WalVersion.PG16, BlockImage.Compression.PGLZ, 32, 7936,
                compressed, true);
        byte[] main = new byte[300];
        byte[] rec = RecordBuilder.of(WalVersion.PG16, 10, 0x00)
                .xid(1234)
                .block(0, REL, 0, 7, true, pglz, new byte[0])
                .block(1, REL, 2, 0, false, bytesOf((byte) 9))   // same rel as block 0, vm fork
                .block(3, other, 0, 1, false, bytesOf((byte) 8, (byte) 7))
                .origin(5)
                .toplevelXid(1233)
                .mainData(main)
                .build();
        ByteBuf b = Unpooled.wrappedBuffer(rec);
        int p = 24;
        assertEquals(0, b.getUnsignedByte(p));                 // block id 0
        assertEquals(0x50, b.getUnsignedByte(p + 1));          // HAS_IMAGE | WILL_INIT, fork main
        assertEquals(0, b.getUnsignedShortLE(p + 2));          // data_length
        assertEquals(100, b.getUnsignedShortLE(p + 4));        // bimg_len
        assertEquals(32, b.getUnsignedShortLE(p + 6));         // hole_offset
        assertEquals(0x07, b.getUnsignedByte(p + 8));          // HAS_HOLE | APPLY | PGLZ (15+ bits)
        assertEquals(7936, b.getUnsignedShortLE(p + 9));       // compress header: hole_length
        assertEquals(1663, b.getIntLE(p + 11));                // spcOid
        assertEquals(7, b.getIntLE(p + 23));                   // blkno
        p += 27;
        assertEquals(1, b.getUnsignedByte(p));                 // block id 1
        assertEquals(0xA2, b.getUnsignedByte(p + 1));          // SAME_REL | HAS_DATA, fork vm
        assertEquals(1, b.getUnsignedShortLE(p + 2));
        assertEquals(0, b.getIntLE(p + 4));                    // blkno right after: no RelFileLocator
        p += 8;
        assertEquals(3, b.getUnsignedByte(p));                 // block id 3 (2 unregistered)
        assertEquals(0x20, b.getUnsignedByte(p + 1));          // HAS_DATA, other relation
        assertEquals(2619, b.getIntLE(p + 12));                // relNumber
        p += 20;
        assertEquals(253, b.getUnsignedByte(p));               // origin
        assertEquals(5, b.getUnsignedShortLE(p + 1));
        assertEquals(252, b.getUnsignedByte(p + 3));           // top-level xid
        assertEquals(1233, b.getIntLE(p + 4));
        assertEquals(254, b.getUnsignedByte(p + 8));           // long main-data header (300 > 255)
        assertEquals(300, b.getIntLE(p + 9));
        p += 13;
        assertEquals(0x5A, b.getUnsignedByte(p));              // image bytes first
        assertEquals(9, b.getUnsignedByte(p + 100));           // then block data in block order
        assertEquals(8, b.getUnsignedByte(p + 101));
        assertEquals(rec.length, p + 100 + 1 + 2 + 300);
        assertEquals(rec.length, b.getIntLE(0));               // xl_tot_len
        assertEquals(1234, b.getIntLE(4));                     // xl_xid
        assertEquals(10, b.getUnsignedByte(17));               // xl_rmid
        assertEquals(RecordEncoder.crc(rec), b.getUnsignedIntLE(20));
    }

    @Test
    void pageImageRemovesTheHoleOfStandardPagesOnly() {
        byte[] page = new byte[8192];
        page[12] = 40;                          // pd_lower 40
        page[14] = 0x40;                        // pd_upper 0x1F40 = 8000
        page[15] = 0x1F;
        page[8191] = 1;
        BlockImage std = RecordBuilder.pageImage(WalVersion.PG14, page, true, true);
        assertEquals(40 + 192, std.length());
        assertEquals(40, std.holeOffset());
        assertEquals(7960, std.holeLength());
        assertEquals(0x05, std.info());         // HAS_HOLE | APPLY (0x04 in 13/14)
        assertEquals(1, std.bytes()[std.length() - 1]);
        BlockImage whole = RecordBuilder.pageImage(WalVersion.PG18, page, false, false);
        assertEquals(8192, whole.length());
        assertEquals(0, whole.info());
    }

    @Test
    void rejectsInconsistentParts() {
        var e = assertThrows(WalFormatException.class, () -> RecordBuilder.of(WalVersion.PG13, 0, 0x20)
                .toplevelXid(5).build());
        assertEquals("block id 252 (top-level xid) does not exist in PostgreSQL 13", e.getMessage());
        BlockRef sameRelFirst = new BlockRef(0, BlockRef.SAME_REL, REL, 0, null, new byte[0]);
        e = assertThrows(WalFormatException.class, () -> RecordBuilder.of(WalVersion.PG16, 0, 0)
                .blocksAsGiven(List.of(sameRelFirst)).build());
        assertEquals("BKPBLOCK_SAME_REL set on block 0 but no previous rel", e.getMessage());
        BlockRef dataFlagNoData = new BlockRef(0, BlockRef.HAS_DATA, REL, 0, null, new byte[0]);
        e = assertThrows(WalFormatException.class, () -> RecordBuilder.of(WalVersion.PG16, 0, 0)
                .blocksAsGiven(List.of(dataFlagNoData)).build());
        assertEquals("BKPBLOCK_HAS_DATA set on block 0 with data length 0", e.getMessage());
        e = assertThrows(WalFormatException.class, () -> RecordBuilder.compressedImage(WalVersion.PG14,
                BlockImage.Compression.LZ4, 0, 0, new byte[10], true));
        assertEquals("lz4 image compression does not exist in PostgreSQL 14", e.getMessage());
        e = assertThrows(WalFormatException.class, () -> RecordBuilder.of(WalVersion.PG16, 0, 0x20)
                .block(33, REL, 0, 0, false, new byte[0]));
        assertEquals("invalid block_id 33 (expected: 0..32)", e.getMessage());
    }
}
