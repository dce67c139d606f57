package org.walprism.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import org.walprism.sql.WalSql;
import org.walprism.sql.WalTables;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code walprism export}: the relations of {@code walprism sql} (every one, filled) to a DuckDB database file or to
 * one Parquet file per table. The file (or directory) is written under a temporary name and renamed when
 * complete; an existing one is never overwritten.
 */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write the relations of walprism sql to a DuckDB file or Parquet files (docs/sql.md).")
public final class ExportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    SqlInput input;

    static final class Target {
        @Option(names = "--duckdb", paramLabel = "FILE", required = true, description = "a new DuckDB database file")
        Path duckdb;

        @Option(names = "--parquet", paramLabel = "DIR", required = true,
                description = "a new directory of TABLE.parquet files")
        Path parquet;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Option(names = "--with-data", description = "also the block data and restored pages (wal_block_data)")
    boolean withData;

    @Override
    public Integer call() throws IOException {
        Path dest = target.duckdb != null ? target.duckdb : target.parquet;
        if (Files.exists(dest, LinkOption.NOFOLLOW_LINKS)) {
            throw new java.nio.file.FileAlreadyExistsException(dest.toString());
        }
        Path parent = dest.toAbsolutePath().getParent();
        Path tmp = parent.resolve("." + dest.getFileName() + ".walprism-tmp");
        Files.deleteIfExists(tmp);
        try {
            if (target.duckdb != null) {
                try (WalSql db = input.open(tmp)) {
                    input.load(db, WalTables.Contents.all(withData), spec.commandLine().getErr());
                    db.connection().createStatement().execute("CHECKPOINT");
                }
            } else {
                Files.createDirectory(tmp);
                try (WalSql db = input.open(null)) {
                    input.load(db, WalTables.Contents.all(withData), spec.commandLine().getErr());
                    db.exportParquet(tmp);
                }
            }
            Files.move(tmp, dest, StandardCopyOption.ATOMIC_MOVE);
        } catch (SQLException e) {
            throw SqlInput.sqlError(e);
        } finally {
            deleteTree(tmp);
            Files.deleteIfExists(parent.resolve(tmp.getFileName() + ".wal"));
        }
        return ExitCode.OK.code();
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            try (var s = Files.list(p)) {
                for (Path c : s.toList()) {
                    Files.deleteIfExists(c);
                }
            }
        }
        Files.deleteIfExists(p);
    }
}
