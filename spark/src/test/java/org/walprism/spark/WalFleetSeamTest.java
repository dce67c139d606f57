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
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.codec.Lsn;
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
                .config("spark.ui.enabled", "false")
                // loopback only: the driver binds no other address
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
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

        // the command: exit 1, one line naming the root, file, LSN and offset
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int rc = WalFleetJob.run(new String[] {"--out", dir.resolve("out").toString(), "--start",
            Lsn.of(c.startLsn()).format(false), "--end", Lsn.of(c.endLsn()).format(false), "broken=" + dir},
                () -> spark, new java.io.PrintStream(err, true));
        assertEquals(1, rc);
        assertEquals("walprism-spark: root broken (" + dir + "): " + seq.getMessage() + "\n", err.toString());
    }

    @Test
    void writesParquetAndJsonThatReadBackAsComputed(@TempDir Path dir) {
        Capture c = TestData.capture("16/vacuum_indexed");
        String start = Lsn.of(c.startLsn()).format(false);
        String end = Lsn.of(c.endLsn()).format(false);
        WalFleetJob.Output o = WalFleetJob.compute(spark, new WalFleetJob.Options(
                List.of(new WalFleetJob.Root("c", c.walDir().toString(), c.startLsn(), c.endLsn())), 0, 0, 2));
        List<Row> stats = o.stats().collectAsList();
        List<Row> cats = o.categories().collectAsList();
        for (String format : List.of("parquet", "json")) {
            Path out = dir.resolve(format);
            int rc = WalFleetJob.run(new String[] {"--out", out.toString(), "--format", format, "--segments-per-task",
                "2", "--start", start, "--end", end, "c=" + c.walDir()}, () -> spark, System.err);
            assertEquals(0, rc);
            Dataset<Row> s = format.equals("json") ? spark.read().schema(WalFleetJob.STATS_SCHEMA)
                    .json(out.resolve("stats").toString()) : spark.read().parquet(out.resolve("stats").toString());
            Dataset<Row> k = format.equals("json") ? spark.read().schema(WalFleetJob.CATEGORIES_SCHEMA)
                    .json(out.resolve("categories").toString())
                    : spark.read().parquet(out.resolve("categories").toString());
            assertEquals(sorted(stats), sorted(s.collectAsList()), format + " stats");
            assertEquals(sorted(cats), sorted(k.collectAsList()), format + " categories");
            assertEquals(1, spark.read().format(format).load(out.resolve("ranges").toString()).count());
        }
        assertEquals(2, WalFleetJob.run(new String[] {"--bogus"}, () -> spark, new java.io.PrintStream(
                java.io.OutputStream.nullOutputStream())));
    }

    private static List<String> sorted(List<Row> rows) {
        return rows.stream().map(Row::toString).sorted().toList();
    }
}
