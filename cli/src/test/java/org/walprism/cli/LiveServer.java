package org.walprism.cli;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL server started by a test, as the capture tool runs one (testdata/capture): the server binaries of
 * the cache ({@code /var/cache/walprism/pg/<version>/bin}, zonky's builds from Maven Central, unpacked by
 * prereqs.sh) or Debian's postgresql-15, run as the unprivileged capture user when the test runs as root
 * (initdb refuses root). 1 MiB segments, {@code wal_level=replica}, walsenders, loopback only; the WAL is kept
 * ({@code wal_keep_size}) so that it can be read from {@code pg_wal} after a test. A test is skipped (with the
 * reason) only when no server can be started.
 */
final class LiveServer implements AutoCloseable {
    private static final String USER = System.getenv().getOrDefault("WALPRISM_CAPTURE_USER", "walprism");

    final Path bin;
    final Path dir;
    final Path data;
    final int port;
    private final boolean asUser;

    private LiveServer(Path bin, Path dir, int port, boolean asUser) {
        this.bin = bin;
        this.dir = dir;
        this.data = dir.resolve("data");
        this.port = port;
        this.asUser = asUser;
    }

    /**
     * Server binaries: {@code WALPRISM_TEST_PG_BIN}, else the first of the cache's 17, 18, 16 and Debian's 15 whose
     * major has a pg_waldump here (the oracle of --follow), else the first there is.
     */
    static Path binaries() throws IOException {
        String env = System.getenv("WALPRISM_TEST_PG_BIN");
        if (env != null) {
            return Path.of(env);
        }
        List<Path> found = new ArrayList<>();
        Path cache = Path.of(System.getenv().getOrDefault("WALPRISM_CACHE", "/var/cache/walprism"), "pg");
        for (String major : List.of("17.", "18.", "16.")) {
            if (Files.isDirectory(cache)) {
                try (Stream<Path> s = Files.list(cache)) {
                    s.filter(p -> p.getFileName().toString().startsWith(major)).map(p -> p.resolve("bin"))
                            .filter(p -> Files.isExecutable(p.resolve("postgres"))).max(Comparator.naturalOrder())
                            .ifPresent(found::add);
                }
            }
        }
        Path debian = Path.of("/usr/lib/postgresql/15/bin");
        if (Files.isExecutable(debian.resolve("postgres"))) {
            found.add(debian);
        }
        for (Path b : found) {
            if (LiveWalTest.pgWaldump(major(b)) != null) {
                return b;
            }
        }
        return found.isEmpty() ? debian : found.get(0);
    }

    /** The major of server binaries {@code bin} ({@code .../17.7.0/bin}, {@code .../postgresql/15/bin}). */
    static int major(Path bin) {
        String v = bin.getParent().getFileName().toString();
        return Integer.parseInt(v.contains(".") ? v.substring(0, v.indexOf('.')) : v);
    }

    /** initdb and start; the test is skipped when that cannot be done here. */
    static LiveServer start(String... settings) throws Exception {
        Path bin = binaries();
        Assumptions.assumeTrue(Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("pg_ctl")),
                "no PostgreSQL server binaries (testdata/capture/prereqs.sh --zonky 17.7.0 or postgresql-15)");
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            Assumptions.assumeTrue(run(List.of("id", "-u", USER), 1).exit == 0, "no unprivileged user " + USER
                    + " to run the server as (initdb refuses root; testdata/capture/prereqs.sh creates it)");
        }
        Path dir = Files.createTempDirectory("walprism-live");
        if (root) {
            run(List.of("chown", USER, dir.toString()), 1);
        }
        dir.toFile().setReadable(true, false);
        dir.toFile().setExecutable(true, false);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        LiveServer srv = new LiveServer(bin, dir, port, root);
        Run init = srv.asServerUser(List.of(bin.resolve("initdb").toString(), "-D", srv.data.toString(), "-U",
                "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync", "--wal-segsize=1"));
        Assumptions.assumeTrue(init.exit == 0, "initdb failed here: " + init.out);
        List<String> conf = new ArrayList<>(List.of("listen_addresses = '127.0.0.1'", "port = " + port,
                "unix_socket_directories = '" + dir + "'", "wal_level = replica", "max_wal_senders = 8",
                "max_replication_slots = 8", "wal_keep_size = '1GB'", "fsync = off", "autovacuum = off"));
        conf.addAll(List.of(settings));
        srv.asServerUser(List.of("sh", "-c", "cat >> '" + srv.data.resolve("postgresql.conf") + "'"),
                String.join("\n", conf) + "\n");
        Run st = srv.pgCtl("start");
        if (st.exit != 0) {
            String log = Files.exists(dir.resolve("server.log")) ? Files.readString(dir.resolve("server.log")) : "";
            srv.close();
            Assumptions.abort("the server did not start: " + st.out + log);
        }
        return srv;
    }

    Run pgCtl(String what, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l",
                dir.resolve("server.log").toString(), "-w", "-t", "60", what));
        cmd.addAll(List.of(more));
        return asServerUser(cmd);
    }

    /** Stops the server: {@code mode} fast or immediate (a crash). */
    void stop(String mode) throws Exception {
        Run r = pgCtl("stop", "-m", mode);
        if (r.exit != 0) {
            throw new IllegalStateException("pg_ctl stop: " + r.out);
        }
    }

    void startAgain() throws Exception {
        Run r = pgCtl("start");
        if (r.exit != 0) {
            throw new IllegalStateException("pg_ctl start: " + r.out + Files.readString(dir.resolve("server.log")));
        }
    }

    /** Gives {@code file} (made by the test) to the server's user. */
    void own(Path file) throws Exception {
        if (asUser) {
            run(List.of("chown", USER, file.toString()), 1);
        }
    }

    /** Puts {@code lines} first in pg_hba.conf (the first matching line wins) and reloads. */
    void hbaFirst(String... lines) throws Exception {
        Path hba = data.resolve("pg_hba.conf");
        Files.writeString(hba, String.join("\n", lines) + "\n" + Files.readString(hba));
        sql("select pg_reload_conf()");
    }

    Path pgWal() {
        return data.resolve("pg_wal");
    }

    /** A connection conninfo for walprism stream. */
    String conninfo() {
        return "host=127.0.0.1 port=" + port + " user=postgres dbname=postgres";
    }

    Connection connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres", p);
    }

    /** Runs {@code sql} statements one by one (autocommit: VACUUM may be among them). */
    void sql(String... sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    /** The first column of the first row of {@code sql}. */
    String query(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getString(1);
        }
    }

    private Run asServerUser(List<String> cmd) throws Exception {
        return asServerUser(cmd, null);
    }

    private Run asServerUser(List<String> cmd, String stdin) throws Exception {
        List<String> c = new ArrayList<>();
        if (asUser) {
            c.addAll(List.of("runuser", "-u", USER, "--"));
        }
        c.addAll(cmd);
        return run(c, 2, stdin);
    }

    record Run(int exit, String out) {
    }

    static Run run(List<String> cmd, int minutes) throws Exception {
        return run(cmd, minutes, null);
    }

    static Run run(List<String> cmd, int minutes, String stdin) throws Exception {
        Path log = Files.createTempFile("walprism-live", ".log");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            Process p = pb.start();
            try (var in = p.getOutputStream()) {
                if (stdin != null) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                }
            }
            if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return new Run(-1, cmd + " timed out");
            }
            return new Run(p.exitValue(), Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    @Override
    public void close() throws Exception {
        if (Files.exists(data.resolve("postmaster.pid"))) {
            pgCtl("stop", "-m", "immediate");
        }
        run(List.of("rm", "-rf", dir.toString()), 1);
    }
}
