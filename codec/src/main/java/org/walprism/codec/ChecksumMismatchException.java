package org.walprism.codec;

/** A record whose stored {@code xl_crc} differs from the CRC-32C of its bytes. */
public class ChecksumMismatchException extends WalFormatException {
    private static final long serialVersionUID = 1L;

    /** The CRC stored in the record ({@code xl_crc}). */
    private final long expected;
    /** The CRC computed over the record's bytes. */
    private final long actual;

    /** A record whose stored CRC {@code expected} differs from the computed {@code actual}, at {@code lsn} of {@code file} (byte {@code offset}). */
    public ChecksumMismatchException(long expected, long actual, long lsn, String file, long offset) {
        super(String.format("incorrect resource manager data checksum %08X (expected: %08X)", actual, expected),
                lsn, file, offset);
        this.expected = expected;
        this.actual = actual;
    }

    /** The CRC stored in the record ({@code xl_crc}), unsigned. */
    public long expected() {
        return expected;
    }

    /** The CRC computed over the record's bytes, unsigned. */
    public long actual() {
        return actual;
    }
}
