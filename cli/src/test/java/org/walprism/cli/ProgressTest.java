package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The progress bar: drawn on stderr when it is a terminal (a pseudo-terminal from util-linux {@code script}), never
 * when stderr is a file, with {@code -q}, or for a dump whose lines go to the same terminal; and never from
 * {@link Main#run} (tests, embedding).
 */
class ProgressTest {

    @TempDir
    Path tmp;

    private static final Path SCRIPT = Path.of("/usr/bin/script");

    private static String q(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Runs walprism as a process with {@code shell} redirections, under a pseudo-terminal; returns what it drew. */
    private String underTerminal(String args, String redirections) throws Exception {
        assumeTrue(Files.isExecutable(SCRIPT), "util-linux script not installed");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cmd = q(java) + " -Dwalprism.progress.delayMillis=0 -cp " + q(System.getProperty("java.class.path"))
                + " org.walprism.cli.Main " + args + " " + redirections;
        Path typescript = tmp.resolve("typescript");
        Process p = new ProcessBuilder(SCRIPT.toString(), "-qec", cmd, typescript.toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("script.out").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "did not finish");
        assertEquals(0, p.exitValue(), Files.readString(typescript));
        return Files.readString(typescript, StandardCharsets.UTF_8);
    }

    private static String range(Capture c) {
        return "-p " + q(c.walDir().toString()) + " -s " + Lsn.format(c.startLsn(), true) + " -e "
                + Lsn.format(c.endLsn(), true);
    }

    @Test
    void aTerminalGetsABarAndNothingElseDoes() throws Exception {
        Capture c = TestData.capture("18/pgbench_oltp");
        Path out = tmp.resolve("stats.out");
        String drawn = underTerminal("stats " + range(c), "> " + q(out.toString()));
        assertTrue(drawn.contains("reading WAL") && drawn.contains("MiB") && drawn.contains("100%"), drawn);
        assertTrue(Files.readString(out).startsWith("WAL statistics between "), "stdout holds only the stats");
        assertFalse(Files.readString(out).contains("reading WAL"));

        // stderr not a terminal: nothing drawn anywhere
        Path err = tmp.resolve("stats.err");
        String none = underTerminal("stats " + range(c), "> /dev/null 2> " + q(err.toString()));
        assertFalse(none.contains("reading WAL"), none);
        assertFalse(Files.readString(err).contains("reading WAL"), Files.readString(err));

        // -q: nothing
        assertFalse(underTerminal("stats -q " + range(c), "").contains("reading WAL"));
        // dump lines on the same terminal: no bar among them; dump into a file: a bar
        assertFalse(underTerminal("dump -n 0 " + range(c), "").contains("reading WAL"));
        assertTrue(underTerminal("dump " + range(c), "> /dev/null").contains("reading WAL"));
        // diff: one bar per input, then the diff on stdout
        String input = q(c.walDir() + ":" + Lsn.format(c.startLsn(), true) + ":" + Lsn.format(c.endLsn(), true));
        String diff = underTerminal("diff " + input + " " + input, "");
        assertTrue(diff.contains("reading WAL") && diff.indexOf("reading WAL") < diff.indexOf("Explanations"), diff);
    }

    @Test
    void theTotalIsTheRangesSegmentFiles() throws IOException {
        Capture c = TestData.capture("18/pgbench_oltp");
        long all = 0;
        for (Path f : Files.list(c.walDir()).toList()) {
            all += Files.size(f);
        }
        WalRangeOptions.Range whole = new WalRangeOptions.Range(c.walDir(), 0, 0, 0);
        assertEquals(all, Progress.totalBytes(whole));
        long seg = c.segmentSize();
        WalRangeOptions.Range first = new WalRangeOptions.Range(c.walDir(), c.startLsn(), c.startLsn() / seg * seg + seg, 0);
        assertEquals(seg, Progress.totalBytes(first));
        assertEquals(0, Progress.totalBytes(new WalRangeOptions.Range(tmp, 0, 0, 0)));
        assertTrue(Progress.rchar() > 0, "/proc/self/io");
        assertFalse(Progress.isTerminal(99), "no such descriptor");
    }
}
