package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.TestData;

/**
 * {@code cli/target/walprism.jar} as the shade plugin makes it: picocli relocated under walprism's own package, so
 * that a program with its own picocli can embed walprism's CLI, and picocli's licence shipped with it. Runs in the
 * {@code verify} phase (cli/pom.xml's {@code shaded-jar} execution), after the jar is built.
 */
class ShadedJarTest {

    private static final Path CLI = TestData.root().getParent().resolve("cli/target");

    private static JarFile jar() throws IOException {
        Path jar = CLI.resolve("walprism.jar");
        assertTrue(Files.isRegularFile(jar), jar + " is missing: this test runs after mvn package");
        Path main = CLI.resolve("classes/org/walprism/cli/Main.class");
        assertTrue(!Files.exists(main) || Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(main)) >= 0,
                jar + " is older than the compiled classes: run it in the verify phase (mvn verify)");
        return new JarFile(jar.toFile());
    }

    @Test
    void picocliIsRelocatedUnderWalprismsPackage() throws IOException {
        try (JarFile j = jar()) {
            List<String> top = j.stream().map(ZipEntry::getName).filter(n -> n.startsWith("picocli/")).limit(5)
                    .toList();
            assertEquals(List.of(), top, "walprism.jar has a top-level picocli package");
            assertNotNull(j.getEntry("org/walprism/internal/picocli/CommandLine.class"),
                    "walprism.jar has no relocated picocli");
        }
    }

    @Test
    void picocliLicenceShipsWithIt() throws IOException {
        try (JarFile j = jar()) {
            ZipEntry e = j.getEntry("META-INF/LICENSE-picocli");
            assertNotNull(e, "walprism.jar has no META-INF/LICENSE-picocli");
            String text = new String(j.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(text.contains("Copyright 2017 Remko Popma") && text.contains("Apache License"), text);
        }
    }
}
