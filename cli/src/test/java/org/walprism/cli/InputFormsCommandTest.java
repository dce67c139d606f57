package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.cli.CliRun.Result;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.testdata.WalForms;
import org.walprism.testdata.WalForms.Codec;
import org.walprism.testdata.WalForms.Member;

/**
 * {@code -p} pointing at WAL where it really lives (compressed segments, tar archives, pgBackRest, WAL-G and
 * barman layouts) prints exactly what the plain directory prints; broken archives are one stderr line naming
 * the archive and member, with the documented exit code.
 */
class InputFormsCommandTest {

    @TempDir
    Path tmp;

    private static Result run(String... args) {
        return CliRun.run(args);
    }

    private static String[] range(Capture c, String command, Path path, String... more) {
        List<String> a = new ArrayList<>(List.of(command, "-p", path.toString(), "-s",
                Lsn.format(c.startLsn(), true), "-e", Lsn.format(c.endLsn(), true)));
        a.addAll(Arrays.asList(more));
        return a.toArray(String[]::new);
    }

    private Map<String, Path> forms(Capture c) throws IOException {
        List<Path> segs = WalForms.segments(c.walDir());
        Path base = tmp.resolve(c.name().replace('/', '_'));
        Map<String, Path> f = new LinkedHashMap<>();
        f.put("zstd segments", WalForms.compressedDir(segs, base.resolve("zst"), Codec.ZSTD, false));
        f.put("lz4 segments", WalForms.compressedDir(segs, base.resolve("lz4"), Codec.LZ4, false));
        f.put("xz segments", WalForms.compressedDir(segs, base.resolve("xz"), Codec.XZ, false));
        f.put("bzip2 under plain names", WalForms.compressedDir(segs, base.resolve("bz2"), Codec.BZIP2, true));
        f.put("pg_wal.tar", WalForms.tar(base.resolve("pg_wal.tar"), WalForms.members(segs, "", Codec.NONE, 5),
                Codec.NONE));
        List<Member> baseTar = new ArrayList<>(List.of(new Member("./PG_VERSION", "16\n".getBytes())));
        baseTar.addAll(WalForms.members(segs, "./pg_wal/", Codec.NONE, 0));
        f.put("base.tar.gz", WalForms.tar(base.resolve("base.tar.gz"), baseTar, Codec.GZIP));
        f.put("pg_wal.tar.zst", WalForms.tar(base.resolve("pg_wal.tar.zst"), WalForms.members(segs, "", Codec.NONE, 3),
                Codec.ZSTD));
        f.put("pg_wal.tar.lz4 of .gz members", WalForms.tar(base.resolve("pg_wal.tar.lz4"),
                WalForms.members(segs, "", Codec.GZIP, 0), Codec.LZ4));
        f.put("pgBackRest", WalForms.pgBackRest(segs, base.resolve("pgbackrest"), "main", "15-1", Codec.ZSTD));
        f.put("WAL-G", WalForms.walG(segs, base.resolve("walg"), Codec.LZ4));
        f.put("barman", WalForms.barman(segs, base.resolve("barman/pg"), Codec.GZIP));
        return f;
    }

    @ParameterizedTest
    @ValueSource(strings = {"13/vacuum_noindex", "15/hot_updates_lz4", "17/vacuum_indexed", "18/other_rmgrs",
            "19beta1/hot_updates"})
    void statsAndDumpOfEveryFormEqualThePlainDirectorys(String name) throws IOException {
        Capture c = TestData.capture(name);
        Result plain = run(range(c, "stats", c.walDir()));
        Result plainRecord = run(range(c, "stats", c.walDir(), "--stats=record", "--format=json"));
        Result plainDump = run(range(c, "dump", c.walDir(), "-b"));
        assertEquals(0, plain.code(), plain.err());
        assertEquals(0, plainDump.code(), plainDump.err());
        for (Map.Entry<String, Path> f : forms(c).entrySet()) {
            String what = name + ": " + f.getKey();
            Result r = run(range(c, "stats", f.getValue()));
            assertEquals(0, r.code(), what + ": " + r.err());
            assertEquals(plain.out(), r.out(), what);
            assertEquals(plainRecord.out(), run(range(c, "stats", f.getValue(), "--stats=record", "--format=json"))
                    .out(), what);
            assertEquals(plainRecord.out(), run(range(c, "stats", f.getValue(), "--stats=record", "--format=json",
                    "-j", "1")).out(), what + " (one thread)");
            assertEquals(plainDump.out(), run(range(c, "dump", f.getValue(), "-b")).out(), what);
        }
    }

    @Test
    void startSegmentNamesASegmentInsideAnArchiveOrWithASuffix() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        String first = segs.get(0).getFileName().toString();
        String second = segs.get(1).getFileName().toString();
        Result plain = run("stats", "-p", c.walDir().toString(), first, second);
        assertEquals(0, plain.code(), plain.err());
        Path tar = WalForms.tar(tmp.resolve("pg_wal.tar.gz"), WalForms.members(segs, "pg_wal/", Codec.NONE, 0),
                Codec.GZIP);
        Result r = run("stats", "-p", tar.toString(), first, second);
        assertEquals(0, r.code(), r.err());
        assertEquals(plain.out(), r.out());
        Path zst = WalForms.compressedDir(segs, tmp.resolve("zst"), Codec.ZSTD, false);
        r = run("stats", zst.resolve(first + ".zst").toString(), second + ".zst");
        assertEquals(0, r.code(), r.err());
        assertEquals(plain.out(), r.out());
        r = run("stats", "-p", zst.resolve(first + ".zst").toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(run("stats", "-p", c.walDir().resolve(first).toString()).out(), r.out());

        Result missing = run("stats", "-p", tar.toString(), "000000010000000000000042");
        assertEquals(ExitCode.INPUT.code(), missing.code());
        assertEquals("walprism: error: WAL segment 000000010000000000000042 is not in " + tar,
                missing.err().strip());
    }

    /**
     * An archive where pg_waldump takes STARTSEG ({@code walprism stats base.tar.gz}) is read as {@code -p} reads it;
     * with {@code -p} given too, the name is a STARTSEG that is no segment name and fails naming it.
     */
    @Test
    void archiveGivenAsThePositionalArgumentIsTheInput() throws IOException {
        Capture c = TestData.capture("17/vacuum_indexed");
        List<Path> segs = WalForms.segments(c.walDir());
        Path tar = WalForms.tar(tmp.resolve("base.tar.gz"), WalForms.members(segs, "./pg_wal/", Codec.NONE, 0),
                Codec.GZIP);
        Result viaP = run("stats", "--stats=record", "-p", tar.toString());
        assertEquals(0, viaP.code(), viaP.err());
        Result positional = run("stats", "--stats=record", tar.toString());
        assertEquals(0, positional.code(), positional.err());
        assertEquals(viaP.out(), positional.out());
        assertEquals(run("dump", "-p", tar.toString()).out(), run("dump", tar.toString()).out());

        Result both = run("stats", "-p", c.walDir().toString(), tar.toString());
        assertEquals(ExitCode.USAGE.code(), both.code(), both.err());
        assertEquals("walprism: error: could not parse WAL file name \"base.tar.gz\"",
                both.err().strip());
    }

    @Test
    void truncatedTarMemberIsExit5NamingArchiveAndMember() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        List<Member> ms = new ArrayList<>(WalForms.members(segs, "pg_wal/", Codec.ZSTD, 0));
        Member m = ms.get(1);
        ms.set(1, new Member(m.name(), Arrays.copyOf(m.data(), m.data().length / 2)));
        for (Codec archive : List.of(Codec.NONE, Codec.GZIP)) {
            Path tar = WalForms.tar(tmp.resolve("cut.tar" + archive.suffix()), ms, archive);
            Result r = run(range(c, "stats", tar));
            assertEquals(ExitCode.TRUNCATED.code(), r.code(), r.err());
            String line = oneLine(r);
            assertTrue(line.startsWith("walprism: error: the zstd stream ends early: after "), line);
            assertTrue(line.contains(" in " + tar.getFileName() + ":" + m.name() + " offset 0x"), line);
        }
    }

    @Test
    void oversizedCompressedSegmentIsExit4AndCutOneExit5() throws IOException {
        Capture c = TestData.capture("19beta1/vacuum_noindex");
        List<Path> segs = WalForms.segments(c.walDir());
        Path dir = WalForms.compressedDir(segs, tmp.resolve("xz"), Codec.XZ, false);
        String second = segs.get(1).getFileName() + ".xz";
        byte[] seg = Files.readAllBytes(segs.get(1));
        byte[] longer = Arrays.copyOf(seg, seg.length + 8192);
        Files.write(dir.resolve(second), Codec.XZ.compress(longer));
        Result r = run(range(c, "stats", dir));
        assertEquals(ExitCode.INVALID_WAL.code(), r.code(), r.err());
        assertEquals("walprism: error: oversized WAL segment: xz data inflates to 1056768 bytes (expected: "
                + "1048576) at LSN 0/00A00000 in " + second + " offset 0x100000", oneLine(r));

        byte[] stored = Codec.XZ.compress(seg);
        Files.write(dir.resolve(second), Arrays.copyOf(stored, stored.length - 100));
        r = run(range(c, "stats", dir));
        assertEquals(ExitCode.TRUNCATED.code(), r.code(), r.err());
        String line = oneLine(r);
        assertTrue(line.startsWith("walprism: error: the xz stream ends early: after "), line);
        assertTrue(line.contains(" in " + second + " offset 0x"), line);
    }

    private static String oneLine(Result r) {
        assertEquals("", r.out());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
        return lines.get(0);
    }

    @Test
    void layoutIsNamedOnStderr() throws IOException {
        Capture c = TestData.capture("18/other_rmgrs");
        Map<String, Path> f = forms(c);
        Result r = run(range(c, "stats", f.get("pgBackRest")));
        assertEquals(0, r.code(), r.err());
        assertEquals("walprism: note: pgBackRest stanza main in " + f.get("pgBackRest").resolve("archive/main")
                + ": reading archive 15-1 (1 <16 hex> directory)", r.err().lines().findFirst().orElseThrow());
        r = run(range(c, "stats", f.get("pg_wal.tar.zst")));
        assertEquals("walprism: note: zstd-compressed tar archive pg_wal.tar.zst: 3 WAL segment member(s) of "
                + "timeline 1 (read front to back, on one thread)", r.err().lines().findFirst().orElseThrow());
    }

    /**
     * Cross-check with the formats' own command-line tools (GNU tar, lz4, zstd, xz, bzip2: Debian packages that
     * test.sh installs); skipped when one is missing.
     */
    @Test
    void archivesMadeByTheReferenceToolsReadLikeThePlainDirectory() throws Exception {
        for (String tool : List.of("tar", "lz4", "zstd", "xz", "bzip2")) {
            Assumptions.assumeTrue(onPath(tool), tool + " is not installed (apt-get install " + tool + ")");
        }
        Capture c = TestData.capture("17/vacuum_noindex");
        Result plain = run(range(c, "stats", c.walDir()));
        Path wal = tmp.resolve("pg_wal");
        Files.createDirectories(wal);
        for (Path p : WalForms.segments(c.walDir())) {
            Files.copy(p, wal.resolve(p.getFileName()));
        }
        sh("tar -C " + tmp + " -cf " + tmp.resolve("gnu.tar") + " pg_wal");
        sh("tar -C " + wal + " -cf - . | lz4 -q > " + tmp.resolve("gnu.tar.lz4"));
        sh("tar -C " + wal + " -cf - . | zstd -q > " + tmp.resolve("gnu.tar.zst"));
        sh("tar -C " + tmp + " -cJf " + tmp.resolve("gnu.tar.xz") + " pg_wal");
        Path tools = Files.createDirectories(tmp.resolve("tools"));
        List<Path> segs = WalForms.segments(wal);
        String[] cmds = {"lz4 -q %s %s.lz4", "zstd -q %s -o %s.zst", "xz -c %s > %s.xz", "bzip2 -c %s > %s"};
        for (int i = 0; i < segs.size(); i++) {
            String out = tools.resolve(segs.get(i).getFileName().toString()).toString();
            sh(String.format(cmds[i % cmds.length], segs.get(i), out));
        }
        for (Path p : List.of(tmp.resolve("gnu.tar"), tmp.resolve("gnu.tar.lz4"), tmp.resolve("gnu.tar.zst"),
                tmp.resolve("gnu.tar.xz"), tools)) {
            Result r = run(range(c, "stats", p));
            assertEquals(0, r.code(), p + ": " + r.err());
            assertEquals(plain.out(), r.out(), p.toString());
        }
    }

    private static boolean onPath(String tool) throws Exception {
        return new ProcessBuilder("sh", "-c", "command -v " + tool).start().waitFor() == 0;
    }

    private static void sh(String cmd) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), cmd);
        assertEquals(0, p.exitValue(), cmd + ": " + out);
    }
}
