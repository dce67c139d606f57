package org.walprism.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The promotion capture, live: testdata/capture/promotion.sh runs a primary, a standby and a cascading standby of
 * Debian's PostgreSQL 15, promotes twice, and what it wrote holds three timelines, their history files and oracles
 * that agree with each other: pg_walinspect's rows across both switches are pg_waldump's rows of each timeline.
 */
class LivePromotionTest {

    @TempDir
    Path tmp;

    @Test
    void capturesTwoPromotionsWithAgreeingOracles() throws IOException, InterruptedException {
        Path out = tmp.resolve("promotion");
        Path err = tmp.resolve("err");
        Process p = new ProcessBuilder("bash", TestData.root().resolve("capture/promotion.sh").toString(),
                "--out", out.toString()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroy();
            throw new AssertionError("promotion.sh ran over 5 minutes");
        }
        String stderr = Files.readString(err);
        if (p.exitValue() == 77) {
            Assumptions.abort("no unprivileged OS user can be made to run the servers: " + stderr.strip());
        }
        assertEquals(0, p.exitValue(), stderr);
        Capture c = TestData.fromDirectory(out);
        long s1 = TestData.parseLsn(c.meta("switch_1"));
        long s2 = TestData.parseLsn(c.meta("switch_2"));
        assertTrue(c.startLsn() < s1 && s1 < s2 && s2 < c.endLsn(), c.toString());
        List<String> wal = c.storedFiles().stream().filter(f -> f.startsWith("wal/")).toList();
        assertTrue(wal.contains("wal/00000002.history") && wal.contains("wal/00000003.history"), wal.toString());
        int seg = c.segmentSize();
        for (String f : List.of(name(1, s1 / seg), name(2, s1 / seg), name(2, s2 / seg), name(3, s2 / seg))) {
            assertTrue(wal.contains("wal/" + f + ".gz"), f + " in " + wal);
        }
        assertEquals("1\t" + c.meta("switch_1") + "\tno recovery target specified\n\n2\t" + c.meta("switch_2")
                + "\tno recovery target specified\n", Files.readString(out.resolve("wal/00000003.history")));
        long walinspect = c.oracleText("records.tsv").lines().count();
        long waldump = 0;
        for (int t = 1; t <= 3; t++) {
            waldump += c.oracleText("waldump-tli" + t + ".txt").lines().filter(l -> l.startsWith("rmgr: ")).count();
        }
        assertEquals(walinspect, waldump, "pg_walinspect across the switches vs pg_waldump per timeline");
        assertEquals(walinspect, c.records());
    }

    private static String name(int tli, long segno) {
        return String.format("%08X%08X%08X", tli, segno >>> 8, segno & 0xFF); // 1 MB segments: 256 per xlogid
    }
}
