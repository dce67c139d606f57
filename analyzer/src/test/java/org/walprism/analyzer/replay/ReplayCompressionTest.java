package org.walprism.analyzer.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.testdata.Capture;
import org.walprism.testdata.PgWaldump;
import org.walprism.testdata.TestData;

/**
 * {@code replay --compression}: side B is the WAL the setting would have written. On a capture made with
 * compression, recompressing with the same method gives the server's records back byte for byte (pglz, written
 * here); on captures made without, every image is stored with the method's flags and lengths, pg_waldump of the
 * major reads the stream, and every image restores to the page of the original (pg_waldump's
 * {@code --save-fullpage} on 16+, walprism's restore on all).
 */
class ReplayCompressionTest {
    @TempDir
    Path tmp;

    private static Replayer.Result replay(Capture c, WalVersion to, Compression m) {
        return Replayer.replay(c.storedDir().resolve("wal"), c.startLsn(), c.endLsn(), 0, to, m);
    }

    @ParameterizedTest
    @CsvSource({"13/vacuum_noindex_pglz", "15/vacuum_indexed_pglz", "16/vacuum_noindex_pglz", "18/vacuum_noindex_pglz",
        "19/vacuum_noindex_pglz"})
    void recompressingAPglzCaptureWithPglzGivesTheServersRecordsBack(String name) {
        Capture c = TestData.capture(name);
        WalVersion v = WalVersion.fromLabel(c.versionLabel());
        Replayer.Result plain = replay(c, v, null);
        Replayer.Result r = replay(c, v, Compression.PGLZ);
        assertEquals(plain.after().size(), r.after().size());
        int images = 0;
        for (int i = 0; i < r.after().size(); i++) {
            // the replay's own records (images carried over as the server stored them) and the recompressed ones
            // are the same bytes, CRC included
            assertArrayEquals(plain.after().get(i).bytes(), r.after().get(i).bytes(), name + " record " + i);
            images += r.after().get(i).fpiLength() > 0 ? 1 : 0;
        }
        // and image for image, the server's stored bytes come back
        List<byte[]> server = images(v, plain.before());
        List<byte[]> ours = images(v, r.after());
        assertEquals(server.size(), ours.size());
        for (int i = 0; i < server.size(); i++) {
            assertArrayEquals(server.get(i), ours.get(i), name + " image " + i);
        }
        assertTrue(images > 10, name + ": records with images " + images);
    }

    /** The stored bytes of every image of {@code records}, in order. */
    private static List<byte[]> images(WalVersion v, List<PlanEncoder.Encoded> records) {
        List<byte[]> out = new ArrayList<>();
        for (PlanEncoder.Encoded e : records) {
            for (BlockRef b : RecordView.of(v, e.bytes(), 0).toDecoded().blocks()) {
                if (b.hasImage()) {
                    out.add(b.image().bytes());
                }
            }
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"13/vacuum_noindex, 13, pglz", "14/vacuum_indexed, 14, off", "15/vacuum_indexed, 15, lz4",
        "16/vacuum_noindex, 16, zstd", "17/vacuum_indexed, 17, pglz", "18/vacuum_noindex, 18, lz4",
        "19/vacuum_noindex, 19, zstd", "19/vacuum_noindex_zstd, 19, off", "15/vacuum_noindex_zstd, 15, pglz",
        "16/vacuum_noindex, 19, lz4"})
    void recompressedStreamsAreReadByPgWaldumpAndRestoreTheSamePages(String name, String as, String method)
            throws IOException {
        Capture c = TestData.capture(name);
        WalVersion to = WalVersion.fromLabel(as);
        Compression m = method.equals("off") ? Compression.NONE : Compression.valueOf(method.toUpperCase());
        Replayer.Result plain = replay(c, to, null);
        Replayer.Result r = replay(c, to, m);
        assertEquals(plain.after().size(), r.after().size());
        PageImages images = new PageImages();
        int compressed = 0;
        int all = 0;
        long raw = 0;
        long after = 0;
        for (int i = 0; i < r.after().size(); i++) {
            DecodedRecord a = RecordView.of(to, plain.after().get(i).bytes(), 0).toDecoded();
            DecodedRecord b = RecordView.of(to, r.after().get(i).bytes(), 0).toDecoded();
            assertEquals(a.blocks().size(), b.blocks().size());
            for (int k = 0; k < a.blocks().size(); k++) {
                BlockRef x = a.blocks().get(k);
                BlockRef y = b.blocks().get(k);
                assertEquals(x.hasImage(), y.hasImage());
                if (!x.hasImage()) {
                    assertArrayEquals(x.data(), y.data());
                    continue;
                }
                all++;
                raw += x.image().rawLength();
                after += y.image().length();
                BlockImage yi = y.image();
                assertEquals(x.image().holeOffset(), yi.holeOffset());
                assertEquals(x.image().holeLength(), yi.holeLength());
                assertEquals(x.image().apply(), yi.apply());
                assertTrue(yi.compression() == m || yi.compression() == Compression.NONE, yi.toString());
                compressed += yi.isCompressed() ? 1 : 0;
                assertArrayEquals(images.restore(a, x), images.restore(b, y), name + " record " + i + " block " + k);
            }
            assertEquals(plain.after().get(i).fpiLength() == 0, r.after().get(i).fpiLength() == 0);
        }
        assertTrue(all > 10, "images: " + all);
        if (m == Compression.NONE) {
            assertEquals(0, compressed);
        } else {
            assertTrue(compressed * 2 > all, compressed + " of " + all + " compressed");
            assertTrue(after < raw, "image bytes " + raw + " uncompressed, " + after + " stored");
        }
        Path bin = ReplayTranslationTest.waldump(to);
        if (bin == null) {
            return;
        }
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        long endA = ReplayDiff.write(plain, a);
        long endB = ReplayDiff.write(r, b);
        PgWaldump.Run run = PgWaldump.run(bin, List.of("-p", b.toString(), "-t", String.valueOf(r.timeline()),
                "-s", Lsn.format(r.firstLsn(), false), "-e", Lsn.format(endB, false)), 300);
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        assertEquals(r.after().size(), run.out().lines().count());
        String label = m == Compression.NONE ? "" : m.label();
        long shown = run.out().lines().filter(l -> l.contains("FPW") || l.contains("FPI")).count();
        assertTrue(shown > 0, "pg_waldump shows no image");
        if (!label.isEmpty()) {
            assertTrue(run.out().contains("compression method: " + label) || !to.atLeast(WalVersion.PG15)
                    || !run.out().contains("compression"), "pg_waldump names " + label);
        }
        if (to.major() >= 16) {
            List<byte[]> pa = saveFullpage(bin, a, r.timeline(), plain.firstLsn(), endA);
            List<byte[]> pb = saveFullpage(bin, b, r.timeline(), r.firstLsn(), endB);
            assertEquals(all, pa.size());
            assertEquals(pa.size(), pb.size());
            for (int i = 0; i < pa.size(); i++) {
                assertArrayEquals(pa.get(i), pb.get(i), "pg_waldump --save-fullpage page " + i);
            }
        }
    }

    /** The pages pg_waldump --save-fullpage writes, in LSN order (their names carry the LSN, which differs). */
    private List<byte[]> saveFullpage(Path bin, Path dir, int timeline, long start, long end) throws IOException {
        Path out = Files.createDirectories(tmp.resolve("pages-" + dir.getFileName()));
        PgWaldump.Run run = PgWaldump.run(bin, List.of("-p", dir.toString(), "-t", String.valueOf(timeline), "-s",
                Lsn.format(start, false), "-e", Lsn.format(end, false), "--save-fullpage", out.toString()), 300);
        assertEquals(0, run.exit(), run.err());
        Map<String, Path> sorted = new TreeMap<>();
        try (Stream<Path> files = Files.list(out)) {
            files.forEach(f -> sorted.put(f.getFileName().toString(), f));
        }
        List<byte[]> pages = new ArrayList<>();
        for (Path f : sorted.values()) {
            pages.add(Files.readAllBytes(f));
        }
        return pages;
    }

    @ParameterizedTest
    @CsvSource({"15/vacuum_indexed_lz4, 13, pglz", "15/vacuum_indexed_lz4, 14, off", "15/vacuum_indexed_zstd, 13, off",
        "15/vacuum_indexed_zstd, 14, pglz", "18/vacuum_noindex_lz4, 13, off", "18/vacuum_noindex_lz4, 14, pglz",
        "18/vacuum_noindex_zstd, 13, pglz", "18/vacuum_noindex_zstd, 14, off"})
    void lz4AndZstdImagesAreInflatedBeforeTheTranslationTo13And14(String name, String as, String method)
            throws IOException {
        Capture c = TestData.capture(name);
        WalVersion from = WalVersion.fromLabel(c.versionLabel());
        WalVersion to = WalVersion.fromLabel(as);
        Compression m = method.equals("off") ? Compression.NONE : Compression.PGLZ;
        // without --compression the translator meets images 13 and 14 cannot log
        assertThrows(WalFormatException.class, () -> replay(c, to, null));
        Replayer.Result r = replay(c, to, m);
        PageImages images = new PageImages();
        List<byte[]> source = new ArrayList<>();
        int unloggable = 0;
        for (PlanEncoder.Encoded e : r.before()) {
            DecodedRecord d = RecordView.of(from, e.bytes(), 0).toDecoded();
            for (BlockRef b : d.blocks()) {
                if (b.hasImage()) {
                    source.add(images.restore(d, b));
                    unloggable += b.image().compression().loggableIn(to) ? 0 : 1;
                }
            }
        }
        assertTrue(unloggable > 10, name + ": lz4/zstd images " + unloggable);
        List<byte[]> replayed = new ArrayList<>();
        int compressed = 0;
        for (PlanEncoder.Encoded e : r.after()) {
            DecodedRecord d = RecordView.of(to, e.bytes(), 0).toDecoded();
            for (BlockRef b : d.blocks()) {
                if (b.hasImage()) {
                    assertTrue(b.image().compression() == m || b.image().compression() == Compression.NONE,
                            b.image().toString());
                    compressed += b.image().isCompressed() ? 1 : 0;
                    replayed.add(images.restore(d, b));
                }
            }
        }
        // every image carried over, in order, restores to the server's page
        assertEquals(source.size(), replayed.size());
        for (int i = 0; i < source.size(); i++) {
            assertArrayEquals(source.get(i), replayed.get(i), name + " image " + i);
        }
        if (m == Compression.NONE) {
            assertEquals(0, compressed);
        } else {
            assertTrue(compressed * 2 > replayed.size(), compressed + " of " + replayed.size() + " compressed");
        }
        Path bin = ReplayTranslationTest.waldump(to);
        if (bin == null) {
            return;
        }
        Path b = Files.createDirectories(tmp.resolve("b"));
        long endB = ReplayDiff.write(r, b);
        PgWaldump.Run run = PgWaldump.run(bin, List.of("-p", b.toString(), "-t", String.valueOf(r.timeline()),
                "-s", Lsn.format(r.firstLsn(), false), "-e", Lsn.format(endB, false)), 300);
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        assertEquals(r.after().size(), run.out().lines().count());
        assertEquals(replayed.size(), run.out().lines().mapToLong(l -> l.split(" FPW", -1).length - 1).sum(),
                "images pg_waldump shows");
    }

    @Test
    void lz4AndZstdAreRefusedFor13And14() {
        Capture c = TestData.capture("13/vacuum_noindex");
        WalFormatException e = assertThrows(WalFormatException.class, () -> replay(c, WalVersion.PG13,
                Compression.LZ4));
        assertTrue(e.getMessage().startsWith("lz4 image compression does not exist in PostgreSQL 13"), e.getMessage());
    }
}
