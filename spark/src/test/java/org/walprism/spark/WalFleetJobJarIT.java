package org.walprism.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.analyzer.stats.StatsCollector;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.testdata.WalForms;

/**
 * The job jar as a cluster runs it: {@code target/walprism-spark.jar} in a JVM of its own whose class path is a
 * Spark 4.0.1 installation's (spark-sql and the Hadoop client jars, resolved by {@code spark-runtime/pom.xml}
 * without walprism's dependency management: Spark's zstd-jni 1.5.6-9, org.lz4 lz4-java 1.8.0, netty,
 * commons-compress and commons-lang3), not the test class path. Roots whose images are compressed with lz4 and
 * zstd and archives compressed with zstd, lz4 and xz are read there; each root's record count and per-rmgr rows
 * equal this JVM's {@link StatsCollector} over the same WAL. Run by failsafe after {@code package}.
 */
class WalFleetJobJarIT {
    /** What Spark's own launcher adds on Java 17 (JavaModuleOptions), as the surefire configuration. */
    private static final List<String> OPENS = List.of("java.lang", "java.lang.invoke", "java.lang.reflect", "java.io",
            "java.net", "java.nio", "java.util", "java.util.concurrent", "java.util.concurrent.atomic",
            "jdk.internal.ref", "sun.nio.ch", "sun.nio.cs", "sun.security.action", "sun.util.calendar");

    @TempDir
    Path tmp;

    @Test
    void jobJarReadsCompressedInputsOnSparksOwnClassPath() throws Exception {
        Path jar = Paths.get(System.getProperty("walprism.jobJar", "target/walprism-spark.jar"));
        assertTrue(Files.isRegularFile(jar), "job jar " + jar + " (failsafe runs after package)");
        String sparkClassPath = sparkClassPath();
        assertTrue(sparkClassPath.contains("zstd-jni-1.5.6-9.jar"), "Spark 4.0.1's zstd-jni: " + sparkClassPath);
        assertFalse(sparkClassPath.contains("walprism"), "no walprism jar but the job's");

        Map<String, Path> roots = new HashMap<>();
        Capture lz4Images = capture("18/vacuum_noindex_lz4");
        Capture zstdImages = capture("18/other_rmgrs_zstd");
        Capture archived = capture("19/hot_updates_lz4");
        roots.put("lz4_images", lz4Images.walDir());
        roots.put("zstd_images", zstdImages.walDir());
        List<Path> segs = WalForms.segments(archived.walDir());
        roots.put("tar_zst", WalForms.tar(tmp.resolve("wal.tar.zst"),
                WalForms.members(segs, "pg_wal/", WalForms.Codec.NONE, 7), WalForms.Codec.ZSTD));
        roots.put("tar_lz4_members", WalForms.tar(tmp.resolve("wal.tar"),
                WalForms.members(segs, "", WalForms.Codec.LZ4, 0), WalForms.Codec.NONE));
        roots.put("zst_segments", WalForms.compressedDir(segs, tmp.resolve("zst"), WalForms.Codec.ZSTD, false));
        roots.put("tar_xz", WalForms.tar(tmp.resolve("wal.tar.xz"),
                WalForms.members(segs, "", WalForms.Codec.NONE, 0), WalForms.Codec.XZ));

        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx1g");
        for (String p : OPENS) {
            cmd.add("--add-opens=java.base/" + p + "=ALL-UNNAMED");
        }
        cmd.addAll(List.of("-Dspark.master=local[2]", "-Dspark.ui.enabled=false", "-Dspark.driver.host=127.0.0.1",
                "-Dspark.driver.bindAddress=127.0.0.1", "-Dspark.sql.shuffle.partitions=2",
                "-cp", jar.toAbsolutePath() + java.io.File.pathSeparator + sparkClassPath,
                "org.walprism.spark.WalFleetJob", "--format", "json", "--out", tmp.resolve("out").toString()));
        roots.forEach((name, path) -> cmd.add(name + "=" + path.toAbsolutePath()));
        Path log = tmp.resolve("job.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                .directory(tmp.toFile()).start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "job finished");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), () -> "job exit status; its output:\n" + tail(out));
        for (String bad : List.of("NoSuchMethodError", "NoClassDefFoundError", "UnsatisfiedLinkError",
                "ClassNotFoundException", "IncompatibleClassChangeError")) {
            assertFalse(out.contains(bad), () -> bad + " in the job's output:\n" + tail(out));
        }

        Map<String, Long> records = new HashMap<>();
        Map<String, List<String>> rows = new HashMap<>();
        Pattern cluster = Pattern.compile("\"cluster\":\"([^\"]+)\"");
        Pattern count = Pattern.compile("\"records\":(\\d+)");
        for (String line : jsonLines(tmp.resolve("out/ranges"))) {
            Matcher c = cluster.matcher(line);
            Matcher n = count.matcher(line);
            assertTrue(c.find() && n.find(), line);
            records.put(c.group(1), Long.parseLong(n.group(1)));
        }
        Pattern statsRow = Pattern.compile("\"cluster\":\"([^\"]+)\".*\"name\":\"([^\"]+)\",\"count\":(\\d+)");
        for (String line : jsonLines(tmp.resolve("out/stats"))) {
            if (line.contains("\"bucket_start\"")) {
                continue; // a bucket's row; the whole range's has no bucket
            }
            Matcher m = statsRow.matcher(line);
            if (m.find()) {
                rows.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(m.group(2) + " " + m.group(3));
            }
        }
        Map<String, Path> walOf = new HashMap<>(roots);
        for (Map.Entry<String, Path> e : walOf.entrySet()) {
            Path wal = e.getKey().startsWith("lz4_") ? lz4Images.walDir()
                    : e.getKey().startsWith("zstd_") ? zstdImages.walDir() : archived.walDir();
            WalStats want = StatsCollector.collect(wal, 0, 0, 0, 1);
            assertEquals(want.count(), records.get(e.getKey()), e.getKey() + ": records");
            List<String> wantRows = new ArrayList<>();
            want.rows(true).forEach(r -> wantRows.add(r.name() + " " + r.count()));
            wantRows.add(want.total().name() + " " + want.total().count());
            List<String> got = rows.getOrDefault(e.getKey(), List.of());
            wantRows.sort(null);
            got.sort(null);
            assertEquals(wantRows, got, e.getKey() + ": per-rmgr rows");
        }
    }

    private static Capture capture(String name) {
        return TestData.captures().stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("capture " + name + " missing from the corpus"));
    }

    /** Spark 4.0.1's class path, resolved once per build by Maven from spark-runtime/pom.xml. */
    private static String sparkClassPath() throws IOException, InterruptedException {
        Path file = Paths.get("target", "spark-runtime-classpath.txt").toAbsolutePath();
        if (!Files.isRegularFile(file)) {
            String mvn = Paths.get(System.getProperty("maven.home", ""), "bin", "mvn").toString();
            List<String> cmd = new ArrayList<>(List.of(Files.isExecutable(Paths.get(mvn)) ? mvn : "mvn", "-B", "-ntp",
                    "-q", "-f", Paths.get("spark-runtime", "pom.xml").toString(), "dependency:build-classpath",
                    "-Dmdep.outputFile=" + file));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(10, TimeUnit.MINUTES) && p.exitValue() == 0, "resolving Spark's class path:\n" + out);
        }
        return Files.readString(file, StandardCharsets.UTF_8).strip();
    }

    private static List<String> jsonLines(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                lines.addAll(Files.readAllLines(f, StandardCharsets.UTF_8));
            }
        }
        return lines;
    }

    private static String tail(String s) {
        return s.length() > 6000 ? s.substring(s.length() - 6000) : s;
    }
}
