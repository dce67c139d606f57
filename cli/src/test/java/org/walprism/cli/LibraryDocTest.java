package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.walprism.codec.Lsn;
import org.walprism.testdata.TestData;

/**
 * docs/library.md's program, exactly as the page shows it: compiled against the codec and its dependencies alone
 * (no analyzer, no CLI, no picocli on the class path, as the page's coordinates promise), run on a real capture,
 * and its record lines compared with pg_waldump's output for that capture; then compiled again on the module path
 * with the page's {@code module} block and run in a module layer of the codec, the source module and their
 * third-party jars alone, with the same comparison.
 */
class LibraryDocTest {

    private static final Path DOC = TestData.root().getParent().resolve("docs/library.md");
    private static final String CAPTURE = "17/vacuum_noindex";

    /**
     * The jar name prefixes (before {@code -VERSION.jar}) of what walprism-source brings at run time: the module
     * path of the page's module-path commands.
     */
    private static final List<String> SOURCE_RUNTIME = List.of("walprism-codec", "walprism-source", "netty-buffer",
            "netty-common", "commons-compress", "commons-io", "commons-codec", "commons-lang3", "zstd-jni", "lz4-java",
            "xz", "dec");

    /** The page's ```java block that contains {@code marker}; exactly one must. */
    static String block(String markdown, String marker) {
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
        List<String> blocks = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).contains(marker)) {
                blocks.add(m.group(1));
            }
        }
        assertEquals(1, blocks.size(), "docs/library.md should show one ```java block with " + marker);
        return blocks.get(0);
    }

    /** The page's one complete program: the ```java block that declares a class. */
    static String program(String markdown) {
        return block(markdown, "public class ");
    }

    /** The test class path without walprism's analyzer, CLI and picocli: what a codec user has. */
    static String codecClassPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("analyzer") && !e.contains("picocli")
                        && !e.replace('\\', '/').matches(".*/cli/target/.*") && !e.contains("walprism-cli"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** The entries of the test class path that walprism-source brings at run time, as module path entries. */
    static List<Path> sourceModulePath() {
        List<Path> path = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String unix = e.replace('\\', '/');
            String file = Path.of(e).getFileName().toString();
            boolean reactor = unix.endsWith("/codec/target/classes") || unix.endsWith("/source/target/classes");
            boolean jar = SOURCE_RUNTIME.stream().anyMatch(n -> file.matches(Pattern.quote(n) + "-[0-9].*\\.jar"));
            if (reactor || jar) {
                path.add(Path.of(e));
            }
        }
        return path;
    }

    @Test
    void theLibraryPageProgramCompilesAndListsWhatPgWaldumpLists(@TempDir Path dir) throws Exception {
        String source = program(Files.readString(DOC));
        String main = mainClass(source);
        Path file = dir.resolve("WalList.java");
        Files.writeString(file, source);
        compile(List.of("-cp", codecClassPath(), "-d", dir.resolve("out").toString()), file);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.resolve("out").toUri().toURL()},
                LibraryDocTest.class.getClassLoader())) {
            assertListsWhatPgWaldumpLists(run(loader.loadClass(main).getMethod("main", String[].class)));
        }
    }

    @Test
    void theLibraryPageProgramRunsOnTheModulePath(@TempDir Path dir) throws Exception {
        String markdown = Files.readString(DOC);
        String source = program(markdown);
        String main = mainClass(source);
        String descriptor = block(markdown, "requires org.walprism");
        Matcher module = Pattern.compile("module ([\\w.]+)").matcher(descriptor);
        assertTrue(module.find());
        Path file = dir.resolve("WalList.java");
        Path info = dir.resolve("module-info.java");
        Files.writeString(file, source);
        Files.writeString(info, descriptor);
        List<Path> modulePath = sourceModulePath();
        assertTrue(modulePath.stream().anyMatch(p -> p.toString().contains("codec"))
                && modulePath.stream().anyMatch(p -> p.toString().contains("source")),
                "no codec or source module on " + modulePath);
        Path out = dir.resolve("out");
        Path none = Files.createDirectories(dir.resolve("empty"));   // not javac's default: this JVM's class path
        compile(List.of("--module-path", modulePath.stream().map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator)), "--class-path", none.toString(),
                "-d", out.toString()), info, file);

        List<Path> layerPath = new ArrayList<>(modulePath);
        layerPath.add(out);
        Configuration cf = ModuleLayer.boot().configuration().resolve(
                ModuleFinder.of(layerPath.toArray(Path[]::new)), ModuleFinder.of(), Set.of(module.group(1)));
        ModuleLayer.Controller layer = ModuleLayer.defineModulesWithOneLoader(cf, List.of(ModuleLayer.boot()),
                ClassLoader.getPlatformClassLoader());
        Module app = layer.layer().findModule(module.group(1)).orElseThrow();
        assertTrue(layer.layer().findModule("org.walprism.codec").isPresent(), "the layer has its own codec");
        String pkg = main.substring(0, main.lastIndexOf('.'));
        layer.addExports(app, pkg, LibraryDocTest.class.getModule());   // for this test's reflective call only
        Class<?> program = layer.layer().findLoader(module.group(1)).loadClass(main);
        assertEquals(app, program.getModule());
        assertListsWhatPgWaldumpLists(run(program.getMethod("main", String[].class)));
    }

    /** The binary name of the program's class: its package and {@code public class} name. */
    private static String mainClass(String source) {
        Matcher name = Pattern.compile("public class (\\w+)").matcher(source);
        assertTrue(name.find());
        Matcher pkg = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE).matcher(source);
        return pkg.find() ? pkg.group(1) + "." + name.group(1) : name.group(1);
    }

    private static void compile(List<String> options, Path... files) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        boolean ok = javac.getTask(diagnostics, null, null, options, null,
                javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(files)).call();
        assertTrue(ok, "docs/library.md's program does not compile against the codec (" + options.get(0) + "):\n"
                + diagnostics);
    }

    /** Runs the program's main on the capture and returns its record lines (the indented typed values dropped). */
    private static List<String> run(Method main) throws Exception {
        Path wal = TestData.capture(CAPTURE).storedDir().resolve("wal");   // gzip-compressed, as the page's example
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        try {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) new String[] {wal.toString()});
        } finally {
            System.setOut(saved);
        }
        return bytes.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith(" ")).toList();
    }

    private static void assertListsWhatPgWaldumpLists(List<String> printed) {
        // pg_waldump's lines: "rmgr: Heap2 ... lsn: 0/008F3B00, prev ..., desc: PRUNE_VACUUM_SCAN ..."
        Pattern line = Pattern.compile("^rmgr: (\\S+) .* lsn: (\\S+), prev \\S+, desc: (\\S+)");
        List<String> expected = new ArrayList<>();
        for (String l : TestData.capture(CAPTURE).oracleText("waldump.txt").lines().toList()) {
            Matcher m = line.matcher(l);
            if (m.find()) {
                expected.add(Lsn.parse(m.group(2)).value() + " " + m.group(1) + "/" + m.group(3));
            }
        }
        assertTrue(expected.size() > 100, "the oracle has records");
        List<String> actual = new ArrayList<>();
        for (String l : printed) {
            int sp = l.indexOf(' ');
            actual.add(Lsn.parse(l.substring(0, sp)).value() + l.substring(sp));
        }
        int first = actual.indexOf(expected.get(0));
        assertTrue(first >= 0, "the program did not print the capture's first record " + expected.get(0));
        assertEquals(expected, actual.subList(first, Math.min(actual.size(), first + expected.size())));
    }
}
