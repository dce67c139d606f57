package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.walprism.cli.CliRun.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.write.RecordBuilder;
import org.walprism.codec.write.WalWriter;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code dump --save-fullpage} against pg_waldump 18's files (checksums in {@code waldump-fullpage.sha256}), and
 * {@code dump --blocks [--with-data]} against pg_walinspect's {@code pg_get_wal_block_info} ({@code blocks.tsv},
 * {@code blocks-md5.tsv}); usage errors and a corrupt image as one stderr line.
 */
class PageOutputTest {

    @TempDir
    Path tmp;

    private static String[] range(Capture c, String... more) {
        List<String> a = new ArrayList<>(List.of("dump", "-p", c.walDir().toString(), "-s",
                Lsn.format(c.startLsn(), true), "-e", Lsn.format(c.endLsn(), true)));
        a.addAll(List.of(more));
        return a.toArray(new String[0]);
    }

    private static String digest(String algorithm, byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** {@code sha256sum}'s lines for the files of {@code dir}, sorted by name. */
    private static String sha256sum(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                sb.append(digest("SHA-256", Files.readAllBytes(p))).append("  ").append(p.getFileName()).append('\n');
            }
        }
        return sb.toString();
    }

    @TestFactory
    Stream<DynamicTest> savesTheSameFilesAsPgWaldump18() {
        List<Capture> with = TestData.captures().stream().filter(c -> c.has("waldump-fullpage.sha256")).toList();
        assertTrue(with.size() >= 10, "captures with pg_waldump --save-fullpage checksums: " + with.size());
        return with.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Path dir = tmp.resolve(c.name().replace('/', '_'));
            CliRun.Result r = run(range(c, "-q", "--save-fullpage=" + dir));
            assertEquals(0, r.code(), r.err());
            assertEquals("", r.out());
            String expected = c.oracleText("waldump-fullpage.sha256");
            assertEquals(expected, sha256sum(dir), c.name());
            System.out.printf("%s: %d pages equal to pg_waldump 18's (%s)%n", c.name(), expected.lines().count(),
                    c.settings().get("wal_compression"));
        }));
    }

    @Test
    void savesPagesAlongsideTheRecordLinesAndHonoursFilters() throws IOException {
        Capture c = TestData.capture("18/vacuum_noindex_pglz");
        CliRun.Result all = run(range(c, "--save-fullpage=" + tmp.resolve("all")));
        assertEquals(0, all.code(), all.err());
        assertEquals(c.oracleText("waldump.txt"), all.out());
        // -n 5: the images of the first five records only, as pg_waldump saves them
        CliRun.Result five = run(range(c, "-n", "5", "--save-fullpage=" + tmp.resolve("five")));
        assertEquals(0, five.code(), five.err());
        List<String> firstFive = five.out().lines().map(l -> l.substring(l.indexOf("lsn: ") + 5, l.indexOf(','
                , l.indexOf("lsn: ")))).toList();
        try (Stream<Path> s = Files.list(tmp.resolve("five"))) {
            List<Path> files = s.toList();
            assertTrue(!files.isEmpty());
            for (Path f : files) {
                String n = f.getFileName().toString();
                String lsn = Lsn.format(Long.parseLong(n.substring(9, 17), 16) << 32 | Long.parseLong(n.substring(18, 26), 16),
                        true);
                assertTrue(firstFive.contains(lsn), n + " not of the first five records " + firstFive);
            }
        }
    }

    /** blocks.tsv row: start_lsn, block_id, spc, db, rel, fork, blkno, type, rec len, main len, data len, fpi len, fpi info. */
    @TestFactory
    Stream<DynamicTest> blockRowsEqualPgGetWalBlockInfo() {
        return TestData.captures().stream().filter(c -> c.has("blocks.tsv")).map(c -> DynamicTest.dynamicTest(c.name(),
                () -> {
                    CliRun.Result r = run(range(c, "--blocks"));
                    assertEquals(0, r.code(), r.err());
                    List<String> lines = r.out().lines().toList();
                    assertTrue(lines.get(0).startsWith("start_lsn\tend_lsn\tprev_lsn\tblock_id\t"), lines.get(0));
                    Map<String, String> ends = new HashMap<>();
                    for (String l : c.oracleText("records.tsv").lines().toList()) {
                        String[] f = l.split("\t", -1);
                        ends.put(f[0], f[1]);
                    }
                    List<String> expected = new ArrayList<>();
                    for (String l : c.oracleText("blocks.tsv").lines().toList()) {
                        String[] f = l.split("\t", -1);
                        // the LSNs as pg_walinspect prints them (pg_lsn text of the capture's major)
                        f[0] = f[0] + "\t" + ends.get(f[0]);
                        expected.add(String.join("\t", f));
                    }
                    List<String> actual = new ArrayList<>();
                    for (String l : lines.subList(1, lines.size())) {
                        String[] f = l.split("\t", -1);
                        // the columns blocks.tsv has: start, end, block id, relation, fork, block, type, lengths, info
                        actual.add(String.join("\t", f[0], f[1], f[3], f[4], f[5], f[6], f[7], f[8], f[11], f[12], f[13],
                                f[14], f[15], f[16]));
                    }
                    assertEquals(expected, actual, c.name());
                }));
    }

    private static byte[] unhex(String psqlBytea) {
        assertTrue(psqlBytea.startsWith("\\x"), psqlBytea);
        return HexFormat.of().parseHex(psqlBytea.substring(2));
    }

    @TestFactory
    Stream<DynamicTest> blockDataAndRestoredPagesEqualPgWalinspect() {
        List<Capture> with = TestData.captures().stream().filter(c -> c.has("blocks-md5.tsv")).toList();
        assertTrue(!with.isEmpty(), "no capture has blocks-md5.tsv");
        return with.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            CliRun.Result r = run(range(c, "--blocks", "--with-data"));
            assertEquals(0, r.code(), r.err());
            List<String> lines = r.out().lines().toList();
            List<String> expected = new ArrayList<>();
            for (String l : c.oracleText("blocks-md5.tsv").lines().toList()) {
                String[] f = l.split("\t", -1);
                expected.add(f[0] + "\t" + f[1] + "\t" + f[2] + "\t" + f[3]); // pg_lsn text as printed
            }
            List<String> actual = new ArrayList<>();
            int pages = 0;
            for (String l : lines.subList(1, lines.size())) {
                String[] f = l.split("\t", -1);
                String data = f[21].isEmpty() ? "" : digest("MD5", unhex(f[21]));
                String page = f[22].isEmpty() ? "" : digest("MD5", unhex(f[22]));
                pages += page.isEmpty() ? 0 : 1;
                actual.add(f[0] + "\t" + f[3] + "\t" + data + "\t" + page);
            }
            assertEquals(expected, actual, c.name());
            System.out.printf("%s: %d restored pages and %d block references equal to pg_walinspect's (%s)%n",
                    c.name(), pages, actual.size(), c.settings().get("wal_compression"));
        }));
    }

    /** RFC 4180 fields of one CSV line. */
    private static List<String> csvFields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted && ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                f.append('"');
                i++;
            } else if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                out.add(f.toString());
                f.setLength(0);
            } else {
                f.append(ch);
            }
        }
        out.add(f.toString());
        return out;
    }

    @Test
    void csvAndJsonCarryTheSameRowsAsText() {
        Capture c = TestData.capture("17/vacuum_noindex_pglz");
        List<String> text = run(range(c, "--blocks", "-n", "20")).out().lines().toList();
        List<String> csv = run(range(c, "--blocks", "-n", "20", "--format", "csv")).out().lines().toList();
        List<String> json = run(range(c, "--blocks", "-n", "20", "--format", "json")).out().lines().toList();
        assertTrue(text.size() > 20, "rows: " + text.size());
        assertEquals(text.size(), csv.size());
        assertEquals(text.size() - 1, json.size());
        List<String> columns = List.of(text.get(0).split("\t", -1));
        for (int i = 0; i < text.size(); i++) {
            List<String> t = List.of(text.get(i).split("\t", -1));
            assertEquals(t, csvFields(csv.get(i)), "csv row " + i);
            if (i == 0) {
                continue;
            }
            StringBuilder expected = new StringBuilder("{");
            for (int k = 0; k < t.size(); k++) {
                String v = t.get(k);
                String col = columns.get(k);
                String j;
                if (v.isEmpty()) {
                    j = "null";
                } else if (col.equals("block_fpi_info")) {
                    j = "[\"" + v.substring(1, v.length() - 1).replace(",", "\",\"") + "\"]";
                } else if (col.equals("apply")) {
                    j = v.equals("t") ? "true" : "false";
                } else if (v.matches("\\d+")) {
                    j = v;
                } else {
                    j = "\"" + v + "\"";
                }
                expected.append(k > 0 ? "," : "").append('"').append(col).append("\":").append(j);
            }
            assertEquals(expected.append('}').toString(), json.get(i - 1), "json row " + i);
        }
    }

    // --- usage errors and a corrupt image: exit code and one stderr line

    @Test
    void withDataNeedsBlocks() {
        Capture c = TestData.capture("18/wal_switch");
        CliRun.Result r = run(range(c, "--with-data"));
        assertEquals(2, r.code());
        assertEquals("walprism: error: option --with-data requires option --blocks\n", r.err());
    }

    @Test
    void csvIsForBlocksOnly() {
        Capture c = TestData.capture("18/wal_switch");
        CliRun.Result r = run(range(c, "--format", "csv"));
        assertEquals(2, r.code());
        assertEquals("walprism: error: --format csv is for --blocks only (records: text or json)\n", r.err());
    }

    @Test
    void refusesANonEmptyDirectory() throws IOException {
        Capture c = TestData.capture("18/wal_switch");
        Path dir = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(dir.resolve("x"), "x");
        CliRun.Result r = run(range(c, "--save-fullpage", dir.toString()));
        assertEquals(2, r.code());
        assertEquals("walprism: error: directory \"" + dir + "\" exists but is not empty\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void refusesAFileAsDirectory() throws IOException {
        Capture c = TestData.capture("18/wal_switch");
        Path file = Files.writeString(tmp.resolve("file"), "x");
        CliRun.Result r = run(range(c, "--save-fullpage", file.toString()));
        assertEquals(2, r.code());
        assertEquals("walprism: error: could not access directory \"" + file + "\": not a directory\n", r.err());
    }

    /** WAL with one XLOG FPI record whose pglz image is corrupt (its CRC is valid: only decompressing finds it). */
    private Path corruptImageWal(Path dir) throws IOException {
        byte[] stored = new byte[600];
        new Random(1).nextBytes(stored);
        stored[0] = 0x01; // ctrl: a tag first, with nothing written yet to copy from
        stored[1] = 0x00; // tag: length 0 + 3, offset high nibble 0
        stored[2] = 0x05; // offset 5
        BlockImage img = RecordBuilder.compressedImage(WalVersion.PG18, BlockImage.Compression.PGLZ, 40, 4000, stored,
                true);
        byte[] fpi = RecordBuilder.of(WalVersion.PG18, 0, 0xB0) // XLOG_FPI
                .block(0, new RelFileLocator(1663, 5, 16384), 0, 7, false, img, new byte[0])
                .build();
        try (WalWriter w = WalWriter.create(dir, WalWriter.options(WalVersion.PG18).segmentSize(1 << 20))) {
            w.append(fpi);
            w.append(RecordBuilder.of(WalVersion.PG18, 0, 0x40).build()); // XLOG_SWITCH
        }
        return dir;
    }

    @Test
    void aCorruptImageIsOneLineNamingLsnAndBlock() throws IOException {
        Path wal = corruptImageWal(tmp.resolve("wal"));
        CliRun.Result plain = run("dump", "-p", wal.toString());
        assertEquals(0, plain.code(), plain.err()); // the record itself is valid
        CliRun.Result saved = run("dump", "-p", wal.toString(), "-q", "--save-fullpage", tmp.resolve("fp").toString());
        assertEquals(4, saved.code());
        assertEquals("walprism: error: could not decompress pglz image of block 0 (600 bytes stored: tag at input "
                + "byte 1 copies from 5 bytes back, only 0 written) at LSN "
                + Lsn.of(0x100028).format(WalVersion.PG18) + "\n", saved.err());
        CliRun.Result rows = run("dump", "-p", wal.toString(), "--blocks", "--with-data");
        assertEquals(4, rows.code());
        assertTrue(rows.err().startsWith("walprism: error: could not decompress pglz image of block 0 ("), rows.err());
        assertEquals(1, rows.err().lines().count());
        CliRun.Result noData = run("dump", "-p", wal.toString(), "--blocks");
        assertEquals(0, noData.code(), noData.err());
    }

    @Test
    void pgWaldump18AlsoRejectsTheCorruptImage() throws Exception {
        Path bin = Path.of("/var/cache/walprism/waldump/18/pg_waldump");
        assumeTrue(Files.isExecutable(bin), "pg_waldump 18 not built (testdata/capture/prereqs.sh --waldump 18)");
        Path wal = corruptImageWal(tmp.resolve("wal"));
        Process p = new ProcessBuilder(bin.toString(), "-q", "-p", wal.toString(), "-s", "0/100028",
                "--save-fullpage=" + tmp.resolve("fp")).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.contains("could not decompress image at 0/100028, block 0"), out);
    }
}
