package org.walprism.codec.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.testsupport.Captures;
import org.walprism.codec.testsupport.SegmentFiles;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Every full-page image of every capture restores to a page, through both the decoded record and the reader's
 * view; where the capture has pg_walinspect's {@code md5(block_fpi_data)} and {@code md5(block_data)}
 * ({@code blocks-md5.tsv}), the restored page and the block data equal PostgreSQL's, block by block.
 */
class PageImagesCorpusTest {

    /** Per start LSN and block id: md5 of the block data and of the restored page ("" where NULL). */
    private static Map<String, String[]> md5Oracle(Capture c) throws IOException {
        Map<String, String[]> m = new HashMap<>();
        for (String line : Files.readAllLines(c.oracle("blocks-md5.tsv"))) {
            String[] f = line.split("\t", -1);
            assertEquals(4, f.length, c.name() + " blocks-md5.tsv: " + line);
            m.put(TestData.parseLsn(f[0]) + "/" + f[1], new String[] {f[2], f[3]});
        }
        return m;
    }

    private static String md5(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static int u16(byte[] p, int at) {
        return (p[at] & 0xFF) | (p[at + 1] & 0xFF) << 8;
    }

    @TestFactory
    Stream<DynamicTest> everyImageRestores() {
        return Captures.all().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
    }

    private static void check(Capture c) throws IOException {
        Map<String, String[]> oracle = c.has("blocks-md5.tsv") ? md5Oracle(c) : null;
        PageImages images = new PageImages();
        Map<Compression, Integer> restored = new EnumMap<>(Compression.class);
        int[] compared = {0, 0};
        Captures.forEachRecord(c, r -> {
            for (BlockRef b : r.blocks()) {
                String[] expected = oracle == null ? null : oracle.remove(r.recordLsn().value() + "/" + b.id());
                if (oracle != null) {
                    assertTrue(expected != null, c.name() + ": no oracle row for block " + b.id() + " at "
                            + Lsn.format(r.recordLsn().value(), true));
                    assertEquals(expected[0], b.hasData() ? md5(b.data()) : "", c.name() + " block data md5 at "
                            + Lsn.format(r.recordLsn().value(), true) + " block " + b.id());
                    compared[1]++;
                }
                BlockImage img = b.image();
                if (img == null) {
                    continue;
                }
                byte[] page = images.restore(r, b);
                String where = c.name() + " " + img.compression().label() + " image at " + Lsn.format(r.recordLsn().value(), true)
                        + " block " + b.id();
                if (img.hasHole()) {
                    // XLogRecordAssemble cuts the hole at [pd_lower, pd_upper) of a standard page
                    assertEquals(img.holeOffset(), u16(page, 12), where + ": pd_lower");
                    assertEquals(img.holeOffset() + img.holeLength(), u16(page, 14), where + ": pd_upper");
                }
                long pageLsn = (u16(page, 0) | (long) u16(page, 2) << 16) << 32 | u16(page, 4) | (long) u16(page, 6) << 16;
                // a page image is taken before the record's change: its LSN is not later (Hash SPLIT_PAGE: equal)
                assertTrue(Long.compareUnsigned(pageLsn, r.recordLsn().value()) <= 0, where + ": pd_lsn " + Lsn.format(pageLsn, true));
                if (expected != null) {
                    assertEquals(expected[1], md5(page), where + ": md5 of the restored page vs block_fpi_data");
                    compared[0]++;
                }
                restored.merge(img.compression(), 1, Integer::sum);
            }
        });
        if (oracle != null) {
            assertEquals(Map.of(), oracle, c.name() + ": oracle rows for blocks not read");
        }
        checkViewsAgree(c);
        System.out.printf("%s: images restored %s; md5 compared: %d pages, %d block data%n", c.name(), restored,
                compared[0], compared[1]);
    }

    /** The reader's view restores every image to the same bytes as the decoded record. */
    private static void checkViewsAgree(Capture c) {
        PageImages a = new PageImages();
        PageImages b = new PageImages();
        byte[] viewPage = new byte[BlockImage.BLCKSZ];
        try (WalReader r = SegmentFiles.reader(c.walDir(), c.startLsn(), c.endLsn())) {
            RecordView v;
            while ((v = r.nextView()) != null) {
                DecodedRecord d = null;
                for (int i = 0; i < v.blockCount(); i++) {
                    if ((v.forkFlags(i) & BlockRef.HAS_IMAGE) == 0) {
                        continue;
                    }
                    if (d == null) {
                        d = v.toDecoded();
                    }
                    b.restore(v, i, viewPage);
                    assertArrayEquals(a.restore(d, d.blocks().get(i)), viewPage, c.name() + " at "
                            + Lsn.format(v.lsn(), true));
                }
            }
        }
    }

    /** The corpus has compressed images of every method: pglz, lz4 and zstd. */
    @TestFactory
    Stream<DynamicTest> corpusHasEveryCompressionMethod() {
        return Stream.of(Compression.PGLZ, Compression.LZ4, Compression.ZSTD).map(m -> DynamicTest.dynamicTest(
                m.label(), () -> {
                    List<Capture> with = Captures.all().stream()
                            .filter(c -> m.label().equals(c.settings().get("wal_compression")))
                            .toList();
                    assertTrue(!with.isEmpty(), "no capture with wal_compression=" + m.label());
                }));
    }
}
