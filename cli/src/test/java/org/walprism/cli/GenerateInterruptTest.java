package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.testdata.TestData;

/**
 * {@code generate} in a separate JVM (issue 15, item 11): SIGTERM or SIGINT while segments are written leaves no
 * {@code *.walprism-partial} file and no segment; without {@code -o} nothing is written to disk at all.
 */
class GenerateInterruptTest {

    @TempDir
    Path tmp;

    /** {@code walprism ARGS} in a new JVM on the test class path, with {@code jvmOptions}; output to {@code log}. */
    private static Process walprism(List<String> jvmOptions, File log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx1g");
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectOutput(log).redirectErrorStream(true).start();
    }

    private static List<String> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalWhileSegmentsAreWrittenLeavesNoPartialFile(String signal) throws Exception {
        // a child inherits an ignored SIGINT (a background job of a non-interactive shell runs so): then the JVM
        // installs no handler for it and the signal cannot reach walprism at all
        org.junit.jupiter.api.Assumptions.assumeFalse(signal.equals("INT") && TestSignals.sigintIgnored(),
                "SIGINT is ignored in this test process (SigIgn in /proc/self/status), so its children ignore it too");
        // about 90 MB of WAL in 1 MiB segments: the segments are written for about a second
        Path model = tmp.resolve("large.properties");
        Files.writeString(model, "table.rows=300000\ntable.tupleLength=121\ntable.updatedRows=300000\nindexes=1\n"
                + "index.leafPages=1650\nchecksums=true\n");
        Path out = tmp.resolve("out");
        Process p = walprism(List.of(), tmp.resolve("log").toFile(), "generate", "--major", "16", "--model", model.toString(), "-o",
                out.toString(), "--segment-size", "1048576");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (files(out).stream().noneMatch(n -> n.endsWith(".walprism-partial"))) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                p.destroyForcibly();
                fail("generate ended (exit " + (p.isAlive() ? "none" : p.exitValue())
                        + ") before a segment was being written: " + files(out));
            }
            Thread.sleep(2);
        }
        int signo = signal.equals("TERM") ? 15 : 2;
        Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid())).start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + signal);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "generate did not exit after SIG" + signal);
        assertEquals(128 + signo, p.exitValue(), "killed by SIG" + signal);
        assertEquals(List.of(), files(out), "no partial file and no segment left after SIG" + signal);
    }

    @Test
    void generateWithoutOutputWritesNoFile() throws Exception {
        // java.io.tmpdir names a regular file, so no temporary file or directory can be made there (a missing
        // directory would not do: Netty's PlatformDependent creates java.io.tmpdir when it loads)
        Path noTmp = tmp.resolve("tmpdir-is-a-file");
        Files.writeString(noTmp, "not a directory");
        Path model = TestData.root().resolve("models").resolve("vacuum_noindex.properties");
        File log = tmp.resolve("log").toFile();
        Process p = walprism(List.of("-Djava.io.tmpdir=" + noTmp), log, "generate", "--major", "17", "--model",
                model.toString());
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "generate did not finish");
        String text = Files.readString(log.toPath(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        assertTrue(text.endsWith(" records, 0 index pass(es)\n"), text);
        assertEquals("not a directory", Files.readString(noTmp));
    }
}
