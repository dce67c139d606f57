/**
 * The replication client: a physical replication feed, the pg_receivewal-style segment archive and libpq
 * connection strings, for a JVM program that does not use the CLI.
 */
module org.walprism.client {
    requires transitive org.walprism.source;
    requires transitive java.sql;
    requires org.postgresql.jdbc;

    exports org.walprism.client;
}
