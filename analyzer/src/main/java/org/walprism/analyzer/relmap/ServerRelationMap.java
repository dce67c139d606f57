package org.walprism.analyzer.relmap;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import org.walprism.client.ConnInfo;
import org.walprism.client.PgEndpoint;

/**
 * Relation names looked up on a live server with pgjdbc: the query of testdata/capture/relmap.sql ({@link #QUERY}),
 * run in the database the connection string names and in every other database the range touches, into a
 * {@link RelationMap} exactly as {@code --relmap} would load the files that query writes.
 *
 * <p>The connection string is what libpq takes: {@code key=value} pairs ({@code host}, {@code port},
 * {@code dbname}, {@code user}, {@code password}, {@code sslmode}, ...), a {@code postgresql://} URI, a
 * {@code jdbc:postgresql://} URL, or a bare database name; PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE give
 * what it leaves out, as for psql. A host that is a directory is a Unix-domain socket's, and no host at all is
 * libpq's default socket ({@link PgEndpoint}).
 */
public final class ServerRelationMap {
    /** The query of testdata/capture/relmap.sql, without its {@code \copy}. */
    public static final String QUERY = "SELECT CASE WHEN c.reltablespace = 0 THEN d.dattablespace ELSE "
            + "c.reltablespace END AS reltablespace, CASE WHEN c.relisshared THEN 0 ELSE d.oid END AS reldatabase, "
            + "pg_relation_filenode(c.oid) AS relfilenode, c.oid, n.nspname || '.' || c.relname AS relation, "
            + "c.relkind AS kind, pn.nspname || '.' || p.relname AS parent, d.datname AS database FROM pg_class c "
            + "JOIN pg_namespace n ON n.oid = c.relnamespace CROSS JOIN (SELECT oid, datname, dattablespace FROM "
            + "pg_database WHERE datname = current_database()) d LEFT JOIN pg_index i ON i.indexrelid = c.oid "
            + "LEFT JOIN pg_class t ON c.relkind = 't' AND t.reltoastrelid = c.oid LEFT JOIN pg_class p ON p.oid = "
            + "coalesce(i.indrelid, t.oid) LEFT JOIN pg_namespace pn ON pn.oid = p.relnamespace WHERE "
            + "pg_relation_filenode(c.oid) IS NOT NULL ORDER BY 1, 2, 3";

    private final String baseUrl;
    private final Properties props;
    private final String label;
    private final String firstDb;
    private final Map<Long, String> databases = new TreeMap<>();
    private final Set<Long> loadedDbs = new HashSet<>();
    private final RelationMap map = RelationMap.empty();

    private ServerRelationMap(String baseUrl, String firstDb, Properties props, String label) {
        this.baseUrl = baseUrl;
        this.firstDb = firstDb;
        this.props = props;
        this.label = label;
    }

    /**
     * Connects to the server {@code conninfo} names and loads the relations of its database (and the shared
     * catalogs).
     *
     * @throws IOException when the server cannot be reached or the query fails (the message says why)
     */
    public static ServerRelationMap connect(String conninfo, Map<String, String> env) throws IOException {
        Map<String, String> kv = parse(conninfo, env);
        PgEndpoint at;
        try {
            at = PgEndpoint.of(kv.get("host"), kv.get("port"));
        } catch (IllegalArgumentException e) {
            throw new IOException("--dbname: " + e.getMessage());
        }
        Properties p = new Properties();
        String user = kv.getOrDefault("user", System.getProperty("user.name"));
        p.setProperty("user", user);
        if (kv.containsKey("password")) {
            p.setProperty("password", kv.get("password"));
        }
        p.setProperty("sslmode", kv.getOrDefault("sslmode", "prefer"));
        p.setProperty("connectTimeout", kv.getOrDefault("connect_timeout", "10"));
        p.setProperty("ApplicationName", "walprism");
        p.setProperty("readOnly", "true");
        String db = kv.getOrDefault("dbname", user);
        at.configure(p);
        ServerRelationMap s = new ServerRelationMap(at.url(""), db, p, user + "@" + (at.isSocket() ? at.where()
                : at.host() + ":" + at.port()));
        s.loadFirst();
        return s;
    }

    /** The relations loaded so far. */
    public RelationMap map() {
        return map;
    }

    /** Database OIDs to names, of the databases that accept connections. */
    public Map<Long, String> databases() {
        return databases;
    }

    private void loadFirst() throws IOException {
        try (Connection c = open(firstDb)) {
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT oid, datname FROM pg_database WHERE datallowconn")) {
                while (rs.next()) {
                    databases.put(rs.getLong(1), rs.getString(2));
                }
            }
            loadedDbs.add(query(c));
        } catch (SQLException e) {
            throw failure(firstDb, e);
        }
    }

    /**
     * Loads the relations of every database of {@code dbOids} not loaded yet (0, the shared catalogs, comes with
     * any); returns the OIDs the server does not have or does not let one connect to.
     */
    public Set<Long> load(Collection<Long> dbOids) throws IOException {
        Set<Long> missing = new java.util.TreeSet<>();
        for (long oid : dbOids) {
            if (oid == 0 || loadedDbs.contains(oid)) {
                continue;
            }
            String name = databases.get(oid);
            if (name == null) {
                missing.add(oid);
                continue;
            }
            try (Connection c = open(name)) {
                loadedDbs.add(query(c));
            } catch (SQLException e) {
                throw failure(name, e);
            }
        }
        return missing;
    }

    private Connection open(String db) throws SQLException {
        return DriverManager.getConnection(baseUrl + URLEncoder.encode(db, StandardCharsets.UTF_8)
                .replace("+", "%20"), props);
    }

    /** Runs {@link #QUERY} in the database of {@code c}; returns that database's OID. */
    private long query(Connection c) throws SQLException {
        long db = -1;
        try (PreparedStatement st = c.prepareStatement(QUERY); ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                String kind = rs.getString("kind");
                String parent = rs.getString("parent");
                map.add(new RelationMap.Relation(rs.getLong("reltablespace"), rs.getLong("reldatabase"),
                        rs.getLong("relfilenode"), rs.getLong("oid"), rs.getString("relation"),
                        kind == null || kind.isEmpty() ? '?' : kind.charAt(0), parent, rs.getString("database")),
                        false);
                if (rs.getLong("reldatabase") != 0) {
                    db = rs.getLong("reldatabase");
                }
            }
        }
        if (db < 0) {
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                    "SELECT oid FROM pg_database WHERE datname = current_database()")) {
                db = rs.next() ? rs.getLong(1) : -1;
            }
        }
        return db;
    }

    private IOException failure(String db, SQLException e) {
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        int nl = msg.indexOf('\n');
        return new IOException("--dbname: could not look relation names up in database " + db + " on " + label
                + ": " + (nl >= 0 ? msg.substring(0, nl) : msg), e);
    }

    /**
     * The connection parameters of {@code conninfo} (key=value pairs, a postgresql:// URI, a jdbc:postgresql://
     * URL or a bare database name), completed from the PG* variables of {@code env}: {@link ConnInfo#parameters}.
     *
     * @throws org.walprism.client.ConnectionString.InvalidException when it does not parse (a usage error; nothing of it is quoted)
     */
    static Map<String, String> parse(String conninfo, Map<String, String> env) throws IOException {
        Map<String, String> kv = ConnInfo.parameters(conninfo, env);
        if (kv.containsKey("port")) {
            try {
                int port = Integer.parseInt(kv.get("port"));
                if (port < 1 || port > 65535) {
                    throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                throw new IOException("--dbname: port \"" + kv.get("port") + "\" is not a TCP port number");
            }
        }
        return kv;
    }
}
