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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.walprism.analyzer.relmap.ServerRelationMap;
import org.walprism.testdata.TestData;

/**
 * Relation names against a live server (testdata/capture/server.sh: Debian's PostgreSQL 15): a range with TRUNCATE,
 * VACUUM FULL, CLUSTER, CREATE TABLE and a second database; every file of the range that still exists at the end
 * must carry the name, and roll up under the table, that the server itself gives it ({@code pg_filenode_relation},
 * {@code pg_index}, {@code reltoastrelid}), both from a relation map taken before the range (names followed through
 * the WAL) and from {@code --dbname} (looked up on the server after the range, per database of the range).
 */
class LiveNamesTest {
    private static Path dir;
    private static int port;
    private static String start;
    private static String end;
    private static Path relmapBefore;

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
        dir = Path.of("/var/tmp").resolve("walprism-names-" + ProcessHandle.current().pid());
        port = Integer.parseInt(server("start"));
        try (Connection c = connect("postgres")) {
            exec(c, "CREATE DATABASE other",
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
        // the relation map of both databases before the range, written as testdata/capture/relmap.sql writes it
        relmapBefore = dir.resolve("relmap-before.csv");
        StringBuilder csv = new StringBuilder();
        for (String db : List.of("postgres", "other")) {
            try (Connection c = connect(db); PreparedStatement st = c.prepareStatement(ServerRelationMap.QUERY);
                 ResultSet rs = st.executeQuery()) {
                csv.append("reltablespace,reldatabase,relfilenode,oid,relation,kind,parent,database\n");
                while (rs.next()) {
                    for (int i = 1; i <= 8; i++) {
                        String v = rs.getString(i);
                        csv.append(i > 1 ? "," : "").append(v == null ? "" : v);
                    }
                    csv.append('\n');
                }
            }
        }
        Files.writeString(relmapBefore, csv);
        try (Connection c = connect("postgres")) {
            start = one(c, "SELECT pg_current_wal_insert_lsn()");
            exec(c, "INSERT INTO t1 SELECT g, repeat(md5(g::text), 100) FROM generate_series(301, 400) g",
                    "TRUNCATE t2",
                    "INSERT INTO t2 SELECT g, g FROM generate_series(1, 500) g",
                    "UPDATE t1 SET pad = pad || 'x' WHERE id % 4 = 0",
                    "VACUUM FULL t1",
                    "CLUSTER t3 USING t3_pkey",
                    "CREATE TABLE t4(id int PRIMARY KEY, pad text)",
                    "INSERT INTO t4 SELECT g, repeat('y', 3000) FROM generate_series(1, 50) g",
                    "DELETE FROM t3 WHERE id % 3 = 0",
                    "VACUUM t3");
        }
        try (Connection c = connect("other")) {
            exec(c, "UPDATE o1 SET v = v + 1 WHERE id % 2 = 0", "VACUUM o1");
        }
        try (Connection c = connect("postgres")) {
            end = one(c, "SELECT pg_current_wal_insert_lsn()");
            one(c, "SELECT pg_switch_wal()");
        }
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (dir != null && Files.exists(dir)) {
            server("stop");
        }
    }

    /** What the server calls file {@code spc/db/rel} now, and the table it belongs to; null when it is gone. */
    private static String[] serverName(Map<Long, String> databases, long spc, long db, long rel) throws SQLException {
        String dbName = databases.get(db == 0 ? oidOf("postgres") : db);
        try (Connection c = connect(dbName); PreparedStatement st = c.prepareStatement(
                "SELECT r.oid, n.nspname || '.' || r.relname, r.relkind FROM pg_class r JOIN pg_namespace n "
                        + "ON n.oid = r.relnamespace WHERE r.oid = pg_filenode_relation(CASE WHEN ? = "
                        + "(SELECT dattablespace FROM pg_database WHERE datname = current_database()) THEN 0 "
                        + "ELSE ? END, ?)")) {
            st.setLong(1, spc);
            st.setLong(2, spc);
            st.setLong(3, rel);
            try (ResultSet rs = st.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                long oid = rs.getLong(1);
                String name = rs.getString(2);
                long table = oid;
                for (int i = 0; i < 3; i++) {
                    String up = one(c, "SELECT coalesce((SELECT indrelid FROM pg_index WHERE indexrelid = " + table
                            + "), (SELECT oid FROM pg_class WHERE reltoastrelid = " + table + "), 0)");
                    if (Long.parseLong(up) == 0) {
                        break;
                    }
                    table = Long.parseLong(up);
                }
                return new String[] {name, one(c, "SELECT n.nspname || '.' || r.relname FROM pg_class r JOIN "
                        + "pg_namespace n ON n.oid = r.relnamespace WHERE r.oid = " + table)};
            }
        }
    }

    private static long oidOf(String db) throws SQLException {
        try (Connection c = connect("postgres")) {
            return Long.parseLong(one(c, "SELECT oid FROM pg_database WHERE datname = '" + db + "'"));
        }
    }

    /** The {@code relation} rows of {@code stats --categories --format csv}: file -> metric -> value. */
    private static Map<String, Map<String, String>> relations(String csv) {
        Map<String, Map<String, String>> m = new LinkedHashMap<>();
        for (String line : csv.split("\n")) {
            String[] f = line.split(",", 4);
            if (f[0].equals("relation")) {
                String file = f[1].substring(0, f[1].lastIndexOf(':'));
                m.computeIfAbsent(file, k -> new HashMap<>()).put(f[2], f[3]);
            }
        }
        return m;
    }

    private static int checkNames(String... names) throws SQLException {
        CliRun.Result r = CliRun.run(concat(new String[] {"stats", "--categories",
            "--format", "csv", "-p", dir.resolve("data/pg_wal").toString(), "-s", start, "-e", end}, names));
        assertEquals(0, r.code(), r.err());
        Map<Long, String> databases = new HashMap<>();
        try (Connection c = connect("postgres"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT oid, datname FROM pg_database WHERE datallowconn")) {
            while (rs.next()) {
                databases.put(rs.getLong(1), rs.getString(2));
            }
        }
        int checked = 0;
        List<String> seen = new ArrayList<>();
        for (Map.Entry<String, Map<String, String>> e : relations(r.out()).entrySet()) {
            String[] f = e.getKey().split("/");
            String[] truth = serverName(databases, Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]));
            if (truth == null) {
                continue;  // dropped inside the range: the server no longer names it
            }
            assertEquals(truth[0], e.getValue().get("name"), e.getKey() + " in " + String.join(" ", names)
                    + "\n" + r.err());
            assertEquals(truth[1], e.getValue().get("table"), e.getKey() + " table");
            seen.add(truth[0]);
            checked++;
        }
        for (String n : List.of("public.t1", "public.t1_pkey", "public.t2", "public.t3", "public.t3_pkey",
                "public.t4", "public.o1", "public.o1_pkey")) {
            assertTrue(seen.contains(n), n + " not among the files of the range: " + seen);
        }
        assertTrue(seen.stream().anyMatch(n -> n.startsWith("pg_toast.")), "a TOAST file: " + seen);
        return checked;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aMapTakenBeforeTheRangeFollowsNewFilesThroughTheWal() throws Exception {
        checkNames("--relmap", relmapBefore.toString());
        checkNames("--relmap", relmapBefore.toString(), "-j", "1");
    }

    @Test
    void dbnameNamesEveryDatabaseOfTheRangeFromTheServer() throws Exception {
        checkNames("--dbname", "host=127.0.0.1 port=" + port + " user=postgres dbname=postgres");
        checkNames("--dbname", "postgresql://postgres@127.0.0.1:" + port + "/postgres");
    }

    @Test
    void vacuumsNamesItsRunsFromTheServer() {
        CliRun.Result r = CliRun.run("vacuums", "-p", dir.resolve("data/pg_wal").toString(),
                "-s", start, "-e", end, "--dbname", "host=127.0.0.1 port=" + port + " user=postgres");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("public.t3") && r.out().contains("public.o1"), r.out());
    }

    @Test
    void dbnameOnAServerThatIsNotThereIsOneLine() {
        CliRun.Result r = CliRun.run("stats", "--categories", "-p",
                dir.resolve("data/pg_wal").toString(), "-s", start, "-e", end, "--dbname",
                "host=127.0.0.1 port=1 user=postgres connect_timeout=2");
        assertEquals(ExitCode.INPUT.code(), r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("walprism: error: --dbname: could not look relation names up in database "
                + "postgres on postgres@127.0.0.1:1: "), r.err());
    }
}
