package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.TestData;

/**
 * {@code walprism sql --dbname} against a live server (testdata/capture/server.sh: Debian's PostgreSQL 15), whose
 * few databases' maps are loaded before the pass that fills the tables and followed in it: a range with TRUNCATE,
 * VACUUM FULL, CLUSTER, CREATE TABLE and a second database. Every file of {@code wal_blocks} that still exists at
 * the end carries the name the server gives it ({@code pg_filenode_relation}); a database of the range the server
 * no longer has is one notice.
 */
class SqlLiveNamesTest {
    private static Path dir;
    private static int port;
    private static String start;
    private static String end;

    private static Connection connect(String db) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/" + db, p);
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

    private static void exec(Connection c, String... sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            for (String s : sql) {
                st.execute(s);
            }
        }
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @BeforeAll
    static void startServerAndRunWorkload() throws Exception {
        dir = Path.of("/var/tmp").resolve("walprism-sql-names-" + ProcessHandle.current().pid());
        port = Integer.parseInt(server("start"));
        try (Connection c = connect("postgres")) {
            exec(c, "CREATE DATABASE other", "CREATE DATABASE gone",
                    "CREATE TABLE t1(id int PRIMARY KEY, pad text)",
                    "ALTER TABLE t1 ALTER pad SET STORAGE EXTERNAL",
                    "INSERT INTO t1 SELECT g, repeat(md5(g::text), 100) FROM generate_series(1, 300) g",
                    "CREATE TABLE t2(id int PRIMARY KEY, v int)",
                    "INSERT INTO t2 SELECT g, g FROM generate_series(1, 2000) g",
                    "CREATE TABLE t3(id int PRIMARY KEY, v int)",
                    "INSERT INTO t3 SELECT g, g FROM generate_series(1, 2000) g");
        }
        try (Connection c = connect("other")) {
            exec(c, "CREATE TABLE o1(id int PRIMARY KEY, v int)",
                    "INSERT INTO o1 SELECT g, g FROM generate_series(1, 1000) g");
        }
        try (Connection c = connect("postgres")) {
            start = one(c, "SELECT pg_current_wal_insert_lsn()");
            exec(c, "INSERT INTO t1 SELECT g, repeat(md5(g::text), 100) FROM generate_series(301, 400) g",
                    "TRUNCATE t2",
                    "INSERT INTO t2 SELECT g, g FROM generate_series(1, 500) g",
                    "UPDATE t1 SET pad = pad || 'x' WHERE id % 4 = 0",
                    "VACUUM FULL t1",
                    "CLUSTER t3 USING t3_pkey",
                    "CREATE TABLE t4(id int PRIMARY KEY, pad text)",
                    "INSERT INTO t4 SELECT g, repeat('y', 3000) FROM generate_series(1, 50) g");
        }
        try (Connection c = connect("other")) {
            // no VACUUM: its in-place pg_class updates would name o1 from the WAL; only the server's map does
            exec(c, "UPDATE o1 SET v = v + 1 WHERE id % 2 = 0");
        }
        try (Connection c = connect("gone")) {
            exec(c, "CREATE TABLE g1(id int)", "INSERT INTO g1 SELECT generate_series(1, 100)");
        }
        try (Connection c = connect("postgres")) {
            end = one(c, "SELECT pg_current_wal_insert_lsn()");
            one(c, "SELECT pg_switch_wal()");
            // a database of the range that the server does not have at the end
            exec(c, "DROP DATABASE gone");
        }
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (dir != null && Files.exists(dir)) {
            server("stop");
        }
    }

    /** What the server calls file {@code rel} of database {@code db} now; null when it is gone. */
    private static String serverName(String dbName, long spc, long rel) throws SQLException {
        try (Connection c = connect(dbName); PreparedStatement st = c.prepareStatement(
                "SELECT n.nspname || '.' || r.relname FROM pg_class r JOIN pg_namespace n "
                        + "ON n.oid = r.relnamespace WHERE r.oid = pg_filenode_relation(CASE WHEN ? = "
                        + "(SELECT dattablespace FROM pg_database WHERE datname = current_database()) THEN 0 "
                        + "ELSE ? END, ?)")) {
            st.setLong(1, spc);
            st.setLong(2, spc);
            st.setLong(3, rel);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private static SqlCommandTest.Result names() {
        return SqlCommandTest.run("sql", "-p", dir.resolve("data/pg_wal").toString(), "-s", start,
                "-e", end, "--dbname", "host=127.0.0.1 port=" + port + " user=postgres dbname=postgres", "--format",
                "csv", "SELECT DISTINCT reltablespace, reldatabase, relfilenode, relation FROM wal_blocks "
                        + "WHERE relfilenode >= 16384 ORDER BY ALL");
    }

    @Test
    void dbnameNamesTheFilesOfEveryDatabaseInTheLoadPass() throws Exception {
        SqlCommandTest.Result r = names();
        assertEquals(0, r.code(), r.err());
        checkAgainstTheServer(r);
        // a server of more databases than SqlInput.ALL_DATABASES: the range's databases are found by a pass of their
        // own, then only theirs are loaded; the same names and the same notice
        try (Connection c = connect("postgres")) {
            for (int i = 0; i < SqlInput.ALL_DATABASES; i++) {
                exec(c, "CREATE DATABASE more" + i);
            }
        }
        SqlCommandTest.Result two = names();
        assertEquals(0, two.code(), two.err());
        assertEquals(r.out(), two.out());
        assertEquals(r.err().lines().sorted().toList(), two.err().lines().sorted().toList());
    }

    private static void checkAgainstTheServer(SqlCommandTest.Result r) throws Exception {
        java.util.Map<Long, String> databases = new java.util.HashMap<>();
        try (Connection c = connect("postgres"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT oid, datname FROM pg_database WHERE datallowconn")) {
            while (rs.next()) {
                databases.put(rs.getLong(1), rs.getString(2));
            }
        }
        List<String> seen = new ArrayList<>();
        List<String> lines = r.out().lines().toList();
        for (String l : lines.subList(1, lines.size())) {
            List<String> f = SqlExamplesTest.csvFields(l);
            String db = databases.get(Long.parseLong(f.get(1)));
            if (db == null) {
                continue;  // the dropped database
            }
            String truth = serverName(db, Long.parseLong(f.get(0)), Long.parseLong(f.get(2)));
            if (truth == null) {
                continue;  // dropped inside the range: the server no longer names it
            }
            assertEquals(truth, f.get(3), l);
            seen.add(truth);
        }
        for (String n : List.of("public.t1", "public.t1_pkey", "public.t2", "public.t3", "public.t3_pkey",
                "public.t4", "public.o1", "public.o1_pkey")) {
            assertTrue(seen.contains(n), n + " not among the files of the range: " + seen);
        }
        assertTrue(seen.stream().anyMatch(n -> n.startsWith("pg_toast.")), "a TOAST file: " + seen);
        // the dropped database is said once, as before the names were followed in the load pass
        assertEquals(1, r.err().lines().filter(l -> l.contains("--dbname: the server has no database")).count(),
                r.err());
    }
}
