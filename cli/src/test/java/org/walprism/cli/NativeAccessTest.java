package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;
import org.walprism.testdata.WalForms;
import org.walprism.testdata.WalForms.Codec;

/**
 * Every input form read on the newest JDK installed prints no JVM warning: lz4-java and zstd-jni load their native
 * code with {@code System.loadLibrary}, a restricted method that JDK 24 and later warn about unless native access is
 * enabled. Both ways walprism starts are checked: {@code java -jar} (the jar's manifest, with the entries the shade
 * plugin of {@code cli/pom.xml} writes) and {@code bin/walprism} (its JVM options).
 */
class NativeAccessTest {

    @TempDir
    static Path tmp;
    private static Path newestJdk;
    private static final Map<String, Path> FORMS = new LinkedHashMap<>();

    /** The newest JDK (by its release file) among /usr/lib/jvm/*, $JAVA_HOME and the one running the tests. */
    static Path newestJdk() throws IOException {
        List<Path> homes = new ArrayList<>();
        homes.add(Path.of(System.getProperty("java.home")));
        if (System.getenv("JAVA_HOME") != null) {
            homes.add(Path.of(System.getenv("JAVA_HOME")));
        }
        Path jvm = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvm)) {
            try (Stream<Path> s = Files.list(jvm)) {
                s.forEach(homes::add);
            }
        }
        return homes.stream().filter(h -> Files.isExecutable(h.resolve("bin/java")) && major(h) > 0)
                .max(Comparator.comparingInt(NativeAccessTest::major)).orElseThrow();
    }

    private static int major(Path home) {
        try {
            Matcher m = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)").matcher(Files.readString(home.resolve("release")));
            return m.find() ? Integer.parseInt(m.group(1)) : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    @BeforeAll
    static void forms() throws IOException {
        newestJdk = newestJdk();
        Capture c = TestData.capture("15/vacuum_indexed");
        // one segment: the forms are about how the bytes are stored, not how many
        List<Path> segs = WalForms.segments(c.walDir()).subList(0, 1);
        Path base = tmp.resolve("forms");
        FORMS.put("directory", WalForms.compressedDir(segs, base.resolve("plain"), Codec.NONE, false));
        // LZ4_LINKED: the same lz4 frame reader, and written by commons-compress's slow pure-Java encoder: left out
        for (Codec codec : Codec.values()) {
            if (codec != Codec.NONE && codec != Codec.LZ4_LINKED) {
                FORMS.put("directory of " + codec, WalForms.compressedDir(segs, base.resolve("dir-" + codec), codec,
                        false));
            }
        }
        for (Codec codec : Codec.values()) {
            if (codec != Codec.LZMA && codec != Codec.LZ4_LINKED) {
                FORMS.put("tar" + codec.suffix() + " of " + codec + " members", WalForms.tar(base.resolve("w-" + codec
                        + ".tar" + codec.suffix()), WalForms.members(segs, "pg_wal/", codec, 0), codec));
            }
        }
        FORMS.put("pgBackRest zstd", WalForms.pgBackRest(segs, base.resolve("pgbackrest"), "demo", "15-1", Codec.ZSTD));
        FORMS.put("WAL-G lz4", WalForms.walG(segs, base.resolve("walg"), Codec.LZ4));
        Path barman = base.resolve("barman");
        WalForms.barman(segs, barman.resolve("pg"), Codec.ZSTD);
        FORMS.put("barman zstd", barman);
    }

    /** The manifest entries the shade plugin of cli/pom.xml writes into walprism.jar. */
    private static Map<String, String> pomManifestEntries() throws IOException {
        String pom = Files.readString(TestData.root().getParent().resolve("cli/pom.xml"));
        Matcher block = Pattern.compile("<manifestEntries>(.*?)</manifestEntries>", Pattern.DOTALL).matcher(pom);
        Map<String, String> entries = new LinkedHashMap<>();
        if (block.find()) {
            Matcher e = Pattern.compile("<([A-Za-z-]+)>([^<]*)</\\1>").matcher(block.group(1));
            while (e.find()) {
                entries.put(e.group(1), e.group(2).trim());
            }
        }
        return entries;
    }

    /** A jar holding only a manifest: Main-Class, the test class path as Class-Path, and {@code entries}. */
    private static Path launcherJar(String name, Map<String, String> entries) throws IOException {
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        StringBuilder cp = new StringBuilder();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e).toAbsolutePath();
            cp.append(p.toUri().toString()).append(' ');
        }
        a.put(Attributes.Name.CLASS_PATH, cp.toString().trim());
        entries.forEach((k, v) -> a.put(new Attributes.Name(k), v));
        Path jar = tmp.resolve(name);
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o, mf)) {
            j.flush();
        }
        return jar;
    }

    private static String run(List<String> cmd, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().keySet().removeIf(k -> k.startsWith("WALPRISM_"));
        pb.environment().putAll(env);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", cmd) + ": " + err);
        return err;
    }

    private static List<String> warnings(String stderr) {
        return stderr.lines().filter(l -> l.startsWith("WARNING") || l.contains("warning:")).toList();
    }

    @Test
    void theJarsManifestEnablesNativeAccessForEveryInputForm() throws Exception {
        Path jar = launcherJar("manifest.jar", pomManifestEntries());
        Map<String, List<String>> got = new LinkedHashMap<>();
        for (var f : FORMS.entrySet()) {
            String err = run(List.of(newestJdk.resolve("bin/java").toString(), "-jar", jar.toString(), "stats",
                    f.getValue().toString()), Map.of());
            if (!warnings(err).isEmpty()) {
                got.put(f.getKey(), warnings(err));
            }
        }
        assertEquals(Map.of(), got, "JVM warnings of java -jar on " + newestJdk);
    }

    @Test
    void theLauncherEnablesNativeAccessForEveryInputForm() throws Exception {
        // a jar without the manifest entries: the launcher's own options must do it
        Path jar = launcherJar("plain.jar", Map.of());
        String launcher = TestData.root().getParent().resolve("bin/walprism").toString();
        Map<String, List<String>> got = new LinkedHashMap<>();
        for (var f : FORMS.entrySet()) {
            String err = run(List.of("sh", launcher, "stats", f.getValue().toString()),
                    Map.of("JAVA_HOME", newestJdk.toString(), "WALPRISM_JAR", jar.toString()));
            if (!warnings(err).isEmpty()) {
                got.put(f.getKey(), warnings(err));
            }
        }
        assertEquals(Map.of(), got, "JVM warnings of bin/walprism on " + newestJdk);
        assertTrue(FORMS.size() > 15, FORMS.keySet().toString());
    }
}
