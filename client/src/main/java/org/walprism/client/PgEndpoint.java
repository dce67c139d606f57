package org.walprism.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Where a PostgreSQL server listens, as libpq reads {@code host} and {@code port}: a host name or address (TCP), or a
 * Unix-domain socket directory (a {@code host} that starts with {@code /}), whose socket is
 * {@code DIR/.s.PGSQL.PORT} (libpq's {@code UNIXSOCK_PATH}). With no host at all, libpq's default applies: the
 * socket in {@code /var/run/postgresql} (the directory Debian's and Red Hat's PostgreSQL use) or in {@code /tmp}
 * (PostgreSQL's own {@code DEFAULT_PGSOCKET_DIR}), the first of them that exists. pgjdbc reaches a socket through
 * junixsocket's socket factory ({@code socketFactory}, {@code socketFactoryArg}).
 */
public final class PgEndpoint {
    /** Socket directories tried, in order, when no host is given. */
    static final List<String> DEFAULT_SOCKET_DIRS = List.of("/var/run/postgresql", "/tmp");
    /** junixsocket's factory for pgjdbc: its argument is the socket file. */
    static final String SOCKET_FACTORY = "org.newsclub.net.unix.AFUNIXSocketFactory$FactoryArg";

    /** Kept: java.util.logging holds loggers weakly, and a collected one would log to stderr again. */
    private static final Logger PGJDBC_LOG = Logger.getLogger("org.postgresql");

    private final String host;
    private final String port;
    private final Path socket;

    private PgEndpoint(String host, String port, Path socket) {
        this.host = host;
        this.port = port;
        this.socket = socket;
    }

    /**
     * The endpoint of {@code host} (null or empty: libpq's default socket) and {@code port} (null: 5432).
     *
     * @throws IllegalArgumentException for an abstract-namespace socket ({@code @name}), which junixsocket's pgjdbc
     *                                  factory does not take
     */
    public static PgEndpoint of(String host, String port) {
        String p = port == null || port.isEmpty() ? "5432" : port;
        if (host == null || host.isEmpty()) {
            for (String dir : DEFAULT_SOCKET_DIRS) {
                Path s = Path.of(dir, ".s.PGSQL." + p);
                if (Files.exists(s)) {
                    return new PgEndpoint(dir, p, s);
                }
            }
            return new PgEndpoint(DEFAULT_SOCKET_DIRS.get(0), p, Path.of(DEFAULT_SOCKET_DIRS.get(0), ".s.PGSQL." + p));
        }
        if (host.startsWith("@")) {
            throw new IllegalArgumentException("host " + host + " is an abstract Unix-domain socket, which walprism "
                    + "cannot reach (give the socket directory or the server's address)");
        }
        if (host.startsWith("/")) {
            return new PgEndpoint(host, p, Path.of(host, ".s.PGSQL." + p));
        }
        return new PgEndpoint(host, p, null);
    }

    /** Whether the server is reached through a Unix-domain socket. */
    public boolean isSocket() {
        return socket != null;
    }

    /** The host (or socket directory) and port, as libpq names them in messages. */
    public String where() {
        return socket != null ? "socket \"" + socket + "\"" : host + ":" + port;
    }

    /** The host or socket directory. */
    public String host() {
        return host;
    }

    /** The port. */
    public String port() {
        return port;
    }

    /**
     * The JDBC URL of database {@code db} (already URL-encoded; empty: none). For a socket the URL's host only
     * satisfies the URL syntax: the socket factory connects to the socket file.
     */
    public String url(String db) {
        String h = socket != null ? "localhost" : host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return "jdbc:postgresql://" + h + ":" + port + "/" + db;
    }

    /** Sets pgjdbc's properties for this endpoint: the socket factory for a socket, nothing for TCP. */
    public void configure(Properties p) {
        quietPgjdbc();
        if (socket != null) {
            p.setProperty("socketFactory", SOCKET_FACTORY);
            p.setProperty("socketFactoryArg", socket.toString());
            // no TLS over a local socket: libpq does not try it there either
            p.setProperty("sslmode", "disable");
        }
    }

    /**
     * pgjdbc's java.util.logging off: it would print its own warnings (a failed connection attempt) on stderr
     * beside walprism's one line; the failure reaches walprism as an SQLException and is reported once.
     */
    public static void quietPgjdbc() {
        PGJDBC_LOG.setLevel(Level.OFF);
        PGJDBC_LOG.setUseParentHandlers(false);
    }
}
