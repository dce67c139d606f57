package org.walprism.codec.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.testsupport.Captures;

/** Restoring pages from images: the hole, each compression method, and a catalogue of corrupt images. */
class PageImagesTest {

    private static final long LSN = 0x0092A1B8L;

    /** A record at {@link #LSN} whose block 3 carries {@code img}. */
    private static DecodedRecord recordWith(BlockImage img) {
        BlockRef b = new BlockRef(3, BlockRef.HAS_IMAGE, new RelFileLocator(1663, 5, 16384), 7, img, new byte[0]);
        return new DecodedRecord(WalVersion.PG18, LSN, 0, 0, 0, 0, 0, 0, List.of(b), -1, -1, new byte[0], false,
                new byte[0]);
    }

    /** A PostgreSQL 15+ image: {@code bimg_info} with HAS_HOLE when there is one and the method's bit. */
    private static BlockImage image(Compression c, int holeOffset, int holeLength, byte[] stored) {
        int info = (holeLength > 0 ? BlockImage.HAS_HOLE : 0) | switch (c) {
            case NONE -> 0;
            case PGLZ -> 0x04;
            case LZ4 -> 0x08;
            case ZSTD -> 0x10;
        };
        return new BlockImage(stored.length, holeOffset, holeLength, info, c, false, holeLength > 0, stored);
    }

    private static byte[] restore(BlockImage img) {
        DecodedRecord r = recordWith(img);
        return new PageImages().restore(r, r.blocks().get(0));
    }

    private static String failure(BlockImage img) {
        return assertThrows(WalFormatException.class, () -> restore(img)).getMessage();
    }

    /** A page with a hole of {@code holeLength} zeros at {@code holeOffset}, patterned elsewhere. */
    private static byte[] page(int holeOffset, int holeLength) {
        byte[] p = new byte[8192];
        for (int i = 0; i < p.length; i++) {
            p[i] = (byte) (i % 251 + 1);
        }
        Arrays.fill(p, holeOffset, holeOffset + holeLength, (byte) 0);
        return p;
    }

    /** {@code page} without its hole: what a WAL image stores before compression. */
    private static byte[] withoutHole(byte[] page, int holeOffset, int holeLength) {
        byte[] raw = new byte[8192 - holeLength];
        System.arraycopy(page, 0, raw, 0, holeOffset);
        System.arraycopy(page, holeOffset + holeLength, raw, holeOffset, raw.length - holeOffset);
        return raw;
    }

    private static byte[] compress(Compression c, byte[] raw) {
        return switch (c) {
            case NONE -> raw;
            case PGLZ -> PglzEncoder.encode(raw);
            case LZ4 -> LZ4Factory.fastestInstance().fastCompressor().compress(raw);
            case ZSTD -> Zstd.compress(raw);
        };
    }

    @Test
    void restoresEveryMethodWithTheHoleZeroed() {
        for (Compression c : Compression.values()) {
            for (int[] hole : new int[][] {{0, 0}, {40, 7000}, {24, 1}, {8000, 192}}) {
                byte[] page = page(hole[0], hole[1]);
                byte[] stored = compress(c, withoutHole(page, hole[0], hole[1]));
                assertArrayEquals(page, restore(image(c, hole[0], hole[1], stored)), c + " hole " + Arrays.toString(hole));
            }
        }
    }

    // --- the catalogue of corrupt images: one WalFormatException naming the block and the LSN

    @Test
    void rejectsAPglzStreamWhoseFirstControlBitIsATag() {
        byte[] stored = {
            0x01,       // ctrl: the first item is a tag, but nothing has been written to copy from
            0x00, 0x01, // tag: length 3, offset 1
            'a', 'b'};
        assertEquals("could not decompress pglz image of block 3 (5 bytes stored: tag at input byte 1 copies from 1 "
                + "bytes back, only 0 written) at LSN 0/0092A1B8", failure(image(Compression.PGLZ, 40, 7000, stored)));
    }

    @Test
    void rejectsAPglzImageShorterThanThePage() {
        byte[] raw = withoutHole(page(40, 7000), 40, 7000);
        byte[] stored = PglzEncoder.encode(Arrays.copyOf(raw, raw.length - 10));
        assertEquals("could not decompress pglz image of block 3 (" + stored.length + " bytes stored: input ends after "
                + "1182 of 1192 output bytes) at LSN 0/0092A1B8", failure(image(Compression.PGLZ, 40, 7000, stored)));
    }

    @Test
    void rejectsATruncatedLz4Block() {
        byte[] full = compress(Compression.LZ4, withoutHole(page(40, 7000), 40, 7000));
        byte[] stored = Arrays.copyOf(full, full.length - 1);
        assertEquals("could not decompress lz4 image of block 3 (" + stored.length + " bytes stored: Malformed input) "
                + "at LSN 0/0092A1B8", failure(image(Compression.LZ4, 40, 7000, stored)));
    }

    @Test
    void rejectsAnLz4BlockInflatingToFewerBytes() {
        byte[] stored = compress(Compression.LZ4, withoutHole(page(40, 7000), 40, 7000));
        // the same block claimed for a page with a smaller hole: 1192 bytes come out, 1292 are needed
        assertEquals("could not decompress lz4 image of block 3 (" + stored.length + " bytes stored: inflates to 1192 "
                + "bytes, expected 1292) at LSN 0/0092A1B8", failure(image(Compression.LZ4, 40, 6900, stored)));
    }

    @Test
    void rejectsAZstdFrameInflatingToMoreThanThePageWithoutItsHole() {
        byte[] stored = compress(Compression.ZSTD, withoutHole(page(40, 7000), 40, 7000));
        assertEquals("could not decompress zstd image of block 3 (" + stored.length + " bytes stored: Destination "
                + "buffer is too small) at LSN 0/0092A1B8", failure(image(Compression.ZSTD, 40, 7100, stored)));
    }

    @Test
    void rejectsAZstdFrameInflatingToLessThanThePageWithoutItsHole() {
        byte[] stored = compress(Compression.ZSTD, withoutHole(page(40, 7000), 40, 7000));
        assertEquals("could not decompress zstd image of block 3 (" + stored.length + " bytes stored: inflates to 1192 "
                + "bytes, expected 1292) at LSN 0/0092A1B8", failure(image(Compression.ZSTD, 40, 6900, stored)));
    }

    @Test
    void rejectsATruncatedZstdFrame() {
        byte[] full = compress(Compression.ZSTD, withoutHole(page(40, 7000), 40, 7000));
        byte[] stored = Arrays.copyOf(full, full.length - 2);
        String m = failure(image(Compression.ZSTD, 40, 7000, stored));
        assertTrue(m.startsWith("could not decompress zstd image of block 3 (" + stored.length + " bytes stored: "), m);
        assertTrue(m.endsWith(") at LSN 0/0092A1B8"), m);
    }

    @Test
    void rejectsAHoleBeyondThePage() {
        assertEquals("invalid image of block 3 (hole at offset 8000 length 500 does not fit in a 8192-byte page) at "
                + "LSN 0/0092A1B8", failure(image(Compression.PGLZ, 8000, 500, new byte[10])));
    }

    @Test
    void rejectsAnUncompressedImageOfTheWrongLength() {
        assertEquals("invalid image of block 3 (uncompressed, 100 bytes stored, expected 1192) at LSN 0/0092A1B8",
                failure(image(Compression.NONE, 40, 7000, new byte[100])));
    }

    @Test
    void rejectsABlockWithoutAnImageAsACallerBug() {
        DecodedRecord r = recordWith(null);
        assertThrows(IllegalArgumentException.class, () -> new PageImages().restore(r, r.blocks().get(0)));
    }

    // --- properties: random and truncated images fail cleanly, never with another exception

    @Test
    void randomImagesOfEveryMethodRestoreOrFailCleanly() {
        Random rnd = new Random(1201);
        PageImages images = new PageImages();
        for (Compression c : List.of(Compression.PGLZ, Compression.LZ4, Compression.ZSTD)) {
            for (int i = 0; i < 5_000; i++) {
                byte[] stored = new byte[1 + rnd.nextInt(i % 10 == 0 ? 9000 : 300)];
                rnd.nextBytes(stored);
                if (c == Compression.ZSTD && rnd.nextBoolean()) {
                    stored[0] = 0x28; // the zstd magic, so that the frame header is parsed
                    if (stored.length > 3) {
                        stored[1] = (byte) 0xB5;
                        stored[2] = 0x2F;
                        stored[3] = (byte) 0xFD;
                    }
                }
                int holeLength = rnd.nextInt(8192 - 24);
                int holeOffset = holeLength == 0 ? 0 : 24 + rnd.nextInt(8192 - holeLength - 23);
                DecodedRecord r = recordWith(image(c, holeOffset, holeLength, stored));
                try {
                    images.restore(r, r.blocks().get(0));
                } catch (WalFormatException e) {
                    assertTrue(e.getMessage().contains("image of block 3") && e.getMessage().endsWith("0/0092A1B8"),
                            e.getMessage());
                }
            }
        }
    }

    /** Real compressed images of the corpus (wal_compression pglz, lz4, zstd), up to {@code max} per method. */
    private static List<DecodedRecord> corpusImages(Compression c, int max) {
        List<DecodedRecord> out = new ArrayList<>();
        Captures.all().stream().filter(cap -> c.label().equals(cap.settings().get("wal_compression"))).limit(1)
                .forEach(cap -> Captures.forEachRecord(cap, r -> {
                    for (BlockRef b : r.blocks()) {
                        if (out.size() < max && b.image() != null && b.image().compression() == c) {
                            out.add(new DecodedRecord(r.version(), r.recordLsn().value(), 0, 0, 0, 0, 0, 0, List.of(b), -1, -1,
                                    new byte[0], false, new byte[0]));
                        }
                    }
                }));
        assertEquals(max, out.size(), "compressed " + c.label() + " images in the corpus");
        return out;
    }

    @Test
    void everyTruncationOfARealCompressedImageIsAnError() {
        PageImages images = new PageImages();
        for (Compression c : List.of(Compression.PGLZ, Compression.LZ4, Compression.ZSTD)) {
            for (DecodedRecord r : corpusImages(c, 4)) {
                BlockRef b = r.blocks().get(0);
                BlockImage img = b.image();
                images.restore(r, b); // the whole image restores
                for (int len = 0; len < img.length(); len++) {
                    byte[] cut = Arrays.copyOf(img.bytes(), len);
                    BlockImage bad = new BlockImage(len, img.holeOffset(), img.holeLength(), img.info(), c, img.apply(),
                            img.hasHole(), cut);
                    BlockRef badRef = new BlockRef(b.id(), b.forkFlags(), b.rel(), b.blockNumber(), bad, b.data());
                    WalFormatException e = assertThrows(WalFormatException.class, () -> images.restore(r, badRef),
                            c + " image at " + r.recordLsn().value() + " cut to " + len);
                    assertEquals(r.recordLsn().value(), e.lsn());
                    assertTrue(e.getMessage().startsWith("could not decompress " + c.label() + " image of block "
                            + b.id() + " ("), e.getMessage());
                }
            }
        }
    }

    @Test
    void flippedBitsInRealCompressedImagesRestoreOrFailCleanly() {
        Random rnd = new Random(3);
        PageImages images = new PageImages();
        for (Compression c : List.of(Compression.PGLZ, Compression.LZ4, Compression.ZSTD)) {
            for (DecodedRecord r : corpusImages(c, 4)) {
                BlockRef b = r.blocks().get(0);
                BlockImage img = b.image();
                for (int i = 0; i < 1_000; i++) {
                    byte[] flipped = img.bytes().clone();
                    flipped[rnd.nextInt(flipped.length)] ^= (byte) (1 << rnd.nextInt(8));
                    BlockImage bad = new BlockImage(img.length(), img.holeOffset(), img.holeLength(), img.info(), c,
                            img.apply(), img.hasHole(), flipped);
                    BlockRef badRef = new BlockRef(b.id(), b.forkFlags(), b.rel(), b.blockNumber(), bad, b.data());
                    try {
                        assertEquals(8192, images.restore(r, badRef).length);
                    } catch (WalFormatException expected) {
                        assertEquals(r.recordLsn().value(), expected.lsn());
                    }
                }
            }
        }
    }

    @Test
    void restoringAllocatesNothingSizedByTheStream() {
        Random rnd = new Random(11);
        List<DecodedRecord> records = new ArrayList<>();
        for (Compression c : List.of(Compression.PGLZ, Compression.LZ4, Compression.ZSTD)) {
            for (int i = 0; i < 300; i++) {
                byte[] stored = new byte[60_000];
                rnd.nextBytes(stored);
                records.add(recordWith(image(c, 40, 7000, stored)));
            }
        }
        PageImages images = new PageImages();
        byte[] page = new byte[8192];
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (int pass = 0; pass < 2; pass++) { // the first pass warms up (classes, native libraries)
            long before = mx.getThreadAllocatedBytes(tid);
            for (DecodedRecord r : records) {
                try {
                    images.restore(r, r.blocks().get(0), page);
                } catch (WalFormatException expected) {
                    // one exception and its message per image
                }
            }
            long allocated = mx.getThreadAllocatedBytes(tid) - before;
            // an exception with its stack trace and message per image (~5 KB), nothing near the 60 KB each stores
            assertTrue(pass == 0 || allocated < records.size() * 10_000L, "allocated " + allocated + " bytes for "
                    + records.size() + " images of 60,000 bytes");
        }
    }
}
