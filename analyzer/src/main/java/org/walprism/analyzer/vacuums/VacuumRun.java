package org.walprism.analyzer.vacuums;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.relmap.PgClassRow;

/**
 * One VACUUM or autovacuum run of one table (or TOAST table, or materialized view), as the WAL shows it: its span,
 * what it did to the table's pages, its records by phase, category and part, and the WAL usage PostgreSQL's
 * {@code VACUUM (VERBOSE)} / autovacuum log reports for it.
 *
 * <p>A run opens at the first record of its first heap pass (or the first hint-bit image or ambiguous prune of the
 * ascending block sequence leading into it), takes the index records of the table's indexes, its second heap pass,
 * VM and FSM pages, truncation, and ends with the in-place update of the table's pg_class row
 * ({@code vac_update_relstats}) and the end of its transaction; a later pg_database update
 * ({@code vac_update_datfrozenxid}) is added to the run it follows.
 */
public final class VacuumRun {
    final int id;
    final long db;
    long spc = -1;
    /** Heap relfilenode; -1 when not known (an in-place update that could not be read and no heap pass). */
    long rel = -1;
    long start = -1;
    long lastActivity = -1;
    /** LSN of the table's pg_class in-place update; -1 if not seen. */
    long classLsn = -1;
    /** LSN of the transaction end (INVALIDATIONS / COMMIT); -1 if not seen. */
    long end = -1;
    long lastRecordEnd;
    PgClassRow row;
    final List<PgClassRow> indexRows = new ArrayList<>();
    final List<Long> indexRels = new ArrayList<>();
    long truncXid;
    /** Records counted as the run's that another backend may have written (no xid, kind written by both). */
    long ambiguousRecords;
    /** Records of other transactions on the table's heap inside the run. */
    long concurrentWrites;
    /** The highest heap block of the run's first-pass records so far (prunes, freezes, hint-bit and new-page images). */
    long scanBlock = -1;
    /** First-pass records on a heap block below one of an earlier first-pass record: not all are VACUUM's. */
    long outOfOrder;
    long truncatedTo = -1;
    String datname;
    State state = State.OPEN;

    CategoryStats stats;
    final long[] phaseRecords = new long[Phase.COUNT];
    final long[] phaseBytes = new long[Phase.COUNT];
    final long[] phaseFpiBytes = new long[Phase.COUNT];
    final long[] phaseImages = new long[Phase.COUNT];
    final Map<Long, long[]> indexes = new LinkedHashMap<>();
    final RunFigures figures = new RunFigures();
    final WalUsage walUsage = new WalUsage();
    String name;
    final List<String> indexNames = new ArrayList<>();
    long timeFrom = Long.MIN_VALUE;
    long timeTo = Long.MIN_VALUE;

    enum State { OPEN, FINISHING, ENDED }

    VacuumRun(int id, long db) {
        this.id = id;
        this.db = db;
    }

    /** The last LSN that still belongs to the run (its transaction end, its pg_class update, its last record). */
    long lastLsn() {
        return end >= 0 ? end : classLsn >= 0 ? classLsn : lastActivity;
    }

    void touch(long lsn) {
        if (start < 0 || Long.compareUnsigned(lsn, start) < 0) {
            start = lsn;
        }
        if (lastActivity < 0 || Long.compareUnsigned(lsn, lastActivity) > 0) {
            lastActivity = lsn;
        }
    }

    int number;

    /** Run number, 1 for the run that starts first. */
    public int id() {
        return number;
    }

    /** Database OID. */
    public long database() {
        return db;
    }

    /** Database name when known (from a pg_database update or the relation map), else null. */
    public String databaseName() {
        return datname;
    }

    /** Tablespace OID of the heap's file, -1 if no heap page was written. */
    public long tablespace() {
        return spc;
    }

    /** The heap's relfilenode, -1 if unknown. */
    public long relfilenode() {
        return rel;
    }

    /** The table's name: from the relation map, else its pg_class row ({@code schema.relname} for well-known schemas). */
    public String name() {
        return name;
    }

    /** LSN of the run's first record. */
    public long startLsn() {
        return start;
    }

    /** LSN of the run's last record. */
    public long endLsn() {
        return lastRecordLsn;
    }

    long lastRecordLsn;

    /**
     * The latest time the stream states before the run's first record (a commit, abort or checkpoint), in
     * microseconds since the Unix epoch; {@code Long.MIN_VALUE} if none precedes it in the range.
     */
    public long timeNotBefore() {
        return timeFrom;
    }

    /** The first time the stream states after the run's last record; {@code Long.MIN_VALUE} if none follows. */
    public long timeNotAfter() {
        return timeTo;
    }

    /** LSN of the pg_class in-place update of the table (-1 if the range does not hold it). */
    public long relstatsLsn() {
        return classLsn;
    }

    /** Whether the range holds the run's end (its pg_class update). */
    public boolean complete() {
        return classLsn >= 0;
    }

    /** The table's pg_class row as the run wrote it (relpages, reltuples, relallvisible, relfrozenxid), or null. */
    public PgClassRow relstats() {
        return row;
    }

    /** pg_class rows of the indexes the run updated. */
    public List<PgClassRow> indexRelstats() {
        return Collections.unmodifiableList(indexRows);
    }

    /** Names of the indexes (relation map, pg_class rows, else {@code spc/db/relfilenode}) with their records. */
    public List<String> indexNames() {
        return Collections.unmodifiableList(indexNames);
    }

    /** Records, bytes, FPI bytes and images per index relfilenode, in order of first record. */
    public Map<Long, long[]> indexActivity() {
        return Collections.unmodifiableMap(indexes);
    }

    /** New size in blocks when the run truncated the table, else -1. */
    public long truncatedTo() {
        return truncatedTo;
    }

    /** The run's records by category, record type, part and FPI cause. */
    public CategoryStats stats() {
        return stats;
    }

    /** Records of phase {@code p}. */
    public long phaseRecords(Phase p) {
        return phaseRecords[p.ordinal()];
    }

    /** {@code xl_tot_len} bytes of phase {@code p}. */
    public long phaseBytes(Phase p) {
        return phaseBytes[p.ordinal()];
    }

    /** Full-page-image bytes of phase {@code p}. */
    public long phaseFpiBytes(Phase p) {
        return phaseFpiBytes[p.ordinal()];
    }

    /** Full-page images of phase {@code p}. */
    public long phaseImages(Phase p) {
        return phaseImages[p.ordinal()];
    }

    /** What the run did to the table's pages. */
    public RunFigures figures() {
        return figures;
    }

    /** The records the vacuuming backend wrote inside heap_vacuum_rel: what VACUUM (VERBOSE) reports. */
    public WalUsage walUsage() {
        return walUsage;
    }

    /**
     * Whether the WAL usage is exact: false when the run counts records that another backend writes the same way,
     * with no xid (a 13-16 PRUNE / CLEAN of on-access pruning, a hint-bit image of a reader), and the WAL shows
     * another backend at the table during the run. See {@link #walUsageDoubt()}.
     */
    public boolean walUsageExact() {
        return walUsageDoubt().isEmpty();
    }

    /**
     * Why the WAL usage may count another backend's records, empty when it is exact: another transaction wrote to
     * the table's heap during the run (its records before it had an xid, and its session's reads, have none), or
     * a prune / hint-bit image lies out of the ascending block order of VACUUM's first pass (lazy_scan_heap visits
     * each block once, in order, so one of the two records is another backend's). A backend that only reads, and
     * prunes pages ahead of VACUUM in the order VACUUM then follows, leaves neither mark: 13-16 WAL cannot tell its
     * prunes from VACUUM's.
     */
    public Optional<String> walUsageDoubt() {
        if (ambiguousRecords == 0) {
            return Optional.empty();
        }
        if (outOfOrder > 0) {
            return Optional.of(outOfOrder + " first-pass records below a block written before them: another backend"
                    + " pruned or set hint bits on the table during the run");
        }
        if (concurrentWrites > 0) {
            return Optional.of("another transaction wrote to the table during the run");
        }
        return Optional.empty();
    }

    /** {@code WalUsage} of one run: records, full-page images, {@code xl_tot_len} bytes, image bytes. */
    public static final class WalUsage {
        long records;
        long fpi;
        long bytes;
        long fpiBytes;

        /** Records of the run. */
        public long records() {
            return records;
        }

        /** Block images the records carry. */
        public long fullPageImages() {
            return fpi;
        }

        /** Sum of {@code xl_tot_len}. */
        public long bytes() {
            return bytes;
        }

        /** Sum of the stored image lengths ({@code bimg_len}). */
        public long fullPageImageBytes() {
            return fpiBytes;
        }
    }
}
