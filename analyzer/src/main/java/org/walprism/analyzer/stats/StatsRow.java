package org.walprism.analyzer.stats;

/**
 * One row of a statistics table: a resource manager or an {@code rmgr/TYPE} pair.
 *
 * @param name         {@code resource_manager/record_type} as pg_waldump and pg_walinspect print it
 * @param count        records
 * @param recordSize   sum of {@code xl_tot_len} minus image bytes
 * @param fpiSize      sum of {@code bimg_len}
 */
public record StatsRow(String name, long count, long recordSize, long fpiSize) {

    /** {@code record_size + fpi_size}. */
    public long combinedSize() {
        return recordSize + fpiSize;
    }

    /** {@code 100 * part / total} in double precision as pg_waldump computes it, 0 when total is 0. */
    static double percent(long part, long total) {
        return total == 0 ? 0 : 100 * (double) part / (double) total;
    }
}
