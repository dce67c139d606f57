package org.walprism.cli;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.postgresql.PGProperty;
import org.walprism.analyzer.relmap.ConnectionString;
import org.walprism.analyzer.relmap.PgEndpoint;

/**
 * Where and how to connect, as libpq takes it: a connection string ({@code "host=h port=5432 user=u sslmode=require"}
 * or {@code postgresql://u@h:5432/db?sslmode=require}), pg_receivewal's {@code -h -p -U}, and libpq's environment
 * ({@code PGHOST}, {@code PGPORT}, {@code PGUSER}, {@code PGPASSWORD}, {@code PGSSLMODE}, ...), parsed by
 * {@link ConnectionString} as {@code --dbname} is. A password reaches
 * pgjdbc (which also reads {@code ~/.pgpass}) and is never printed: {@link #where()} names host and port only.
 */
final class ConnInfo {
    private static final Map<String, String> ENV = Map.of("host", "PGHOST", "port", "PGPORT", "user", "PGUSER",
            "password", "PGPASSWORD", "dbname", "PGDATABASE", "sslmode", "PGSSLMODE", "sslrootcert", "PGSSLROOTCERT",
            "sslcert", "PGSSLCERT", "sslkey", "PGSSLKEY", "connect_timeout", "PGCONNECT_TIMEOUT");

    private final Map<String, String> values;

    private ConnInfo(Map<String, String> values) {
        this.values = values;
    }

    /**
     * @param conninfo {@code -d}: a connection string or URI, or null
     * @param env      the environment (libpq's variables are defaults)
     */
    static ConnInfo of(String conninfo, String host, Integer port, String user, Map<String, String> env) {
        Map<String, String> v = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : ENV.entrySet()) {
            String x = env.get(e.getValue());
            if (x != null && !x.isEmpty()) {
                v.put(e.getKey(), x);
            }
        }
        if (conninfo != null) {
            v.putAll(ConnectionString.parse(conninfo));
        }
        if (host != null) {
            v.put("host", host);
        }
        if (port != null) {
            v.put("port", Integer.toString(port));
        }
        if (user != null) {
            v.put("user", user);
        }
        v.putIfAbsent("port", "5432");
        v.putIfAbsent("user", System.getProperty("user.name"));
        try {
            PgEndpoint.of(v.get("host"), v.get("port"));
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(e.getMessage());
        }
        return new ConnInfo(v);
    }

    /**
     * Where the server listens: the host (or Unix-socket directory) and port; with no host, libpq's default socket
     * ({@link PgEndpoint}).
     */
    PgEndpoint endpoint() {
        return PgEndpoint.of(values.get("host"), values.get("port"));
    }

    /** {@code host:port} or the socket, for messages (never the password). */
    String where() {
        return endpoint().where();
    }

    /** The JDBC URL (host, port, database: {@code replication} connections need no database). */
    String url() {
        return endpoint().url(values.getOrDefault("dbname", "postgres"));
    }

    /** pgjdbc's properties for the rest: user, password, TLS (libpq's sslmode names), timeouts, name. */
    Properties properties() {
        Properties p = new Properties();
        PGProperty.USER.set(p, values.get("user"));
        if (values.containsKey("password")) {
            PGProperty.PASSWORD.set(p, values.get("password"));
        }
        String ssl = values.getOrDefault("sslmode", "prefer").toLowerCase(Locale.ROOT);
        PGProperty.SSL_MODE.set(p, ssl);
        copy(p, "sslrootcert", PGProperty.SSL_ROOT_CERT);
        copy(p, "sslcert", PGProperty.SSL_CERT);
        copy(p, "sslkey", PGProperty.SSL_KEY);
        copy(p, "connect_timeout", PGProperty.CONNECT_TIMEOUT);
        PGProperty.APPLICATION_NAME.set(p, values.getOrDefault("application_name", "walprism"));
        endpoint().configure(p);
        return p;
    }

    private void copy(Properties p, String key, PGProperty to) {
        if (values.containsKey(key)) {
            to.set(p, values.get(key));
        }
    }
}
