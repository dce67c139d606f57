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
        int gen = Main.run(new java.io.PrintWriter(genOut), new java.io.PrintWriter(genErr), "generate", "--major",
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

    private static String segment() {
        org.walprism.testdata.Capture c = org.walprism.testdata.TestData.capture("15/vacuum_indexed");
        return c.walDir().toString();
    }

    @Test
    void aRelationMapThatIsAnEndlessLineIsOneLineOfError() throws Exception {
        Run r = small(tmp, "stats", "--relmap", "/dev/zero", "--by", "relation", segment());
        assertEquals(2, r.exit(), r.err());
        assertEquals("walprism: error: invalid relation map: /dev/zero line 1: longer than 8192 characters: not a "
                + "relation map\n", r.err());
    }

    @Test
    void aRelationMapLargerThanTheLimitIsOneLineOfError() throws Exception {
        // 100 MB of well-formed lines: read whole it took 2 GB
        Path map = tmp.resolve("big.csv");
        try (var w = Files.newBufferedWriter(map)) {
            w.write("reltablespace,reldatabase,relfilenode,relation\n");
            for (long i = 0, n = 0; n < 100L << 20; i++) {
                String line = "1663,5," + (i & 0xFFFFFFFFL) + ",public.relation_with_a_long_name_" + i + "\n";
                w.write(line);
                n += line.length();
            }
        }
        Run r = small(tmp, "stats", "--relmap", map.toString(), "--by", "relation", segment());
        assertEquals(2, r.exit(), r.err());
        assertEquals("walprism: error: invalid relation map: " + map + ": more than 4 MiB: a relation map is at "
                + "most that (map the databases whose WAL is read)\n", r.err());
    }

    @Test
    void manyLargeTimelineHistoryMembersAreOneLineOfError() throws Exception {
        // 100 one-MiB histories of distinct timelines compress to little: each was capped, their number was not
        byte[] history = new byte[1 << 20];
        byte[] line = "1\t0/1000000\tno recovery target specified\n".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < history.length; i++) {
            history[i] = line[i % line.length];
        }
        List<org.walprism.testdata.WalForms.Member> members = new ArrayList<>();
        for (int t = 2; t < 102; t++) {
            members.add(new org.walprism.testdata.WalForms.Member(String.format("pg_wal/%08X.history", t), history));
        }
        Path tar = org.walprism.testdata.WalForms.tar(tmp.resolve("histories.tar.zst"), members,
                org.walprism.testdata.WalForms.Codec.ZSTD);
        Run r = small(tmp, "stats", tar.toString());
        assertEquals(4, r.exit(), r.err());
        assertEquals("walprism: error: tar archive histories.tar.zst holds more than 16 MiB of timeline history "
                + "members, the most walprism keeps of one archive\n", r.err());
    }

    @Test
    void manyEmptyMembersNamedLikeSegmentsAreOneLineOfError() throws Exception {
        List<org.walprism.testdata.WalForms.Member> members = new ArrayList<>();
        for (long i = 0; i < 200_000; i++) {
            members.add(new org.walprism.testdata.WalForms.Member(String.format("pg_wal/00000001%08X%08X", i >> 8,
                    i & 0xFF), new byte[0]));
        }
        for (org.walprism.testdata.WalForms.Codec c : List.of(org.walprism.testdata.WalForms.Codec.NONE,
                org.walprism.testdata.WalForms.Codec.ZSTD)) {
            String name = "empty.tar" + c.suffix();
            Path tar = org.walprism.testdata.WalForms.tar(tmp.resolve(name), members, c);
            Run r = small(tmp, "stats", tar.toString());
            assertEquals(4, r.exit(), r.err());
            assertEquals("walprism: error: tar archive " + name + " holds more than 65536 WAL segment members, the "
                    + "most walprism indexes in one archive\n", r.err());
        }
    }
}
