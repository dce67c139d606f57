package org.walprism.codec.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.testsupport.Captures;
import org.walprism.testdata.Capture;

/**
 * Proof that {@link ImageCompressor} writes what the server wrote: on every corpus capture made with
 * {@code wal_compression} on (pglz, lz4, zstd; 13/14's {@code on} is pglz), each image is restored, its hole
 * removed, and compressed again with the capture's method. A compressed image must come out as the server's bytes;
 * an image the server stored uncompressed (compression failed or did not pay) must be refused by the same rule.
 *
 * <p>pglz is written here and must be exact. lz4 and zstd are the libraries' (lz4-java, zstd-jni), whose bundled
 * liblz4/libzstd may be another version than the server's: their differences are counted, with the bytes they
 * differ by, printed, and bounded (each image still decompresses to the page; the total stays within 1%).
 */
class ImageCompressorCorpusTest {

    /** What one method gave over the corpus. */
    static final class Tally {
        int captures;
        int compressed;
        int identical;
        int differentBytes;
        long sizeDelta;       // our total length minus the server's, over the images that differ
        long serverBytes;
        int keptUncompressed;
        int agreeUncompressed;
        final List<String> examples = new ArrayList<>();
    }

    static Compression methodOf(Capture c) {
        String s = c.settings().getOrDefault("wal_compression", "off");
        return switch (s) {
            case "on", "pglz" -> Compression.PGLZ;
            case "lz4" -> Compression.LZ4;
            case "zstd" -> Compression.ZSTD;
            default -> Compression.NONE;
        };
    }

    /** The page without its hole: what XLogCompressBackupBlock hands to the compressor. */
    static byte[] unholed(byte[] page, int holeOffset, int holeLength) {
        byte[] raw = new byte[BlockImage.BLCKSZ - holeLength];
        System.arraycopy(page, 0, raw, 0, holeOffset);
        System.arraycopy(page, holeOffset + holeLength, raw, holeOffset, raw.length - holeOffset);
        return raw;
    }

    @Test
    void recompressingEveryCapturedImageGivesTheServersBytes() {
        Map<Compression, Tally> tallies = new EnumMap<>(Compression.class);
        PageImages images = new PageImages();
        ImageCompressor compressor = new ImageCompressor();
        for (Capture c : Captures.all()) {
            Compression method = methodOf(c);
            if (method == Compression.NONE) {
                continue;
            }
            Tally t = tallies.computeIfAbsent(method, m -> new Tally());
            t.captures++;
            Captures.forEachRecord(c, r -> {
                for (BlockRef b : r.blocks()) {
                    BlockImage img = b.image();
                    if (img == null) {
                        continue;
                    }
                    String where = c.name() + " " + Lsn.format(r.recordLsn().value(), true) + " block " + b.id();
                    byte[] raw = unholed(images.restore(r, b), img.holeOffset(), img.holeLength());
                    byte[] ours = compressor.compress(method, raw, 0, raw.length, img.holeLength() != 0);
                    if (!img.isCompressed()) {
                        t.keptUncompressed++;
                        if (ours == null) {
                            t.agreeUncompressed++;
                        } else if (t.examples.size() < 5) {
                            t.examples.add(where + ": server stored it uncompressed, we compress to "
                                    + ours.length + " of " + raw.length);
                        }
                        continue;
                    }
                    assertEquals(method, img.compression(), where);
                    t.compressed++;
                    t.serverBytes += img.length();
                    byte[] server = img.bytes();
                    if (ours != null && java.util.Arrays.equals(ours, server)) {
                        t.identical++;
                        continue;
                    }
                    t.differentBytes++;
                    t.sizeDelta += (ours == null ? raw.length : ours.length) - server.length;
                    if (t.examples.size() < 5) {
                        t.examples.add(where + ": server " + server.length + " bytes, ours "
                                + (ours == null ? "not compressed" : ours.length + " bytes"));
                    }
                    if (ours != null) {
                        // a different stream is still the same page
                        BlockImage mine = new BlockImage(ours.length, img.holeOffset(), img.holeLength(), img.info(),
                                method, img.apply(), img.hasHole(), ours);
                        byte[] page = images.restore(r, new BlockRef(b.id(), b.forkFlags(), b.rel(), b.blockNumber(),
                                mine, b.data()));
                        assertArrayEquals(raw, unholed(page, img.holeOffset(), img.holeLength()), where);
                    }
                }
            });
        }
        for (var e : tallies.entrySet()) {
            Tally t = e.getValue();
            System.out.printf("%s: %d captures, %d compressed images: %d identical to the server's, %d different "
                            + "(ours %+d bytes in total of the server's %d); %d stored uncompressed by the server, "
                            + "%d also refused by our rule%n", e.getKey().label(), t.captures, t.compressed,
                    t.identical, t.differentBytes, t.sizeDelta, t.serverBytes, t.keptUncompressed,
                    t.agreeUncompressed);
            t.examples.forEach(x -> System.out.println("  " + x));
        }
        assertEquals(Set.of(Compression.PGLZ, Compression.LZ4, Compression.ZSTD), tallies.keySet(),
                "the corpus has captures of every method");
        Tally pglz = tallies.get(Compression.PGLZ);
        assertTrue(pglz.compressed > 100, "pglz images: " + pglz.compressed);
        assertEquals(pglz.compressed, pglz.identical, "pglz is written here and must be exact: " + pglz.examples);
        assertEquals(pglz.keptUncompressed, pglz.agreeUncompressed, "pglz keep rule: " + pglz.examples);
        for (Compression m : List.of(Compression.LZ4, Compression.ZSTD)) {
            Tally t = tallies.get(m);
            assertTrue(t.compressed > 100, m + " images: " + t.compressed);
            assertTrue(Math.abs(t.sizeDelta) * 100 <= t.serverBytes, m + ": ours differ by " + t.sizeDelta
                    + " bytes of " + t.serverBytes);
        }
    }
}
