package org.walprism.spark.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Which roots go through Hadoop, the paths they become, and the Hadoop configuration travelling with the roots to
 * the executors. No file system is contacted (an HDFS client connects on its first call, none is made).
 */
class ArchiveRootsTest {

    private static ArchiveRoots roundTrip(ArchiveRoots r) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(b)) {
            o.writeObject(r);
        }
        try (ObjectInputStream i = new ObjectInputStream(new ByteArrayInputStream(b.toByteArray()))) {
            return (ArchiveRoots) i.readObject();
        }
    }

    @Test
    void localPathsAndFileUrisStayOnTheLocalFileSystem() {
        ArchiveRoots r = ArchiveRoots.of(new Configuration(false));
        assertSame(FileSystems.getDefault(), r.path("/archive/db1").getFileSystem());
        assertSame(FileSystems.getDefault(), r.path("archive/db1").getFileSystem());
        assertEquals(Path.of("/archive/db1"), r.path("file:///archive/db1"));
        assertFalse(ArchiveRoots.isHadoop("/archive/db1"));
        assertFalse(ArchiveRoots.isHadoop("file:///archive/db1"));
        assertTrue(ArchiveRoots.isHadoop("hdfs://nn:8020/archive/db1"));
        assertTrue(ArchiveRoots.isHadoop("s3a://bucket/db1"));
    }

    @Test
    void theConfigurationTravelsWithTheRoots() throws Exception {
        Configuration conf = new Configuration(false);
        conf.set("fs.defaultFS", "hdfs://127.0.0.1:1");
        ArchiveRoots copy = roundTrip(ArchiveRoots.of(conf));
        // a root naming no namenode is on the default file system of the configuration the driver had
        Path p = copy.path("hdfs:///archive/db1");
        assertInstanceOf(HadoopPath.class, p);
        assertEquals("hdfs://127.0.0.1:1/archive/db1", p.toString());
    }

    @Test
    void hadoopPathsBehaveAsTheReaderUsesThem() {
        Path dir = ArchiveRoots.of(new Configuration(false)).path("hdfs://127.0.0.1:1/archive/db1/");
        assertEquals("hdfs://127.0.0.1:1/archive/db1", dir.toString());
        assertEquals("db1", dir.getFileName().toString());
        Path seg = dir.resolve("pg_wal").resolve("000000010000000000000001.gz");
        assertEquals("hdfs://127.0.0.1:1/archive/db1/pg_wal/000000010000000000000001.gz", seg.toString());
        assertEquals("000000010000000000000001.gz", seg.getFileName().toString());
        assertEquals(dir.resolve("pg_wal"), seg.getParent());
        assertEquals(seg, seg.toAbsolutePath());
        assertEquals(dir, dir.resolve("x/..").normalize());
        assertTrue(seg.startsWith(dir));
        assertEquals("pg_wal/000000010000000000000001.gz", dir.relativize(seg).toString());
        assertTrue(dir.compareTo(seg) < 0);
        assertNull(dir.getRoot().getFileName());
        assertEquals("hdfs://127.0.0.1:1/", dir.getRoot().toString());
    }
}
