package org.walprism.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capture path itself, live: testdata/capture/capture.sh starts a real PostgreSQL server (a zonky
 * build from Maven Central), captures a tiny workload, and what it wrote is checked like a corpus capture.
 * Bad use stops with one clear message and leaves no server behind.
 */
class LiveCaptureTest {

    /** The server major the live capture uses (-Dwalprism.live.version=16 to pick another). */
    private static final String VERSION = System.getProperty("walprism.live.version", "17");
    private static final int SKIP = 77;

    record Run(int exit, String stderr) {
    }

    private static Run capture(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add("bash");
        cmd.add(TestData.root().resolve("capture").resolve("capture.sh").toString());
        cmd.addAll(List.of(args));
        Path err = Files.createTempFile("walprism-capture", ".err");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(err.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroy();
                throw new AssertionError("capture.sh " + String.join(" ", args) + " ran over 10 minutes");
            }
            Run r = new Run(p.exitValue(), Files.readString(err));
            if (r.exit == SKIP) {
                Assumptions.abort("no unprivileged OS user can be made to run the server: " + r.stderr.strip());
            }
            return r;
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The lines of stderr that are not progress lines ("capture: PostgreSQL ..., port N", downloads). */
    private static List<String> errorLines(String stderr) {
        return stderr.lines().filter(l -> !l.isBlank())
                .filter(l -> !l.matches("capture: PostgreSQL .* -> .*, port \\d+"))
                .filter(l -> !l.startsWith("capture: downloading ") && !l.startsWith("capture: building "))
                .toList();
    }

    @Test
    void capturesATinyWorkloadFromARealServer(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("tiny");
        Run r = capture("--no-manifest", "--out", out.toString(), VERSION, "tiny");
        assertEquals(0, r.exit, "capture.sh failed:\n" + r.stderr);

        Capture c = TestData.fromDirectory(out);
        assertEquals(VERSION, c.versionLabel());
        assertEquals("tiny", c.workload());
        assertEquals(1 << 20, c.segmentSize());
        assertFalse(c.dataChecksums());
        assertTrue(c.has("stats.tsv") && c.has("records.tsv"), "oracles: " + c.oracles());
        if (Integer.parseInt(VERSION) >= 16) {
            assertTrue(c.has("blocks.tsv"), "oracles: " + c.oracles());
        }
        CaptureChecks.check(c);

        // the oracle saw the workload: 20 rows in, 6 updated (id % 3 = 0), 4 deleted (id % 5 = 0)
        List<String[]> heap = Files.readAllLines(c.oracle("records.tsv")).stream().map(l -> l.split("\t", -1))
                .filter(f -> f[4].equals("Heap")).toList();
        assertEquals(20, heap.stream().filter(f -> f[5].startsWith("INSERT")).count(), "heap inserts");
        assertEquals(6, heap.stream().filter(f -> f[5].contains("UPDATE")).count(), "heap updates");
        assertEquals(4, heap.stream().filter(f -> f[5].equals("DELETE")).count(), "heap deletes");
    }

    @Test
    void unknownVersionStopsWithOneMessage(@TempDir Path tmp) throws Exception {
        Run r = capture("--out", tmp.resolve("x").toString(), "12", "tiny");
        assertEquals(1, r.exit, r.stderr);
        assertEquals(List.of("capture: unknown version '12' (known: 13 14 15 16 17 18; 19 and master come from"
                + " shared/captures)"), errorLines(r.stderr));
        assertFalse(Files.exists(tmp.resolve("x")));
    }

    @Test
    void portInUseStopsWithOneMessage(@TempDir Path tmp) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Run r = capture("--port", Integer.toString(port), "--out", tmp.resolve("x").toString(), VERSION, "tiny");
            assertEquals(1, r.exit, r.stderr);
            assertEquals(List.of("capture: port " + port + " on 127.0.0.1 is in use"), errorLines(r.stderr));
        }
        assertFalse(Files.exists(tmp.resolve("x")));
    }

    @Test
    void sqlErrorInTheWorkloadStopsTheServer(@TempDir Path tmp) throws Exception {
        Path workloads = Files.createDirectories(tmp.resolve("broken"));
        Files.writeString(workloads.resolve("broken.sql"), "SELECT 1;\nSELECT * FROM no_such_table;\n");
        int port = freePort();
        Run r = capture("--port", Integer.toString(port), "--workload-dir", workloads.toString(),
                "--out", tmp.resolve("x").toString(), VERSION, "broken");
        assertEquals(1, r.exit, r.stderr);
        List<String> errors = errorLines(r.stderr);
        assertEquals(1, errors.size(), r.stderr);
        assertTrue(errors.get(0).startsWith("capture: SQL error in broken/broken.sql: ")
                && errors.get(0).contains("relation \"no_such_table\" does not exist"), errors.get(0));
        assertFalse(listening(port), "a server still listens on port " + port);
        assertFalse(Files.exists(tmp.resolve("x")));
    }
}
