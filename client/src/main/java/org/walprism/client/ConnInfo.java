package org.walprism.client;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.postgresql.PGProperty;

/**
 * Where and how to connect, as libpq takes it: a connection string ({@code "host=h port=5432 user=u sslmode=require"}
 * or {@code postgresql://u@h:5432/db?sslmode=require}), pg_receivewal's {@code -h -p -U}, and libpq's environment
 * ({@code PGHOST}, {@code PGPORT}, {@code PGUSER}, {@code PGPASSWORD}, {@code PGSSLMODE}, ...), parsed by
 * {@link ConnectionString}. A password reaches pgjdbc (which also reads {@code ~/.pgpass}) and is never printed:
 * {@link #where()} names host and port only. The one home of libpq's connection parameters in walprism: the
 * replication client and the relation-name lookup ({@code --dbname}) both read them here.
 */
public final class ConnInfo {
    private static final Map<String, String> ENV = Map.of("host", "PGHOST", "port", "PGPORT", "user", "PGUSER",
            "password", "PGPASSWORD", "dbname", "PGDATABASE", "sslmode", "PGSSLMODE", "sslrootcert", "PGSSLROOTCERT",
            "sslcert", "PGSSLCERT", "sslkey", "PGSSLKEY", "connect_timeout", "PGCONNECT_TIMEOUT");

    private final Map<String, String> values;

    private ConnInfo(Map<String, String> values) {
        this.values = values;
    }

    /**
     * The parameters of {@code conninfo} (key=value pairs, a {@code postgresql://} URI, a {@code jdbc:postgresql://}
     * URL or a bare database name: {@link ConnectionString}), completed from libpq's variables in {@code env}
     * ({@code PGHOST}, {@code PGPORT}, {@code PGUSER}, {@code PGPASSWORD}, {@code PGDATABASE}, {@code PGSSLMODE}, ...)
     * for the keys it leaves out.
     *
     * @param conninfo a connection string or URI, or null (the environment alone)
     * @throws ConnectionString.InvalidException when it does not parse (nothing of it is quoted)
     */
    public static Map<String, String> parameters(String conninfo, Map<String, String> env) {
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
        return v;
    }

    /**
     * Where and how to connect, pg_receivewal's way: {@code conninfo}, then {@code -h -p -U}, over libpq's variables.
     *
     * @param conninfo {@code -d}: a connection string or URI, or null
     * @param host     {@code -h}, or null; {@code port} {@code -p}, {@code user} {@code -U}: each null when not given
     * @param env      the environment (libpq's variables are defaults)
     * @throws ConnectionString.InvalidException when {@code conninfo} does not parse
     * @throws IllegalArgumentException          when the host or port cannot be a server's (the message says which)
     */
    public static ConnInfo of(String conninfo, String host, Integer port, String user, Map<String, String> env) {
        Map<String, String> v = parameters(conninfo, env);
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
        PgEndpoint.of(v.get("host"), v.get("port"));
        return new ConnInfo(v);
    }

    /**
     * Where the server listens: the host (or Unix-socket directory) and port; with no host, libpq's default socket
     * ({@link PgEndpoint}).
     */
    public PgEndpoint endpoint() {
        return PgEndpoint.of(values.get("host"), values.get("port"));
    }

    /** {@code host:port} or the socket, for messages (never the password). */
    public String where() {
        return endpoint().where();
    }

    /** The JDBC URL (host, port, database: {@code replication} connections need no database). */
    public String url() {
        return endpoint().url(values.getOrDefault("dbname", "postgres"));
    }

    /** pgjdbc's properties for the rest: user, password, TLS (libpq's sslmode names), timeouts, name. */
    public Properties properties() {
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
