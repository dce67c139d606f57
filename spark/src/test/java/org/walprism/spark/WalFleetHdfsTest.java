package org.walprism.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
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
 * Roots on HDFS ({@code hdfs://}, an in-process {@link MiniDFSCluster}): every input form the local reader knows
 * (plain and compressed segments, the archivers' layouts, a tar archive) gives the job the figures of
 * {@code walprism stats} / {@code stats --categories} on the same capture, exactly; the tasks open their segments
 * on HDFS themselves. Bad WAL on HDFS: the line names root, file, LSN and offset.
 */
class WalFleetHdfsTest {
    @TempDir
    static Path tmp;
    private static MiniDFSCluster hdfs;
    private static SparkSession spark;
    private static String uri;

    @BeforeAll
    static void start() throws IOException {
        Configuration conf = new Configuration();
        hdfs = new MiniDFSCluster.Builder(conf, tmp.resolve("hdfs").toFile()).numDataNodes(1).build();
        hdfs.waitActive();
        uri = hdfs.getURI().toString();
        spark = FleetFigures.session("walprism-fleet-hdfs-test");
    }

    @AfterAll
    static void stop() {
        if (spark != null) {
            spark.stop();
        }
        if (hdfs != null) {
            hdfs.shutdown();
        }
    }

    private static void upload(Path local, String remote) throws IOException {
        FileSystem fs = hdfs.getFileSystem();
        fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(local.toUri()),
                new org.apache.hadoop.fs.Path(remote));
    }

    @Test
    void everyInputFormOnHdfsGivesTheFiguresOfStats() throws IOException {
        // 12 segments of 1 MB in six forms (two segments per task), and 16 MB segments plain
        Capture small = TestData.capture("16/vacuum_indexed_multipass");
        Capture big = TestData.capture("17/hot_updates_seg16");
        Map<String, String> forms = FleetFigures.forms(small, tmp.resolve("forms"));
        upload(tmp.resolve("forms"), "/archive/forms");
        upload(big.walDir(), "/archive/seg16");
        List<WalFleetJob.Root> roots = new ArrayList<>();
        forms.forEach((name, dir) -> roots.add(new WalFleetJob.Root(name, uri + "/archive/forms/" + dir,
                small.startLsn(), small.endLsn())));
        roots.add(new WalFleetJob.Root("seg16", uri + "/archive/seg16", big.startLsn(), big.endLsn()));

        FleetFigures.Figures f = FleetFigures.Figures.of(
                WalFleetJob.compute(spark, new WalFleetJob.Options(roots, 0, 0, 2)));
        for (String name : forms.keySet()) {
            f.assertSameAsCli(small, name);
        }
        f.assertSameAsCli(big, "seg16");
        // several tasks where the form can be read from the middle, one for the tar archive
        assertEquals(6, f.ranges().get("plain").getInt(8), "tasks of 12 segments, 2 per task");
        assertEquals(6, f.ranges().get("pgbackrest").getInt(8), "tasks of the pgBackRest archive");
        assertEquals(1, f.ranges().get("tar").getInt(8), "a compressed tar archive is one task");
        assertEquals(6, f.ranges().get("plaintar").getInt(8), "a plain tar archive: its members read in place");
        assertTrue(f.ranges().get("pgbackrest").getList(10).toString().contains("pgBackRest stanza main in " + uri),
                "the layout notice names the root on HDFS: " + f.ranges().get("pgbackrest").getList(10));
    }

    @Test
    void badWalOnHdfsIsOneLineNamingRootFileLsnAndOffset() throws IOException {
        Capture c = TestData.capture("16/vacuum_indexed_multipass");
        Path copy = Files.createDirectories(tmp.resolve("corrupt"));
        List<Path> segs = org.walprism.testdata.WalForms.segments(c.walDir());
        for (Path s : segs) {
            Files.copy(s, copy.resolve(s.getFileName()));
        }
        // garbage over the middle of the fourth segment: a task in the middle meets it
        Path victim = copy.resolve(segs.get(3).getFileName());
        byte[] b = Files.readAllBytes(victim);
        java.util.Arrays.fill(b, b.length / 2, b.length / 2 + 20000, (byte) 0x5A);
        Files.write(victim, b);
        WalFormatException seq = assertThrows(WalFormatException.class,
                () -> StatsCollector.collect(copy, c.startLsn(), c.endLsn(), 0, 1));
        upload(copy, "/archive/corrupt");

        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        String root = uri + "/archive/corrupt";
        int rc = WalFleetJob.run(new String[] {"--out", tmp.resolve("out").toString(), "--segments-per-task", "2",
            "--start", org.walprism.codec.Lsn.of(c.startLsn()).format(false), "db=" + root}, () -> spark,
                new java.io.PrintStream(err, true));
        assertEquals(1, rc);
        assertEquals("walprism-spark: root db (" + root + "): " + seq.getMessage() + "\n", err.toString());
        assertTrue(seq.getMessage().matches(".* at LSN [0-9A-F]+/[0-9A-F]{8} in " + segs.get(3).getFileName()
                + " offset 0x[0-9A-F]+"), seq.getMessage());

        // a root that is not there: the line names it
        err.reset();
        rc = WalFleetJob.run(new String[] {"--out", tmp.resolve("out").toString(), uri + "/archive/none"},
                () -> spark, new java.io.PrintStream(err, true));
        assertEquals(1, rc);
        assertEquals("walprism-spark: root " + uri + "/archive/none: could not open \"" + uri
                + "/archive/none\": no such file or directory\n", err.toString());

        // a scheme no Hadoop file system on the class path serves: the line says what to add
        err.reset();
        rc = WalFleetJob.run(new String[] {"--out", tmp.resolve("out").toString(), "nosuch://bucket/wal"},
                () -> spark, new java.io.PrintStream(err, true));
        assertEquals(1, rc);
        assertEquals("walprism-spark: root nosuch://bucket/wal: could not open \"nosuch://bucket/wal\": no Hadoop "
                + "FileSystem for scheme \"nosuch\" on the class path (s3a:// needs hadoop-aws: see spark/README.md)\n",
                err.toString());
    }
}
