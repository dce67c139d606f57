package org.walprism.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Roots in object storage ({@code s3a://}, hadoop-aws against an in-process S3 server: S3Proxy over jclouds'
 * in-memory blob store, path-style requests on loopback): the input forms give the job the figures of
 * {@code walprism stats} / {@code stats --categories} on the same capture, exactly.
 */
class WalFleetS3aTest {
    private static final String BUCKET = "wal-archive";
    private static final String KEY = "AKIDWALPRISMTEST";
    private static final String SECRET = "walprism-test-secret";

    @TempDir
    static Path tmp;
    private static BlobStoreContext blobs;
    private static S3Proxy s3;
    private static SparkSession spark;

    @BeforeAll
    static void start() throws Exception {
        blobs = ContextBuilder.newBuilder("transient").credentials("unused", "unused").build(BlobStoreContext.class);
        blobs.getBlobStore().createContainerInLocation(null, BUCKET);
        s3 = S3Proxy.builder().blobStore(blobs.getBlobStore()).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, KEY, SECRET).build();
        s3.start();
        while (!s3.getState().equals("STARTED")) {
            Thread.sleep(10);
        }
        spark = FleetFigures.session("walprism-fleet-s3a-test");
        // what a user sets as spark.hadoop.fs.s3a.* (the job reads the session's Hadoop configuration)
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        conf.set("fs.s3a.endpoint", "http://127.0.0.1:" + s3.getPort());
        conf.set("fs.s3a.endpoint.region", "us-east-1");
        conf.set("fs.s3a.path.style.access", "true");
        conf.set("fs.s3a.connection.ssl.enabled", "false");
        conf.set("fs.s3a.access.key", KEY);
        conf.set("fs.s3a.secret.key", SECRET);
        conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
    }

    @AfterAll
    static void stop() throws Exception {
        if (spark != null) {
            spark.stop();
        }
        if (s3 != null) {
            s3.stop();
        }
        if (blobs != null) {
            blobs.close();
        }
    }

    /** Puts every file under {@code local} into the bucket under {@code prefix} (object storage has no directories). */
    private static void upload(Path local, String prefix) throws IOException {
        BlobStore b = blobs.getBlobStore();
        List<Path> files;
        try (Stream<Path> s = Files.walk(local)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) {
            String key = prefix + "/" + local.relativize(f).toString().replace('\\', '/');
            b.putBlob(BUCKET, b.blobBuilder(key).payload(f.toFile()).contentLength(Files.size(f)).build());
        }
    }

    @Test
    void inputFormsInObjectStorageGiveTheFiguresOfStats() throws IOException {
        Capture small = TestData.capture("16/vacuum_indexed_multipass");
        Capture big = TestData.capture("17/hot_updates_seg16");
        Map<String, String> forms = FleetFigures.forms(small, tmp.resolve("forms"));
        upload(tmp.resolve("forms"), "fleet/forms");
        upload(big.walDir(), "fleet/seg16");
        String base = "s3a://" + BUCKET + "/fleet";
        List<WalFleetJob.Root> roots = new ArrayList<>();
        forms.forEach((name, dir) -> roots.add(new WalFleetJob.Root(name, base + "/forms/" + dir, small.startLsn(),
                small.endLsn())));
        roots.add(new WalFleetJob.Root("seg16", base + "/seg16", big.startLsn(), big.endLsn()));

        FleetFigures.Figures f = FleetFigures.Figures.of(
                WalFleetJob.compute(spark, new WalFleetJob.Options(roots, 0, 0, 3)));
        for (String name : forms.keySet()) {
            f.assertSameAsCli(small, name);
        }
        f.assertSameAsCli(big, "seg16");
        assertEquals(4, f.ranges().get("zstd").getInt(8), "tasks of 12 segments, 3 per task");
        assertEquals(1, f.ranges().get("tar").getInt(8), "a compressed tar archive is one task");
        assertEquals(4, f.ranges().get("plaintar").getInt(8), "a plain tar archive: its members read in place");
        assertTrue(f.ranges().get("walg").getList(10).toString().contains("WAL-G storage " + base + "/forms/walg"),
                "the layout notice names the root in the bucket: " + f.ranges().get("walg").getList(10));
    }
}
