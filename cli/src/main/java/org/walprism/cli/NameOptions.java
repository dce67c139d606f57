package org.walprism.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.walprism.codec.WalMessage;
import org.walprism.analyzer.categories.CategoryAnalyzer;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.analyzer.relmap.ServerRelationMap;
import picocli.CommandLine.Option;

/**
 * {@code --relmap FILE} and {@code --dbname CONNINFO}: where relation names come from. Given twice (diff and report
 * of two inputs), the first names A's relations and the second B's; given once, both.
 */
final class NameOptions {
    @Option(names = "--relmap", paramLabel = "FILE",
            description = "relation names: CSV or TSV of reltablespace, reldatabase, relfilenode, relation, kind, "
                    + "parent (testdata/capture/relmap.sql writes it; the README gives the query)")
    List<Path> relmaps = new ArrayList<>();

    @Option(names = "--dbname", paramLabel = "CONNINFO",
            description = "look relation names up on a live server (libpq key=value pairs, a postgresql:// URI or a "
                    + "database name; PGHOST, PGPORT, PGUSER, PGPASSWORD as for psql), in every database of the range")
    List<String> dbnames = new ArrayList<>();

    /** Whether names were asked for. */
    boolean any() {
        return !relmaps.isEmpty() || !dbnames.isEmpty();
    }

    /** The names of input {@code side} (0: A or the only input, 1: B), before the range is read; null: none. */
    Source open(int side) throws IOException {
        if (relmaps.size() > 2 || dbnames.size() > 2) {
            throw new BadArgumentException("--relmap and --dbname may each be given at most twice (A, B)");
        }
        RelationMap map = null;
        if (!relmaps.isEmpty()) {
            map = VacuumsCommand.loadNames(relmaps.get(Math.min(side, relmaps.size() - 1)));
        }
        ServerRelationMap server = null;
        if (!dbnames.isEmpty()) {
            server = ServerRelationMap.connect(dbnames.get(Math.min(side, dbnames.size() - 1)), System.getenv());
            if (map == null) {
                map = server.map();
            } else {
                for (RelationMap.Relation r : server.map().all()) {
                    map.add(r, false);
                }
            }
        }
        return map == null ? null : new Source(map, server);
    }

    /** A relation map and, with {@code --dbname}, the server that completes it with more databases. */
    record Source(RelationMap map, ServerRelationMap server) {
        /**
         * Completes the map with the databases {@code stats} touches (from the server, when there is one) and names
         * its relations; databases the server does not have are added to the notices.
         */
        void name(CategoryStats stats) throws IOException {
            List<WalMessage> notes = complete(CategoryAnalyzer.databases(stats));
            if (!notes.isEmpty()) {
                List<WalMessage> n = new ArrayList<>(stats.notices());
                n.addAll(notes);
                stats.notices(n);
            }
            CategoryAnalyzer.name(stats, map);
        }

        /** Loads the databases {@code dbs} from the server; returns a notice when it lacks some (else none). */
        List<WalMessage> complete(Set<Long> dbs) throws IOException {
            if (server == null) {
                return List.of();
            }
            Set<Long> missing = server.load(dbs);
            for (RelationMap.Relation r : server.map().all()) {
                map.add(r, false);
            }
            return missing.isEmpty() ? List.of() : List.of(WalMessage.text("--dbname: the server has no database "
                    + "(that accepts connections) with OID " + missing + ": its relations keep their numbers"));
        }
    }
}
