package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.testdata.TestData;

/**
 * The launcher's choice of JIT ({@code bin/walprism}, {@code jit_opts}): C1 only for a
 * {@code stats} (with or without {@code --categories}) or {@code dump} whose range is known to be under 2 GiB,
 * tiered otherwise. The launcher runs a stand-in JDK whose
 * {@code java} prints its arguments, so no jar or JVM is needed.
 */
class LauncherJitTest {
    private static final String C1 = "-XX:TieredStopAtLevel=1";

    @TempDir
    static Path tmp;
    private static Path seg;
    private static Path seg2;

    @BeforeAll
    static void standInJdk() throws IOException {
        Path jdk = Files.createDirectories(tmp.resolve("jdk/bin"));
        Files.writeString(tmp.resolve("jdk/release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"17.0.99\"\n"
                + "JAVA_RUNTIME_VERSION=\"17.0.99+1\"\n", StandardCharsets.UTF_8);
        Path java = jdk.resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createFile(tmp.resolve("walprism.jar"));
        Files.createDirectories(tmp.resolve("wal"));
        seg = Files.createFile(tmp.resolve("wal/000000010000000000000030"));
        seg2 = Files.createFile(tmp.resolve("wal/000000010000000000000031"));
    }

    /** The java arguments the launcher passes for {@code args}, with {@code jit} as WALPRISM_JIT (null: unset). */
    private static List<String> javaArgs(String jit, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("sh", TestData.root().getParent().resolve("bin/walprism").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("WALPRISM_"));
        env.put("JAVA_HOME", tmp.resolve("jdk").toString());
        env.put("WALPRISM_JAR", tmp.resolve("walprism.jar").toString());
        if (jit != null) {
            env.put("WALPRISM_JIT", jit);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        List<String> lines = out.lines().toList();
        assertTrue(lines.contains("-jar"), out);
        return lines;
    }

    private static boolean c1(String... args) throws IOException, InterruptedException {
        return javaArgs(null, args).contains(C1);
    }

    /**
     * On JDK 17 to 24 dump starts with the AppCDS archive trained on stats: with its own, JDK 17's C1 never compiled
     * TextBuffer's appends and dump ran them interpreted (docs/benchmarks.md, stop 36). stats keeps its own.
     */
    @Test
    void dumpOnAnAppCdsJdkStartsWithTheStatsArchive() throws Exception {
        Path cache = Files.createDirectories(tmp.resolve("jvm-cache"));
        long newer = Files.getLastModifiedTime(tmp.resolve("walprism.jar")).toMillis() + 10_000;
        for (String set : List.of("", ".stats", ".dump")) {
            Path f = Files.write(cache.resolve("Test-17.0.99+1" + set + ".jsa"), new byte[0]);
            Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(newer));
        }
        String stats = "-XX:SharedArchiveFile=" + cache.resolve("Test-17.0.99+1.stats.jsa");
        assertTrue(javaArgs(null, "dump", seg.toString()).contains(stats));
        assertTrue(javaArgs(null, "dump", "-b", "-p", "wal", "-s", "0/24DBE0F8", "-e", "0/3B76ED10").contains(stats));
        assertTrue(javaArgs(null, "stats", seg.toString()).contains(stats));
        assertTrue(javaArgs(null, "--version").contains("-XX:SharedArchiveFile=" + cache.resolve("Test-17.0.99+1.jsa")));
    }

    @Test
    void dumpOfARangeUnderTwoGibRunsOnC1OnlyALongerOrOpenOneTiered() throws Exception {
        assertTrue(c1("dump", "-b", "-p", "wal", "-s", "0/24DBE0F8", "-e", "0/3B76ED10"));
        assertFalse(c1("dump", "-p", "wal"));
        assertFalse(c1("dump", "-b", "-p", "wal", "-s", "0/15228C0", "-e", "1/33D34C10"));
    }

    @Test
    void statsOfARangeUnderTwoGibRunsOnC1Only() throws Exception {
        assertTrue(c1("stats", "-p", "wal", "-s", "0/24DBE0F8", "-e", "0/3B76ED10", "--stats=record"));
        assertTrue(c1("stats", "-p", "wal", "-s0/0", "-e0/7FFFFFFF"));
        assertTrue(c1("stats", "--categories", "-p", "wal", "--start=0/0", "--end", "0/1000000"));
        // across the 4 GB boundary of the LSN's low half
        assertTrue(c1("stats", "-p", "wal", "-s", "0/FFFFFFF0", "-e", "1/10"));
    }

    @Test
    void statsCategoriesFollowsTheRangeAsStatsDoes() throws Exception {
        assertFalse(c1("stats", "--categories", "-p", "wal"));
        assertFalse(c1("stats", "-p", "wal", "-s", "0/15228C0", "-e", "1/33D34C10", "--categories"));
        assertTrue(c1("stats", "-p", "wal", "-s", "0/24DBE0F8", "-e", "0/3B76ED10", "--categories"));
    }

    @Test
    void statsOfOneSegmentFileRunsOnC1Only() throws Exception {
        assertTrue(c1("stats", seg.toString()));
        assertTrue(c1("stats", "-p", seg.toString(), "--stats=record"));
    }

    @Test
    void statsOfALongOrUnknownRangeRunsTiered() throws Exception {
        assertFalse(c1("stats", "-p", "wal", "-s", "0/15228C0", "-e", "1/33D34C10"));
        assertFalse(c1("stats", "-p", "wal", "--start=0/0", "--end=0/90000000"));
        assertFalse(c1("stats", "-p", "wal"));
        assertFalse(c1("stats", "-p", "wal", "-s", "0/1", "-e", "0/0"));
        assertFalse(c1("stats", "-p", "wal", "-e", "0/1000"));
        assertFalse(c1("stats", seg.toString(), seg2.toString()));
        assertFalse(c1("stats", "-p", "wal", "-s", "0/24DBE0F8", "-e", "not-an-lsn"));
        assertFalse(c1("vacuums", "-p", "wal"));
    }

    @Test
    void walprismJitOverridesTheChoice() throws Exception {
        assertFalse(javaArgs("tiered", "dump", "-p", "wal").contains(C1));
        assertTrue(javaArgs("c1", "stats", "-p", "wal").contains(C1));
    }
}
