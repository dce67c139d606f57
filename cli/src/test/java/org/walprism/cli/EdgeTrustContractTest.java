package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.cli.CliRun.Result;
import org.walprism.client.SegmentArchive;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.testdata.WalForms;
import org.walprism.testdata.WalForms.Codec;

/**
 * Trust at the edges: a write never goes through a planted link, a secret is never printed, a file that is not a
 * history is never quoted, untrusted names reach text output escaped, an output that cannot be written is exit 8,
 * a start in a missing segment names it, a history that is not a regular file is an error (timeline 1's is not
 * read, as PostgreSQL reads none), a cut archive is truncated, a pgBackRest directory name too long for a db-id is
 * no archive. Each case: its exit code and its one stderr line.
 */
class EdgeTrustContractTest {
    /** A 15 capture over three 1 MiB segments. */
    private static final Capture CAP = TestData.capture("15/vacuum_noindex");
    private static final Capture TIMELINES = TestData.timelineCapture("15/promotion");

    @TempDir
    Path tmp;

    private static Result run(String... args) {
        return CliRun.run(args);
    }

    /** The one stderr line (no stack trace, nothing else). */
    private static String oneLine(Result r) {
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
        return lines.get(0);
    }

    private static void assertFails(Result r, ExitCode code, String line) {
        assertEquals(code.code(), r.code(), r.err());
        assertEquals(line, oneLine(r));
        assertEquals("", r.out(), "nothing on stdout");
    }

    private List<Path> segments() throws IOException {
        return WalForms.segments(CAP.walDir());
    }

    private Path copyOf(Capture c, String name) throws IOException {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        for (Path p : WalForms.segments(c.walDir())) {
            Files.copy(p, dir.resolve(p.getFileName()));
        }
        return dir;
    }

    private static String range(Capture c, int which) {
        return Lsn.format(which == 0 ? c.startLsn() : c.endLsn(), true);
    }

    // ------------------------------------------------------------------ 1: --write-segments never follows a link

    @Test
    void writeSegmentsRefusesAPartialThatIsASymbolicLinkAndWritesNothingOutside() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("received"));
        Path victim = tmp.resolve("victim");
        Files.writeString(victim, "23 bytes of someone's\n!");
        Path partial = dir.resolve("000000010000000000000001.partial");
        Files.createSymbolicLink(partial, victim);
        IOException e;
        try (SegmentArchive a = new SegmentArchive(dir, 1, 16 << 20, 0x1000000L)) {
            e = assertThrows(IOException.class, () -> a.write(0x1000000L, ByteBuffer.wrap(new byte[8192])));
        }
        StringWriter err = new StringWriter();
        int code = new ErrorReporter(false).report(e, new PrintWriter(err));
        assertEquals(ExitCode.OUTPUT.code(), code);
        assertEquals("walprism: error: could not write \"" + partial + "\": is a symbolic link (walprism never "
                + "writes through a link in the --write-segments directory)\n", err.toString());
        assertEquals("23 bytes of someone's\n!", Files.readString(victim), "the file outside is untouched");
        assertTrue(Files.isSymbolicLink(partial));
    }

    @Test
    void writeSegmentsRefusesAPartialWithAnotherHardLink() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("received"));
        Path victim = tmp.resolve("victim");
        Files.writeString(victim, "keep me");
        Path partial = dir.resolve("000000010000000000000001.partial");
        Files.createLink(partial, victim);
        try (SegmentArchive a = new SegmentArchive(dir, 1, 16 << 20, 0x1000000L)) {
            IOException e = assertThrows(IOException.class, () -> a.write(0x1000000L,
                    ByteBuffer.wrap(new byte[8192])));
            assertEquals(ExitCode.OUTPUT, ErrorReporter.exitCode(e));
            assertEquals("could not write \"" + partial + "\": has 2 hard links (walprism writes only a file of its "
                    + "own in the --write-segments directory)", ErrorReporter.message(e));
        }
        assertEquals("keep me", Files.readString(victim));
    }

    // ------------------------------------------------------------------ 2: no secret is printed

    @Test
    void aBadPercentEscapeInThePasswordIsAUsageErrorThatQuotesNothing() {
        Result r = run("stats", "--categories", "-p", CAP.walDir().toString(), "-s", range(CAP, 0), "-e",
                range(CAP, 1), "--dbname", "postgresql://app:MyS3cret%x@host/db");
        assertFails(r, ExitCode.USAGE, "walprism: error: --dbname: invalid connection string: invalid "
                + "percent-encoded token in the password (expected: % and two hexadecimal digits)");
        Result s = run("stream", "-d", "postgresql://u:ab%zzSECRET@127.0.0.1:1/x");
        assertFails(s, ExitCode.USAGE, "walprism: error: --dbname: invalid connection string: invalid "
                + "percent-encoded token in the password (expected: % and two hexadecimal digits)");
        assertFalse(r.err().contains("S3cret") || s.err().contains("SECRET") || s.err().contains("zz"));
    }

    @Test
    void aWordWithoutEqualsIsNamedByItsPositionNotItsText() {
        Result r = run("stream", "-d", "host=h password=ab cdSECRET");
        assertFails(r, ExitCode.USAGE, "walprism: error: --dbname: invalid connection string: missing \"=\" after "
                + "the word at character 20");
        Result v = run("vacuums", "-p", CAP.walDir().toString(), "--dbname", "postgresql://u:pw@h/db?x=%00SECRET");
        assertFails(v, ExitCode.USAGE, "walprism: error: --dbname: invalid connection string: forbidden value %00 "
                + "in the value of query parameter 1");
    }

    // ------------------------------------------------------------------ 3 and 9: histories

    private Path timelines(String name) throws IOException {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        for (Path p : WalForms.segments(TIMELINES.walDir())) {
            if (!p.getFileName().toString().equals("00000003.history")) {
                Files.copy(p, dir.resolve(p.getFileName()));
            }
        }
        return dir;
    }

    private Result statsOfTimeline3(Path dir) {
        return run("stats", "-p", dir.toString(), "-t", "3", "-s", TIMELINES.meta("start_lsn"), "-e",
                TIMELINES.meta("end_lsn"));
    }

    @Test
    void aHistoryThatIsASymbolicLinkIsNotReadNorQuoted() throws IOException {
        Path dir = timelines("linked");
        Path shadow = tmp.resolve("shadow");
        Files.writeString(shadow, "root:$6$SECRETHASH:19000:0:99999:7:::\n");
        Files.createSymbolicLink(dir.resolve("00000003.history"), shadow);
        Result r = statsOfTimeline3(dir);
        assertFails(r, ExitCode.INPUT, "walprism: error: could not read history file \"" + dir.resolve(
                "00000003.history") + "\": not a regular file (a symbolic link)");
        assertFalse(r.err().contains("SECRET"));
    }

    @Test
    void aFileWhoseFirstLineIsNoHistoryLineIsNotQuoted() throws IOException {
        Path dir = timelines("junk");
        Files.writeString(dir.resolve("00000003.history"), "root:$6$SECRETHASH:19000:0:99999:7:::\n");
        Result r = statsOfTimeline3(dir);
        assertFails(r, ExitCode.INVALID_WAL, "walprism: error: syntax error in history file 00000003.history line 1 "
                + "(expected: a numeric timeline ID): not a timeline history file");
    }

    @Test
    void aHistoryThatIsADirectoryOrAFifoIsAnErrorNamingIt() throws Exception {
        Path dir = timelines("dir");
        Files.createDirectory(dir.resolve("00000003.history"));
        assertFails(statsOfTimeline3(dir), ExitCode.INPUT, "walprism: error: could not read history file \""
                + dir.resolve("00000003.history") + "\": not a regular file (a directory)");
        Path fifoDir = timelines("fifo");
        Process p = new ProcessBuilder("mkfifo", fifoDir.resolve("00000003.history").toString()).start();
        assumeTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo unavailable");
        assertFails(statsOfTimeline3(fifoDir), ExitCode.INPUT, "walprism: error: could not read history file \""
                + fifoDir.resolve("00000003.history") + "\": not a regular file (a FIFO, socket or device)");
    }

    @Test
    void timelineOnesHistoryIsNotReadAsPostgresqlReadsNone() throws IOException {
        Path dir = timelines("tli1");
        String[] args = {"dump", "-p", dir.toString(), "-t", "1", "-s", TIMELINES.meta("start_lsn"), "-e",
            TIMELINES.meta("switch_1")};
        Result plain = run(args);
        assertEquals(0, plain.code(), plain.err());
        Files.writeString(dir.resolve("00000001.history"), "junk that PostgreSQL never writes\n");
        Result r = run(args);
        assertEquals(0, r.code(), r.err());
        assertEquals(plain.out(), r.out());
        assertEquals(plain.err() + "walprism: note: 00000001.history is not read: timeline 1 has no history "
                + "(PostgreSQL never writes one, nor reads it)\n", r.err());
    }

    // ------------------------------------------------------------------ 4: untrusted names escaped in text

    @Test
    void aTarMemberNameReachesTheErrorLineEscaped() throws IOException {
        List<Path> segs = segments();
        byte[] half = java.util.Arrays.copyOf(Files.readAllBytes(segs.get(0)), 300_000);
        String member = "pg_wal\u001b]0;pwned\u0007\n/" + segs.get(0).getFileName();
        Path tar = WalForms.tar(tmp.resolve("evil.tar"), List.of(new WalForms.Member(member, half)), Codec.NONE);
        Result r = run("stats", "-p", tar.toString());
        assertEquals(ExitCode.TRUNCATED.code(), r.code(), r.err());
        String line = oneLine(r);
        assertTrue(line.contains("evil.tar:pg_wal\\x1B]0;pwned\\x07\\x0A/" + segs.get(0).getFileName()), line);
        assertFalse(r.err().chars().anyMatch(c -> c < 0x20 && c != '\n'), "no control character on stderr");
    }

    @Test
    void aRelationNameReachesDumpNamesEscaped() throws IOException {
        Capture c = TestData.captures().stream().filter(x -> x.name().equals("18/vacuum_tables")).findFirst()
                .orElseThrow();
        String csv;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(c.storedDir().resolve("relmap.csv.gz")))) {
            csv = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String evil = csv.replaceAll("(?m),public\\.d,r,", ",\"public.d\u001b]0;pwned\u0007\nforged line\",r,");
        assertTrue(!evil.equals(csv), "the relation map names public.d");
        Path map = Files.writeString(tmp.resolve("relmap.csv"), evil);
        String[] dump = {"dump", "-p", c.walDir().toString(), "-s", range(c, 0), "-e", range(c, 1)};
        Result plain = run(dump);
        List<String> a = new ArrayList<>(List.of(dump));
        a.addAll(List.of("--names", "--relmap", map.toString()));
        Result named = run(a.toArray(String[]::new));
        assertEquals(0, named.code(), named.err());
        assertTrue(named.out().contains("(public.d\\x1B]0;pwned\\x07\\x0Aforged line)"), "escaped in the text");
        assertFalse(named.out().chars().anyMatch(ch -> ch < 0x20 && ch != '\n'), "no control character");
        assertEquals(plain.out().lines().count(), named.out().lines().count(), "no line forged");
    }

    // ------------------------------------------------------------------ 5: output that cannot be written

    private static Result runInto(OutputStream stdout, String... args) {
        StringWriter err = new StringWriter();
        int code = Main.run(Stdout.writer(stdout), new PrintWriter(err), args);
        return new Result(code, "", err.toString());
    }

    @Test
    void everyCommandExits8WhenStandardOutputIsFull() throws IOException {
        assumeTrue(Files.isWritable(Path.of("/dev/full")), "/dev/full");
        String wal = CAP.walDir().toString();
        String s = range(CAP, 0);
        String e = range(CAP, 1);
        List<String[]> commands = List.of(
                new String[] {"stats", "-p", wal, "-s", s, "-e", e},
                new String[] {"stats", "-p", wal, "-s", s, "-e", e, "--format", "json"},
                new String[] {"stats", "--categories", "-p", wal, "-s", s, "-e", e},
                new String[] {"dump", "-p", wal, "-s", s, "-e", e},
                new String[] {"dump", "-p", wal, "-s", s, "-e", e, "--format", "json"},
                new String[] {"dump", "-p", wal, "-s", s, "-e", e, "--blocks"},
                new String[] {"diff", wal, wal},
                new String[] {"vacuums", "-p", wal});
        for (String[] cmd : commands) {
            try (FileOutputStream full = new FileOutputStream("/dev/full")) {
                Result r = runInto(full, cmd);
                assertEquals(ExitCode.OUTPUT.code(), r.code(), String.join(" ", cmd) + ": " + r.err());
                List<String> lines = r.err().lines().toList();
                // notes on where the WAL ended (no -e) come first, then the one error line
                assertEquals("walprism: error: could not write to standard output: No space left on device",
                        lines.get(lines.size() - 1), String.join(" ", cmd));
                assertTrue(lines.subList(0, lines.size() - 1).stream().allMatch(l -> l.startsWith("walprism: note: ")),
                        r.err());
            }
        }
    }

    @Test
    void aClosedPipeEndsQuietly() {
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        for (String cmd : List.of("stats", "dump")) {
            Result r = runInto(closed, cmd, "-p", CAP.walDir().toString(), "-s", range(CAP, 0), "-e", range(CAP, 1));
            assertEquals(0, r.code(), r.err());
            assertEquals("", r.err());
        }
    }

    /** Runs walprism in a process of its own through {@code sh -c}, with {@code shellPrefix} before it. */
    private Result process(String shellPrefix, String redirect, String... args) throws Exception {
        StringBuilder cmd = new StringBuilder(shellPrefix).append(" exec '")
                .append(Path.of(System.getProperty("java.home"), "bin", "java")).append("' -XX:-UsePerfData -cp '")
                .append(System.getProperty("java.class.path")).append("' ").append(Main.class.getName());
        for (String a : args) {
            cmd.append(" '").append(a).append('\'');
        }
        cmd.append(' ').append(redirect);
        Path err = tmp.resolve("stderr-" + System.nanoTime());
        Process p = new ProcessBuilder("sh", "-c", cmd.toString()).redirectError(err.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "walprism ended");
        return new Result(p.exitValue(), "", Files.readString(err));
    }

    @Test
    void aRealProcessExits8OnDevFullAnd0OnAClosedPipe() throws Exception {
        assumeTrue(Files.isWritable(Path.of("/dev/full")), "/dev/full");
        String[] stats = {"stats", "-p", CAP.walDir().toString(), "-s", range(CAP, 0), "-e", range(CAP, 1)};
        Result full = process("", "> /dev/full", stats);
        assertEquals(ExitCode.OUTPUT.code(), full.code(), full.err());
        assertEquals("walprism: error: could not write to standard output: No space left on device", oneLine(full));
        String[] dump = {"dump", "-p", CAP.walDir().toString()};
        Result piped = process("set -o pipefail 2>/dev/null;", "| head -c 100 >/dev/null", dump);
        assertEquals("", piped.err());
    }

    @Test
    void saveFullpageOnAFullDiskExits8NamingTheFileAndLeavesNoPartialPage() throws Exception {
        Path pages = tmp.resolve("pages");
        // at most 4 blocks of 512 bytes per file: the first 8192-byte page fails as on a full disk (EFBIG)
        Result r = process("ulimit -f 4 &&", "", "dump", "-p", CAP.walDir().toString(), "-s", range(CAP, 0), "-e",
                range(CAP, 1), "--save-fullpage", pages.toString());
        assertEquals(ExitCode.OUTPUT.code(), r.code(), r.err());
        String line = oneLine(r);
        assertTrue(line.matches("walprism: error: could not write \"" + java.util.regex.Pattern.quote(
                pages.toString()) + "/[0-9A-F]{8}-[0-9A-F]{8}-[0-9A-F]{8}\\.\\d+\\.\\d+\\.\\d+\\.\\d+_[a-z]+\": "
                + "File too large"), line);
        try (var s = Files.list(pages)) {
            List<Path> left = s.toList();
            assertTrue(left.isEmpty(), "no partial page, no temporary file: " + left);
        }
    }

    // ------------------------------------------------------------------ 6: a start in a missing segment

    @Test
    void aStartInAMissingSegmentNamesItAndTheOldestPresent() throws IOException {
        Path wal = copyOf(CAP, "recycled");
        List<Path> segs = WalForms.segments(wal);
        Files.delete(segs.get(0));
        long start = CAP.startLsn();
        String first = segs.get(0).getFileName().toString();
        String second = segs.get(1).getFileName().toString();
        for (String jobs : List.of("1", "2")) {
            for (String cmd : List.of("stats", "dump")) {
                Result r = run(cmd, "-p", wal.toString(), "-s", Lsn.format(start, true), "-j", jobs);
                assertFails(r, ExitCode.TRUNCATED, "walprism: error: WAL segment " + first + " (holding "
                        + Lsn.of(start).format(WalVersion.fromLabel(CAP.versionLabel())) + ") is missing; the oldest present is " + second);
            }
        }
        Result r = run("stats", "-p", wal.toString(), "-s", "FFFFFFFF/FFFFFFFF");
        assertFails(r, ExitCode.TRUNCATED, "walprism: error: WAL segment 00000001FFFFFFFF00000FFF (holding "
                + "FFFFFFFF/FFFFFFFF) is missing; the newest present is " + segs.get(segs.size() - 1).getFileName());
    }

    // ------------------------------------------------------------------ 10: cut archives, links in archives

    @Test
    void aCutCompressedTarIsTruncatedWhereverItIsCut() throws IOException {
        List<WalForms.Member> members = WalForms.members(segments(), "pg_wal/", Codec.NONE, 0);
        for (Codec codec : List.of(Codec.GZIP, Codec.BZIP2, Codec.XZ, Codec.ZSTD, Codec.LZ4)) {
            Path whole = WalForms.tar(tmp.resolve("pg_wal.tar" + codec.suffix()), members, codec);
            byte[] bytes = Files.readAllBytes(whole);
            for (int cut : new int[] {bytes.length / 2, bytes.length - 12, 200}) {
                Path cutFile = tmp.resolve("cut-" + cut + ".tar" + codec.suffix());
                Files.write(cutFile, java.util.Arrays.copyOf(bytes, cut));
                Result r = run("stats", "-p", cutFile.toString());
                assertEquals(ExitCode.TRUNCATED.code(), r.code(), codec + " cut at " + cut + ": " + r.err());
                String line = oneLine(r);
                assertTrue(line.startsWith("walprism: error: truncated "), codec + " cut at " + cut + ": " + line);
                Files.delete(cutFile);
            }
        }
    }

    @Test
    void aPlainTarCutAtAHeaderIsTruncated() throws IOException {
        List<WalForms.Member> members = WalForms.members(segments(), "pg_wal/", Codec.NONE, 0);
        Path whole = WalForms.tar(tmp.resolve("pg_wal.tar"), members, Codec.NONE);
        // header of pg_wal/ (512), then per member a header and 1 MiB: cut after the second member's data
        long cut = 512 + 2 * (512 + (1 << 20));
        Path cutFile = tmp.resolve("cut.tar");
        Files.write(cutFile, java.util.Arrays.copyOf(Files.readAllBytes(whole), (int) cut));
        Result r = run("stats", "-p", cutFile.toString());
        assertFails(r, ExitCode.TRUNCATED, "walprism: error: truncated tar archive cut.tar: it ends after member "
                + members.get(1).name() + " without the end-of-archive marker");
    }

    @Test
    void aSymbolicLinkMemberNamedLikeASegmentIsAnInvalidArchive() throws IOException {
        List<Path> segs = segments();
        Path tar = tmp.resolve("linked.tar");
        try (TarArchiveOutputStream out = new TarArchiveOutputStream(Files.newOutputStream(tar))) {
            byte[] data = Files.readAllBytes(segs.get(0));
            TarArchiveEntry e = new TarArchiveEntry("pg_wal/" + segs.get(0).getFileName());
            e.setSize(data.length);
            out.putArchiveEntry(e);
            out.write(data);
            out.closeArchiveEntry();
            TarArchiveEntry link = new TarArchiveEntry("pg_wal/" + segs.get(1).getFileName(),
                    TarConstants.LF_SYMLINK);
            link.setLinkName("/etc/shadow");
            out.putArchiveEntry(link);
            out.closeArchiveEntry();
            out.finish();
        }
        Result r = run("stats", "-p", tar.toString());
        assertFails(r, ExitCode.INVALID_WAL, "walprism: error: invalid tar archive linked.tar: member pg_wal/"
                + segs.get(1).getFileName() + " is a symbolic link, not a WAL file");
    }

    // ------------------------------------------------------------------ 14: pgBackRest names

    @Test
    void aPgBackRestDirectoryWhoseDbIdDoesNotFitIsNoArchive() throws IOException {
        Path root = tmp.resolve("repo");
        WalForms.pgBackRest(segments(), root, "main", "15-1", Codec.GZIP);
        Path stanza = root.resolve("archive").resolve("main");
        Files.createDirectories(stanza.resolve("17-99999999999999999999999").resolve("0000000100000000"));
        String[] range = {"-s", range(CAP, 0), "-e", range(CAP, 1)};
        Result r = run("stats", "-p", root.toString(), range[0], range[1], range[2], range[3]);
        assertEquals(0, r.code(), r.err());
        assertEquals(run("stats", "-p", CAP.walDir().toString(), range[0], range[1], range[2], range[3]).out(),
                r.out());
        Path only = tmp.resolve("only");
        Files.createDirectories(only.resolve("archive").resolve("main").resolve("17-99999999999999999999999"));
        Files.writeString(only.resolve("archive").resolve("main").resolve("archive.info"), "[db]\n");
        Result o = run("stats", "-p", only.toString());
        assertFails(o, ExitCode.INPUT, "walprism: error: pgBackRest stanza directory " + only.resolve("archive")
                .resolve("main") + " has no archive (no <version>-<db-id> directory)");
    }
}
