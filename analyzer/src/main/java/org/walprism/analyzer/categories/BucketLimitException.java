package org.walprism.analyzer.categories;

import java.util.Locale;
import org.walprism.codec.Lsn;

/**
 * An LSN bucket width too narrow for the range: it would need more than {@link CategoryStats#MAX_BUCKETS} buckets.
 * Thrown before reading when the range's start and end are given, else after reading it (the buckets are never
 * allocated). The message reads after the name of the option that set the width.
 */
public final class BucketLimitException extends RuntimeException implements org.walprism.codec.WalMessage.Source {
    private static final long serialVersionUID = 1L;

    /** The bucket size asked for, in bytes. */
    private final long bucketSize;
    /** Start of the range. */
    private final long startLsn;
    /** End of the range. */
    private final long endLsn;
    /** Buckets the range would need at that size. */
    private final long buckets;
    /** The smallest bucket size that stays within the limit. */
    private final long minimumSize;

    /**
     * @param bucketSize  the width asked for
     * @param startLsn    start of the range
     * @param endLsn      end of the range
     * @param buckets     buckets the range needs at that width
     * @param minimumSize a width at which it fits
     */
    public BucketLimitException(long bucketSize, long startLsn, long endLsn, long buckets, long minimumSize) {
        super(String.format(Locale.ROOT, "the range %s..%s spans %d bytes: %d buckets of %d bytes, more than the "
                        + "limit of %d (a width of %d bytes or more fits)", Lsn.format(startLsn, true),
                Lsn.format(endLsn, true), endLsn - startLsn, buckets, bucketSize, CategoryStats.MAX_BUCKETS,
                minimumSize));
        this.bucketSize = bucketSize;
        this.startLsn = startLsn;
        this.endLsn = endLsn;
        this.buckets = buckets;
        this.minimumSize = minimumSize;
    }

    /** The message, the range's LSNs as values. */
    @Override
    public org.walprism.codec.WalMessage walMessage() {
        return org.walprism.codec.WalMessage.of("the range ", Lsn.of(startLsn), "..", Lsn.of(endLsn),
                String.format(Locale.ROOT, " spans %d bytes: %d buckets of %d bytes, more than the limit of %d (a width "
                        + "of %d bytes or more fits)", endLsn - startLsn, buckets, bucketSize, CategoryStats.MAX_BUCKETS,
                        minimumSize));
    }

    /** The width asked for. */
    public long bucketSize() {
        return bucketSize;
    }

    /** Start LSN of the range. */
    public long startLsn() {
        return startLsn;
    }

    /** End LSN of the range. */
    public long endLsn() {
        return endLsn;
    }

    /** Buckets the range needs at {@link #bucketSize()}. */
    public long buckets() {
        return buckets;
    }

    /** A width at which the range fits (and at which every wider one does). */
    public long minimumSize() {
        return minimumSize;
    }
}
