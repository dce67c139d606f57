package org.walprism.analyzer.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Per resource manager and per record type counts and sizes of WAL records, keyed exactly like
 * pg_waldump {@code --stats} and {@code pg_get_wal_stats}.
 *
 * <p>Mirrors PostgreSQL src/include/access/xlogstats.h ({@code XLogStats}) and
 * src/backend/access/transam/xlogstats.c ({@code XLogRecStoreStats}): record length = {@code xl_tot_len}
 * minus the sum of {@code bimg_len}; the per-record key is {@link RmgrTable#statsRecordId}.
 *
 * <p>{@link #add} takes primitives and touches only preallocated arrays, so the decoding loop allocates
 * nothing per record. Not thread-safe: give each worker its own instance and {@link #merge} them in order.
 */
public final class WalStats implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private static final int RMGRS = RmgrTable.MAX_ID + 1;
    private static final int TYPES = RmgrTable.MAX_XLINFO_TYPES;

    private final WalVersion version;
    private long count;
    private long startLsn;
    private long endLsn;
    private final long[] rmgrCount = new long[RMGRS];
    private final long[] rmgrRecLen = new long[RMGRS];
    private final long[] rmgrFpiLen = new long[RMGRS];
    private final long[] typeCount = new long[RMGRS * TYPES];
    private final long[] typeRecLen = new long[RMGRS * TYPES];
    private final long[] typeFpiLen = new long[RMGRS * TYPES];

    /** Empty statistics of WAL of {@code version}. */
    public WalStats(WalVersion version) {
        this.version = Objects.requireNonNull(version, "version");
    }

    /** The WAL version whose names and output format apply. */
    private java.util.List<org.walprism.codec.WalMessage> notices = java.util.List.of();

    /** What the reader reported beside the figures: partial or duplicate files, why the WAL ended. */
    public java.util.List<org.walprism.codec.WalMessage> notices() {
        return notices;
    }

    /** Sets {@link #notices()}. */
    public void notices(java.util.List<org.walprism.codec.WalMessage> n) {
        notices = java.util.List.copyOf(n);
    }

    /** The WAL version counted. */
    public WalVersion version() {
        return version;
    }

    /**
     * Counts one record ({@code XLogRecStoreStats}).
     *
     * @param rmid     {@code xl_rmid}
     * @param info     {@code xl_info}
     * @param totalLen {@code xl_tot_len}, unsigned
     * @param fpiLen   sum of {@code bimg_len} over the record's images
     */
    public void add(int rmid, int info, long totalLen, long fpiLen) {
        int r = rmid & 0xFF;
        long recLen = totalLen - fpiLen;
        count++;
        rmgrCount[r]++;
        rmgrRecLen[r] += recLen;
        rmgrFpiLen[r] += fpiLen;
        int k = r * TYPES + RmgrTable.statsRecordId(r, info);
        typeCount[k]++;
        typeRecLen[k] += recLen;
        typeFpiLen[k] += fpiLen;
    }

    /** Counts one record and moves the range end to {@code endLsn} (the next-record position). */
    public void add(int rmid, int info, long totalLen, long fpiLen, long recordEndLsn) {
        add(rmid, info, totalLen, fpiLen);
        this.endLsn = recordEndLsn;
    }

    /** {@code stats->startptr}: the first record read (pg_waldump sets it even when none is counted). */
    public void startLsn(long lsn) {
        this.startLsn = lsn;
    }

    /** {@code stats->endptr}: the end of the last record counted, 0 if none. */
    public void endLsn(long lsn) {
        this.endLsn = lsn;
    }

    /** LSN of the first record counted. */
    public long startLsn() {
        return startLsn;
    }

    /** LSN just past the last record counted. */
    public long endLsn() {
        return endLsn;
    }

    /** {@code stats->count}: records counted. */
    public long count() {
        return count;
    }

    /**
     * Adds {@code later}'s figures, as if its records were read after this one's. The start stays
     * this one's (or {@code later}'s if this has none); the end becomes {@code later}'s if it has one.
     */
    public void merge(WalStats later) {
        if (later.version != version) {
            throw new IllegalArgumentException("cannot merge " + later.version + " statistics into " + version);
        }
        count += later.count;
        for (int i = 0; i < RMGRS; i++) {
            rmgrCount[i] += later.rmgrCount[i];
            rmgrRecLen[i] += later.rmgrRecLen[i];
            rmgrFpiLen[i] += later.rmgrFpiLen[i];
        }
        for (int i = 0; i < RMGRS * TYPES; i++) {
            typeCount[i] += later.typeCount[i];
            typeRecLen[i] += later.typeRecLen[i];
            typeFpiLen[i] += later.typeFpiLen[i];
        }
        if (startLsn == 0) {
            startLsn = later.startLsn;
        }
        if (later.endLsn != 0) {
            endLsn = later.endLsn;
        }
    }

    /** Records counted for resource manager {@code rmid}. */
    public long rmgrCount(int rmid) {
        return rmgrCount[rmid];
    }

    /** Sum of record lengths (without images) for resource manager {@code rmid}. */
    public long rmgrRecordLength(int rmid) {
        return rmgrRecLen[rmid];
    }

    /** Sum of image lengths for resource manager {@code rmid}. */
    public long rmgrFpiLength(int rmid) {
        return rmgrFpiLen[rmid];
    }

    /**
     * The rows pg_waldump prints, in its order.
     *
     * <p>Per rmgr ({@code perRecord} false): every built-in rmgr of the version including zero rows, then
     * custom rmgrs with records. Per record: only (rmgr, type) pairs with records, by rmgr id then by
     * {@code xl_info >> 4}, named {@code rmgr/TYPE} or {@code rmgr/UNKNOWN (%x)}.
     */
    public List<StatsRow> rows(boolean perRecord) {
        List<StatsRow> rows = new ArrayList<>();
        for (int ri = 0; ri < RMGRS; ri++) {
            if (!RmgrTable.isValid(version, ri)) {
                continue;
            }
            String rmName = RmgrTable.name(version, ri);
            if (!perRecord) {
                if (RmgrTable.isCustom(version, ri) && rmgrCount[ri] == 0) {
                    continue;
                }
                rows.add(new StatsRow(rmName, rmgrCount[ri], rmgrRecLen[ri], rmgrFpiLen[ri]));
                continue;
            }
            for (int rj = 0; rj < TYPES; rj++) {
                int k = ri * TYPES + rj;
                if (typeCount[k] == 0) {
                    continue;
                }
                String id = RmgrTable.identify(version, ri, rj << 4);
                if (id == null) {
                    id = RmgrTable.unknownName(rj << 4);
                }
                rows.add(new StatsRow(rmName + "/" + id, typeCount[k], typeRecLen[k], typeFpiLen[k]));
            }
        }
        return rows;
    }

    /** Column totals over the valid rmgrs, as pg_waldump's first pass computes them. */
    public StatsRow total() {
        long n = 0;
        long rec = 0;
        long fpi = 0;
        for (int ri = 0; ri < RMGRS; ri++) {
            if (RmgrTable.isValid(version, ri)) {
                n += rmgrCount[ri];
                rec += rmgrRecLen[ri];
                fpi += rmgrFpiLen[ri];
            }
        }
        return new StatsRow("Total", n, rec, fpi);
    }
}
