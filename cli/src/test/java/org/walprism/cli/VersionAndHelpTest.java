package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Every subcommand answers -V/--version as walprism does, and no help text ends a description mid-sentence. */
class VersionAndHelpTest {

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @ParameterizedTest
    @ValueSource(strings = {"stats", "dump", "diff", "report", "generate", "replay", "vacuums"})
    void everySubcommandPrintsTheVersion(String name) {
        String[] root = run("--version");
        assertTrue(root[1].startsWith("walprism "), root[1]);
        String[] v = run(name, "-V");
        assertEquals("0", v[0], v[2]);
        assertEquals(root[1], v[1]);
        if (!name.equals("generate")) {
            // generate's --version names the PostgreSQL major to generate for
            String[] l = run(name, "--version");
            assertEquals("0", l[0], l[2]);
            assertEquals(root[1], l[1]);
        }
    }

    /** The entries of the root help's command list, each with its wrapped lines joined. */
    private static List<String> commandEntries(String help) {
        List<String> entries = new ArrayList<>();
        boolean in = false;
        for (String line : help.split("\n")) {
            if (line.equals("Commands:")) {
                in = true;
            } else if (in && line.isBlank()) {
                break;
            } else if (in && line.startsWith("  ") && !line.startsWith("    ")) {
                entries.add(line.trim());
            } else if (in) {
                entries.set(entries.size() - 1, entries.get(entries.size() - 1) + " " + line.trim());
            }
        }
        return entries;
    }

    @Test
    void rootHelpListsWholeSentences() {
        String[] r = run("--help");
        List<String> entries = commandEntries(r[1]);
        assertEquals(Main.SUBCOMMANDS.size(), entries.size(), r[1]);
        for (String e : entries) {
            assertTrue(e.endsWith("."), "cut mid-sentence: " + e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"stats", "dump", "diff", "report", "generate", "replay", "vacuums"})
    void subcommandDescriptionsAreWholeSentences(String name) {
        String[] r = run(name, "--help");
        assertEquals("0", r[0], r[2]);
        // the description: the lines after the usage synopsis up to the first option or parameter line
        String[] lines = r[1].split("\n");
        int i = 1;
        while (i < lines.length && lines[i].startsWith(" ")) {
            i++; // synopsis continuation lines
        }
        StringBuilder paragraph = new StringBuilder();
        List<String> paragraphs = new ArrayList<>();
        for (; i < lines.length && !lines[i].startsWith(" "); i++) {
            paragraph.append(lines[i]).append(' ');
            if (!lines[i].endsWith(".") && i + 1 < lines.length && !lines[i + 1].startsWith(" ")) {
                // a line broken inside a sentence must have been full: the next word did not fit in the 79 columns picocli fills
                String next = lines[i + 1].split(" ", 2)[0];
                assertTrue(lines[i].length() + 1 + next.length() >= 80,
                        name + " --help breaks a sentence after \"" + lines[i] + "\":\n" + r[1]);
            }
            if (lines[i].endsWith(".")) {
                paragraphs.add(paragraph.toString().trim());
                paragraph.setLength(0);
            }
        }
        assertFalse(paragraphs.isEmpty(), r[1]);
        assertEquals("", paragraph.toString().trim(), name + " --help ends its description mid-sentence:\n" + r[1]);
    }
}
