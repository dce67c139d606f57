package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The root command registers only the subcommand it runs, yet help and errors read as with all of them. */
class MainTest {

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void registersOnlyTheNamedSubcommand() {
        assertEquals(List.of("stats"), Main.subcommandsFor("stats", "-p", "dump"));
        assertEquals(List.of("dump"), Main.subcommandsFor("--debug", "dump", "-b"));
        assertEquals(List.of("replay"), Main.subcommandsFor("replay", "--help"));
    }

    @Test
    void registersNoneForVersionOrAMissingCommand() {
        assertEquals(List.of(), Main.subcommandsFor("--version"));
        assertEquals(List.of(), Main.subcommandsFor("-V"));
        assertEquals(List.of(), Main.subcommandsFor("--debug"));
        assertEquals(List.of(), Main.subcommandsFor());
    }

    @Test
    void registersAllWhereTheyMayBeListed() {
        assertEquals(Main.SUBCOMMANDS, Main.subcommandsFor("--help"));
        assertEquals(Main.SUBCOMMANDS, Main.subcommandsFor("-h"));
        assertEquals(Main.SUBCOMMANDS, Main.subcommandsFor("-Vh"));
        assertEquals(Main.SUBCOMMANDS, Main.subcommandsFor("help", "stats"));
        assertEquals(Main.SUBCOMMANDS, Main.subcommandsFor("statz"));
        assertEquals(Main.SUBCOMMANDS, Main.subcommandsFor("--", "stats"));
    }

    @Test
    void helpListsEverySubcommand() {
        String[] r = run("--help");
        assertEquals("0", r[0], r[2]);
        for (String name : Main.SUBCOMMANDS) {
            assertTrue(r[1].lines().anyMatch(l -> l.trim().startsWith(name + " ")), name + " missing from\n" + r[1]);
        }
        assertTrue(r[1].contains("Exit codes:") && r[1].contains(" 70   internal error"), r[1]);
    }

    @Test
    void helpSubcommandDescribesTheNamedOne() {
        String[] r = run("help", "stats");
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].startsWith("Usage: walprism stats "), r[1]);
    }

    @Test
    void versionAndMissingCommand() {
        String[] v = run("--version");
        assertEquals("0", v[0]);
        assertTrue(v[1].startsWith("walprism "), v[1]);
        String[] m = run();
        assertEquals("2", m[0]);
        assertEquals("walprism: error: missing command (try \"walprism --help\")\n", m[2]);
        String[] u = run("statz");
        assertEquals("2", u[0]);
        assertTrue(u[2].startsWith("walprism: error: Unmatched argument at index 0: 'statz'"), u[2]);
    }

    @Test
    void inheritedDebugOptionReachesTheSubcommand() {
        String[] r = run("stats", "--debug", "-p", "/nonexistent/walprism");
        assertEquals("3", r[0]);
        assertTrue(r[2].contains("java.nio.file.NoSuchFileException"), r[2]);
    }
}
