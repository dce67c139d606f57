package org.walprism.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.walprism.sql.ResultPrinter;
import org.walprism.sql.WalSql;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code walprism sql}: a query on embedded DuckDB over relations named and shaped like pg_walinspect's
 * ({@code pg_get_wal_records_info}, {@code pg_get_wal_block_info}, {@code pg_get_wal_stats}) and walprism's own
 * ({@code wal_records}, {@code wal_blocks}, {@code wal_record_parts}, {@code vacuum_runs}, {@code relations}); see
 * docs/sql.md. Only the relations the query names are filled.
 */
@Command(name = "sql", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run SQL over the WAL on embedded DuckDB: pg_walinspect's functions without a server "
                + "(docs/sql.md).")
public final class SqlCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    SqlInput input;

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "read the query from FILE (- : standard input)")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "aligned",
            description = "aligned (psql's table, default), csv (psql --csv) or json (one object per row)")
    ResultPrinter.Format format;

    @Parameters(index = "0", arity = "0..1", paramLabel = "QUERY",
            description = "the SQL; without it and -f, standard input")
    String query;

    /** Standard input, replaceable by tests. */
    static InputStream stdin = System.in;

    @Override
    public Integer call() throws IOException {
        String sql = querySource();
        if (sql.isBlank()) {
            throw new BadArgumentException("no query (give QUERY, -f FILE or standard input)");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (WalSql db = input.open(null)) {
            db.check(sql);
            input.load(db, WalSql.contentsFor(sql), spec.commandLine().getErr());
            db.query(sql, format, out);
        } catch (SQLException e) {
            out.flush();
            throw SqlInput.sqlError(e);
        }
        return ExitCode.OK.code();
    }

    private String querySource() throws IOException {
        if (query != null && file != null) {
            throw new BadArgumentException("give the query as QUERY or with -f, not both");
        }
        if (query != null) {
            return query;
        }
        if (file == null || file.toString().equals("-")) {
            return new String(stdin.readAllBytes(), StandardCharsets.UTF_8);
        }
        return Files.readString(file);
    }
}
