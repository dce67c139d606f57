package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * and its record lines compared with pg_waldump's output for that capture.
 */
class LibraryDocTest {

    private static final Path DOC = TestData.root().getParent().resolve("docs/library.md");
    private static final String CAPTURE = "17/vacuum_noindex";

    /** The page's one complete program: the ```java block that declares a class. */
    static String program(String markdown) {
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(markdown);
        List<String> programs = new ArrayList<>();
        while (m.find()) {
            if (m.group(1).contains("public class ")) {
                programs.add(m.group(1));
            }
        }
        assertEquals(1, programs.size(), "docs/library.md should show one complete program");
        return programs.get(0);
    }

    /** The test class path without walprism's analyzer, CLI and picocli: what a codec user has. */
    static String codecClassPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("analyzer") && !e.contains("picocli")
                        && !e.replace('\\', '/').matches(".*/cli/target/.*") && !e.contains("walprism-cli"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    @Test
    void theLibraryPageProgramCompilesAndListsWhatPgWaldumpLists(@TempDir Path dir) throws Exception {
        String source = program(Files.readString(DOC));
        Matcher name = Pattern.compile("public class (\\w+)").matcher(source);
        assertTrue(name.find());
        Path file = dir.resolve(name.group(1) + ".java");
        Files.writeString(file, source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        boolean ok = javac.getTask(diagnostics, null, null,
                List.of("-cp", codecClassPath(), "-d", dir.toString()), null,
                javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(file)).call();
        assertTrue(ok, "docs/library.md's program does not compile against the codec:\n" + diagnostics);

        Path wal = TestData.capture(CAPTURE).storedDir().resolve("wal");   // gzip-compressed, as the page's example
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                LibraryDocTest.class.getClassLoader())) {
            Method main = loader.loadClass(name.group(1)).getMethod("main", String[].class);
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) new String[] {wal.toString()});
        } finally {
            System.setOut(saved);
        }
        List<String> printed = bytes.toString(StandardCharsets.UTF_8).lines()
                .filter(l -> !l.startsWith(" ")).toList();

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
