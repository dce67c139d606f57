package org.walprism.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.analyzer.relmap.RelationMapException;
import org.walprism.analyzer.report.OutputFormat;
import org.walprism.analyzer.report.VacuumFormatter;
import org.walprism.analyzer.vacuums.VacuumAnalyzer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code walprism vacuums}: every VACUUM / autovacuum run of every table in a WAL range, with what it wrote (by
 * phase, category, part and FPI cause), what it did to the table's pages, and its WAL usage as VACUUM VERBOSE
 * reports it.
 */
@Command(name = "vacuums", mixinStandardHelpOptions = true, sortOptions = false,
        description = "List the VACUUM and autovacuum runs of a WAL range: per table and run, its span, WAL usage "
                + "(as VACUUM VERBOSE reports it), pages pruned / frozen / set all-visible, dead items removed, index "
                + "passes, and its records by phase, category, part and FPI cause.")
public final class VacuumsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    WalRangeOptions range;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, json or csv (the same keys)")
    StatsCommand.Format format;

    @Option(names = "--human", description = StatsCommand.HUMAN)
    boolean human;

    @Option(names = "--relmap", paramLabel = "FILE",
            description = "relation names: CSV or TSV of reltablespace, reldatabase, relfilenode, relation, kind, "
                    + "parent (the README gives the query over pg_class that writes it)")
    Path relmap;

    @Option(names = "--dbname", paramLabel = "CONNINFO",
            description = "look relation names up on a live server (libpq key=value pairs, a postgresql:// URI or a "
                    + "database name), in every database that accepts connections")
    String dbname;

    @Override
    public Integer call() throws IOException {
        RelationMap names = loadNames(relmap);
        if (dbname != null) {
            // runs are found in one sequential pass that needs the names from the start: every database is read
            org.walprism.analyzer.relmap.ServerRelationMap server =
                    org.walprism.analyzer.relmap.ServerRelationMap.connect(dbname, System.getenv());
            server.load(server.databases().keySet());
            for (RelationMap.Relation rel : server.map().all()) {
                names.add(rel, false);
            }
        }
        WalRangeOptions.Range r = range.range();
        VacuumAnalyzer.Result result = VacuumAnalyzer.analyze(r.path(), r.start(), r.end(), r.timeline(), names);
        PrintWriter out = spec.commandLine().getOut();
        out.print(VacuumFormatter.format(result, switch (format) {
            case text -> OutputFormat.TEXT;
            case json -> OutputFormat.JSON;
            case csv -> OutputFormat.CSV;
        }, human ? org.walprism.analyzer.ByteUnits.PRETTY : org.walprism.analyzer.ByteUnits.BYTES));
        out.flush();
        Notices.print(spec.commandLine().getErr(), result.notices(), Notices.versionOf(range));
        return ExitCode.OK.code();
    }

    /** The relation map of {@code file} (none: an empty one); a malformed file is a usage error naming the line. */
    static RelationMap loadNames(Path file) throws IOException {
        if (file == null) {
            return RelationMap.empty();
        }
        if (!java.nio.file.Files.exists(file)) {
            throw new java.nio.file.NoSuchFileException(file.toString());
        }
        if (java.nio.file.Files.isDirectory(file) || !java.nio.file.Files.isReadable(file)) {
            // a pipe (--relmap <(psql ...)) is read like a file
            throw new java.nio.file.AccessDeniedException(file.toString(), null, "not a readable file");
        }
        try {
            return RelationMap.load(file);
        } catch (RelationMapException e) {
            throw new BadArgumentException("invalid relation map: " + e.getMessage());
        }
    }
}
