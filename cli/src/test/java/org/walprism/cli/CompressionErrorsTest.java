package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.walprism.cli.CliRun.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.testdata.TestData;

/**
 * Damaged compressed segments name the cause, through the CLI: each file is built from a real corpus segment with
 * the real compressor (gzip, lz4, zstd, xz, bzip2, brotli; a tool that is not installed skips its case), then cut,
 * corrupted or replaced by text under the compressed name. One line on stderr naming the file, and the exit code of
 * docs/exit-codes.md: 4 for data that is not (or no longer) the format, 5 for a stream that ends early.
 */
class CompressionErrorsTest {
    private static final String SEGMENT = "000000010000000000000006";

    @TempDir
    Path tmp;

    /** The corpus segment 17/hot_updates 000000010000000000000006, uncompressed. */
    private static byte[] segment() throws IOException {
        Path wal = TestData.capture("17/hot_updates").walDir();
        if (Files.exists(wal.resolve(SEGMENT))) {
            return Files.readAllBytes(wal.resolve(SEGMENT));
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(wal.resolve(SEGMENT + ".gz")))) {
            return in.readAllBytes();
        }
    }

    /** {@code data} compressed by the command-line tool {@code tool} (skips the test when it is missing). */
    private byte[] compress(String tool, byte[] data) throws IOException, InterruptedException {
        Path in = tmp.resolve("plain");
        Files.write(in, data);
        List<String> cmd = switch (tool) {
            case "brotli" -> List.of("brotli", "-c", "-q", "5", in.toString());
            case "zstd" -> List.of("zstd", "-q", "-c", in.toString());
            default -> List.of(tool, "-c", in.toString());
        };
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            Assumptions.abort(tool + " is not installed: " + e.getMessage());
            throw e;
        }
        byte[] out = p.getInputStream().readAllBytes();
        assertEquals(0, p.waitFor(), tool + " failed");
        return out;
    }

    private static String suffix(String tool) {
        return switch (tool) {
            case "gzip" -> ".gz";
            case "zstd" -> ".zst";
            case "bzip2" -> ".bz2";
            case "brotli" -> ".br";
            default -> "." + tool;
        };
    }

    /** Runs {@code dump -p DIR} over a directory holding only {@code file} as the segment. */
    private CliRun.Result dump(String name, byte[] file) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("wal-" + name.replace('.', '-')));
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                Files.delete(p);
            }
        }
        Files.write(dir.resolve(name), file);
        return run("dump", "-p", dir.toString());
    }

    private static String oneLine(CliRun.Result r) {
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r.err());
        String line = lines.get(0);
        assertFalse(line.contains("Exception") || line.contains("ZLIB") || r.err().contains("\tat "), line);
        return line;
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "lz4", "zstd", "xz", "bzip2"})
    void textUnderACompressedNameIsNotThatFormat(String tool) throws IOException {
        String name = SEGMENT + suffix(tool);
        CliRun.Result r = dump(name, "this is a note, not WAL\n".getBytes(StandardCharsets.US_ASCII));
        assertEquals(4, r.code(), r.err());
        String magic = switch (tool) {
            case "gzip" -> "1F 8B";
            case "lz4" -> "04 22 4D 18";
            case "zstd" -> "28 B5 2F FD";
            case "xz" -> "FD 37 7A 58 5A 00";
            default -> "42 5A 68";
        };
        assertEquals("walprism: error: not a " + tool + " file: it starts with 74 68 69 73 20 69 (" + tool
                + " data starts with " + magic + ") in " + name + " offset 0x0", oneLine(r));
    }

    @Test
    void emptyGzipFileIsTruncated() throws IOException {
        CliRun.Result r = dump(SEGMENT + ".gz", new byte[0]);
        assertEquals(5, r.code(), r.err());
        assertEquals("walprism: error: the gzip file is empty in " + SEGMENT + ".gz offset 0x0", oneLine(r));
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "lz4", "zstd", "xz", "bzip2", "brotli"})
    void cutStreamEndsEarly(String tool) throws IOException, InterruptedException {
        byte[] stored = compress(tool, segment());
        String name = SEGMENT + suffix(tool);
        CliRun.Result r = dump(name, Arrays.copyOf(stored, stored.length / 2));
        assertEquals(5, r.code(), r.err());
        String line = oneLine(r);
        assertTrue(line.startsWith("walprism: error: the " + tool + " stream ends early: after "), line);
        // a decoder with large blocks (lz4's 4 MB, bzip2's 900 kB) fails before the first page it would hand over
        // an LSN of segment 6 as 17's tools print it (%X/%X: LsnFormVsPgWaldumpTest checks the form per major)
        assertTrue(line.matches(".* bytes of the WAL segment \\(expected: 1048576\\) at LSN 0/6[0-9A-F]{5} in .*")
                || line.contains("ends early: after 0 bytes of the WAL segment in "), line);
        assertTrue(line.contains(" in " + name + " offset 0x"), line);
    }

    @Test
    void corruptDeflateStreamIsCorruptNotOversized() throws IOException, InterruptedException {
        byte[] stored = compress("gzip", segment());
        // eight 0xFF bytes into the deflate stream: it then inflates past the segment size until gzip's CRC-32
        // (or the deflate decoder) refuses it
        Arrays.fill(stored, 5000, 5008, (byte) 0xFF);
        CliRun.Result r = dump(SEGMENT + ".gz", stored);
        assertEquals(4, r.code(), r.err());
        String line = oneLine(r);
        assertTrue(line.startsWith("walprism: error: corrupt gzip data"), line);
        assertTrue(line.endsWith(" in " + SEGMENT + ".gz offset 0x100000"), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"lz4", "zstd", "xz", "bzip2", "brotli"})
    void corruptStreamIsCorruptData(String tool) throws IOException, InterruptedException {
        byte[] stored = compress(tool, segment());
        for (int i = stored.length / 3; i < stored.length; i += 997) {
            stored[i] ^= 0x5A;
        }
        String name = SEGMENT + suffix(tool);
        CliRun.Result r = dump(name, stored);
        String line = oneLine(r);
        // the decoder's own check (a block checksum, an invalid code) refuses the data, or the WAL read from it
        // fails its record CRC first (6) where the format has no check of its own before the end
        assertTrue(r.code() == 4 || r.code() == 6, r.err());
        assertTrue(line.contains(" in " + name + " offset 0x"), line);
        assertFalse(line.contains("oversized"), line);
    }
}
