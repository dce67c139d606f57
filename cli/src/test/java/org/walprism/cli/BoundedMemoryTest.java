package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory is bounded by walprism's own limits, never by the input: each command runs in a JVM of 64 MB heap over an
 * input that took gigabytes before, and ends as documented (a result, or one line and its exit code), never with
 * an OutOfMemoryError (exit 70).
 */
class BoundedMemoryTest {

    @TempDir
    Path tmp;

    /** What a child JVM did. */
    record Run(int exit, String out, String err) {
    }

    /** {@code walprism ARGS} in a new JVM with a 64 MB heap, on the test class path. */
    static Run small(Path tmp, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("walprism " + String.join(" ", args) + " did not end in 600 s");
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void replayOfWalManyTimesTheHeapStreamsThrough() throws Exception {
        // about 90 MB of PG16 vacuum WAL: kept whole, before and after, it needs several times the 64 MB heap
        Path model = tmp.resolve("large.properties");
        Files.writeString(model, "table.rows=300000\ntable.tupleLength=121\ntable.updatedRows=300000\nindexes=1\n"
                + "index.leafPages=1650\nchecksums=true\n");
        Path wal = tmp.resolve("wal");
        java.io.StringWriter genOut = new java.io.StringWriter();
        java.io.StringWriter genErr = new java.io.StringWriter();
        int gen = Main.run(new java.io.PrintWriter(genOut), new java.io.PrintWriter(genErr), "generate", "--version",
                "16", "--model", model.toString(), "-o", wal.toString());
        assertEquals(0, gen, genErr.toString());
        long bytes;
        try (var s = Files.list(wal)) {
            bytes = s.mapToLong(f -> f.toFile().length()).sum();
        }
        assertTrue(bytes > 80L << 20, "generated " + bytes + " bytes");
        Run r = small(tmp, "replay", "--as", "17", wal.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("Replay of PostgreSQL 16 WAL in 17's record design"), r.out());
    }
}
