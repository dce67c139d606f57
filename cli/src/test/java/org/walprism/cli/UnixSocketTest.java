package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.TestData;

/**
 * A live PostgreSQL 15 server reached over its Unix-domain socket, as libpq reaches it (testdata/capture/server.sh:
 * its {@code unix_socket_directories} is the server's directory): {@code stream -d "host=DIR port=P"} and
 * {@code --dbname} with a socket directory, {@code PGHOST} naming the directory, and no pgjdbc log line on stderr.
 */
class UnixSocketTest {
    private static Path dir;
    private static int port;
    private static String start;
    private static String end;

    record Run(int exit, String out, String err) {
    }

    private static String server(String cmd) throws IOException, InterruptedException {
        Path err = Files.createTempFile("walprism-server", ".err");
        try {
            Process p = new ProcessBuilder("bash", TestData.root().resolve("capture").resolve("server.sh").toString(),
                    cmd, dir.toString()).redirectError(err.toFile()).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(3, TimeUnit.MINUTES)) {
                p.destroy();
                throw new AssertionError("server.sh " + cmd + " ran over 3 minutes");
            }
            if (p.exitValue() == 77) {
                Assumptions.abort("no PostgreSQL server can be started here: " + Files.readString(err).strip());
            }
            assertEquals(0, p.exitValue(), "server.sh " + cmd + ": " + Files.readString(err));
            return out;
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static String one(Statement st, String sql) throws Exception {
        try (ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @BeforeAll
    static void startServer() throws Exception {
        dir = Path.of("/var/tmp").resolve("walprism-sock-" + ProcessHandle.current().pid());
        port = Integer.parseInt(server("start"));
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres", p);
             Statement st = c.createStatement()) {
            start = one(st, "SELECT pg_current_wal_insert_lsn()");
            st.execute("CREATE TABLE t(id int PRIMARY KEY, v text)");
            st.execute("INSERT INTO t SELECT g, md5(g::text) FROM generate_series(1, 1000) g");
            end = one(st, "SELECT pg_current_wal_insert_lsn()");
            st.execute("SELECT pg_switch_wal()");
        }
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (dir != null) {
            server("stop");
        }
    }

    /** {@code walprism ARGS} in a new JVM (its stderr as a user sees it), with {@code env} added. */
    private static Run walprism(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeIf(k -> k.startsWith("PG"));
        pb.environment().putAll(env);
        Path out = Files.createTempFile("walprism-sock", ".out");
        Path err = Files.createTempFile("walprism-sock", ".err");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("walprism " + String.join(" ", args) + " ran over 2 minutes");
            }
            return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static void onlyWalprismLines(Run r) {
        for (String l : r.err().lines().toList()) {
            assertTrue(l.startsWith("walprism: "), "a line on stderr that is not walprism's: " + l + "\n" + r.err());
        }
    }

    @Test
    void streamsOverTheSocketOfAHostDirectory() throws Exception {
        Run r = walprism(Map.of(), "stream", "-d", "host=" + dir + " port=" + port + " user=postgres", "-s", start,
                "-e", end, "-z");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Total"), r.out());
        onlyWalprismLines(r);
    }

    @Test
    void streamsOverTheSocketPghostNames() throws Exception {
        Run r = walprism(Map.of("PGHOST", dir.toString(), "PGPORT", Integer.toString(port), "PGUSER", "postgres"),
                "stream", "-s", start, "-e", end, "-z");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Total"), r.out());
        onlyWalprismLines(r);
    }

    @Test
    void looksNamesUpOverTheSocket() throws Exception {
        Path wal = TestData.capture("15/vacuum_indexed").walDir();
        Run r = walprism(Map.of(), "stats", "--by", "relation", "--dbname", "host=" + dir + " port=" + port
                + " user=postgres dbname=postgres", wal.toString());
        assertEquals(0, r.exit(), r.err());
        onlyWalprismLines(r);
    }

    @Test
    void aSocketNoServerListensOnIsOneLineExit3() throws Exception {
        Run r = walprism(Map.of(), "stream", "-d", "host=" + dir + " port=1 user=postgres", "-s", start, "-e", end,
                "-z");
        assertEquals(3, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("socket \"" + dir + "/.s.PGSQL.1\""), r.err());
        onlyWalprismLines(r);
    }
}
