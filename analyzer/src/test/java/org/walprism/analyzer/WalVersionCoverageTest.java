package org.walprism.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Every place docs/new-major.md lists knows every {@link WalVersion}: the list itself names every source file that
 * switches over the versions, the corpus has real captures of each, the .ksy knows each magic, the README and the
 * calibration name each released major, and no message writes a version range out by hand.
 */
class WalVersionCoverageTest {
    private static final Path REPO = TestData.root().getParent();
    private static final List<String> MODULES = List.of("codec", "source", "client", "analyzer", "cli", "sql", "spark");

    private static String read(String path) throws IOException {
        return Files.readString(REPO.resolve(path));
    }

    private static List<Path> mainSources() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String m : MODULES) {
            Path dir = REPO.resolve(m).resolve("src/main/java");
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.walk(dir)) {
                    s.filter(p -> p.toString().endsWith(".java")).forEach(out::add);
                }
            }
        }
        return out;
    }

    @Test
    void theNewMajorChecklistNamesEverySourceThatSwitchesOverVersions() throws IOException {
        String doc = read("docs/new-major.md");
        Pattern arm = Pattern.compile("case (PG1[3-9][A-Z0-9_]*)[,\\s]");
        List<String> missing = new ArrayList<>();
        int files = 0;
        for (Path p : mainSources()) {
            if (arm.matcher(Files.readString(p)).find()) {
                files++;
                String rel = REPO.relativize(p).toString().replace('\\', '/');
                if (!doc.contains("`" + rel + "`")) {
                    missing.add(rel);
                }
            }
        }
        assertTrue(files > 20, "found only " + files + " files switching over WalVersion");
        assertEquals(List.of(), missing, "docs/new-major.md section 2 lacks these files");
    }

    @Test
    void everyVersionHasRealCapturesWithPostgresqlsOwnOracle() {
        for (WalVersion v : WalVersion.values()) {
            List<Capture> caps = TestData.captures(v.label());
            assertFalse(caps.isEmpty(), "no capture of " + v.label() + " in testdata/manifest.tsv");
            assertTrue(caps.stream().anyMatch(c -> c.oracles().contains("waldump.txt")
                    || c.oracles().contains("records.tsv")), v.label() + ": no capture has an oracle");
        }
    }

    @Test
    void theKaitaiSpecKnowsEveryMagic() throws IOException {
        String ksy = read("testdata/ksy/postgresql_wal.ksy").toLowerCase(Locale.ROOT);
        for (WalVersion v : WalVersion.values()) {
            assertTrue(ksy.contains(String.format(Locale.ROOT, "0x%04x", v.magic())),
                    "postgresql_wal.ksy does not know magic " + Integer.toHexString(v.magic()) + " (" + v.label() + ")");
        }
    }

    @Test
    void readmeAndCalibrationNameEveryReleasedMajor() throws IOException {
        String readme = read("README.md");
        assertTrue(readme.contains(WalVersion.releasedRange()), "README.md does not say " + WalVersion.releasedRange());
        String calibration = read("testdata/calibration.md");
        for (WalVersion v : WalVersion.values()) {
            if (!v.isPreRelease()) {
                assertTrue(Pattern.compile("\\b" + v.label() + "\\b").matcher(calibration).find(),
                        "testdata/calibration.md names no calibration of " + v.label());
            }
        }
    }

    @Test
    void noMessageWritesAVersionRangeOutByHand() throws IOException {
        // string literals only: a range in a comment documents a layout, one in a message goes stale
        Pattern literal = Pattern.compile("\"([^\"\\\\]|\\\\.)*\"");
        // a range of supported versions ends at the newest label (or the old "master"); "13-18" of a layout does not
        Pattern range = Pattern.compile("\\b13 ?(\\.\\.|-|to) ?(" + WalVersion.newest().label()
                + "|master)\\b|\\bor master\\b|\\band master\\b");
        List<String> found = new ArrayList<>();
        for (Path p : mainSources()) {
            List<String> lines = Files.readAllLines(p);
            for (int i = 0; i < lines.size(); i++) {
                String trimmed = lines.get(i).strip();
                if (trimmed.startsWith("*") || trimmed.startsWith("//") || trimmed.startsWith("/*")) {
                    continue;
                }
                Matcher m = literal.matcher(lines.get(i));
                while (m.find()) {
                    if (range.matcher(m.group()).find()) {
                        found.add(REPO.relativize(p) + ":" + (i + 1) + ": " + m.group());
                    }
                }
            }
        }
        assertEquals(List.of(), found, "use WalVersion.supported() / releasedRange() / knownLabels()");
    }
}
