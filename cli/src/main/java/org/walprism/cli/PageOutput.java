package org.walprism.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import org.walprism.analyzer.dump.BlockRows;
import org.walprism.analyzer.dump.DumpFilter;
import org.walprism.analyzer.dump.FullPageFiles;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;

/**
 * The page-image side of {@code walprism dump}: {@code --save-fullpage=DIR} (pg_waldump's files) and
 * {@code --blocks [--with-data]} (one row per block reference, as pg_walinspect's {@code pg_get_wal_block_info}).
 * Kept apart from DumpCommand's record printing so that each stays small.
 */
final class PageOutput {
    private final BlockRows rows;
    private final FullPageFiles pages;
    private final boolean quiet;

    /** Rows in {@code rows} (printed unless {@code quiet}), images saved to {@code pages} when not null. */
    PageOutput(BlockRows rows, FullPageFiles pages, boolean quiet) {
        this.rows = rows;
        this.pages = pages;
        this.quiet = quiet;
    }

    /**
     * The files of {@code --save-fullpage=DIR}, or null without the option. The directory is made now, before any
     * record is read, as pg_waldump makes it.
     *
     * @throws BadArgumentException when DIR exists and is not an empty directory
     */
    static FullPageFiles saveFullPage(Path dir) throws IOException {
        if (dir == null) {
            return null;
        }
        try {
            return FullPageFiles.into(dir);
        } catch (FullPageFiles.NonEmptyDirectoryException e) {
            throw new BadArgumentException(e.getMessage());
        } catch (NotDirectoryException e) {
            throw new BadArgumentException("could not access directory \"" + dir + "\": not a directory");
        }
    }

    /** Checks the combination of {@code --blocks}, {@code --with-data} and {@code --format}. */
    static void checkOptions(boolean blocks, boolean withData, DumpCommand.Format format) {
        if (withData && !blocks) {
            throw new BadArgumentException("option --with-data requires option --blocks");
        }
        if (format == DumpCommand.Format.csv && !blocks) {
            throw new BadArgumentException("--format csv is for --blocks only (records: text or json)");
        }
    }

    /**
     * {@code dump --blocks}: the rows of the records {@code filter} selects, at most {@code max} records (all when
     * {@code max <= 0}), each record's images saved to {@code pages} when given.
     */
    void blocks(WalReader reader, DumpFilter filter, int max, PrintWriter out) throws IOException {
        StringBuilder sb = new StringBuilder(4096);
        if (!quiet) {
            out.print(rows.header());
        }
        int shown = 0;
        for (DecodedRecord r = reader.next(); r != null; r = reader.next()) {
            if (!filter.test(r)) {
                continue;
            }
            if (!quiet) {
                sb.setLength(0);
                rows.append(sb, r, reader.endOfLastRecord());
                out.append(sb);
            }
            if (pages != null) {
                pages.save(r, reader.lastRecordTimeline());
            }
            shown++;
            if (max > 0 && shown >= max) {
                break;
            }
        }
    }

    /** The {@link BlockRows} format of a dump format. */
    static BlockRows.Format rowFormat(DumpCommand.Format f) {
        return switch (f) {
            case text -> BlockRows.Format.TEXT;
            case json -> BlockRows.Format.JSON;
            case csv -> BlockRows.Format.CSV;
        };
    }
}
