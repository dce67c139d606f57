package org.walprism.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.codec.WalFormatException;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * A broken {@code xl_prev} on the first record of a segment that is not the first: the job, whose tasks start at that
 * segment, refuses it with the message the sequential reader gives (the seam is checked on the driver).
 */
class WalFleetSeamTest {
    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("walprism-fleet-seam-test")
                .config("spark.ui.enabled", "false").getOrCreate();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void brokenPrevLinkAtATaskSeamIsTheSequentialError(@TempDir Path dir) throws IOException {
        Capture c = TestData.capture("15/pgbench_oltp");
        List<Path> segs;
        try (Stream<Path> s = Files.list(c.walDir())) {
            segs = s.filter(p -> p.getFileName().toString().length() == 24).sorted().toList();
        }
        assertTrue(segs.size() >= 2, "capture has two segments");
        for (Path p : segs) {
            Files.copy(p, dir.resolve(p.getFileName()));
        }
        Path second = dir.resolve(segs.get(1).getFileName());
        try (RandomAccessFile f = new RandomAccessFile(second.toFile(), "rw")) {
            byte[] hdr = new byte[40];
            f.readFully(hdr);
            long remLen = Integer.toUnsignedLong(ByteBuffer.wrap(hdr).order(ByteOrder.LITTLE_ENDIAN).getInt(16));
            long rec = 40 + ((remLen + 7) & ~7L);
            assertTrue(rec + 24 <= 8192, "first record header on the first page");
            f.seek(rec + 8);
            byte[] prev = new byte[8];
            f.readFully(prev);
            prev[0] ^= 0x08;
            f.seek(rec + 8);
            f.write(prev);
        }
        WalFormatException seq = assertThrows(WalFormatException.class,
                () -> StatsCollector.collect(dir, c.startLsn(), c.endLsn(), 0, 1));
        assertTrue(seq.getMessage().contains("prev-link"), seq.getMessage());
        WalFleetJob.Options o = new WalFleetJob.Options(
                List.of(new WalFleetJob.Root("broken", dir.toString(), c.startLsn(), c.endLsn())), 0, 0, 1);
        WalFormatException job = assertThrows(WalFormatException.class, () -> WalFleetJob.compute(spark, o));
        assertEquals(seq.getMessage(), job.getMessage());
    }
}
