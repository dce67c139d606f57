package org.walprism.codec;

/** A record whose stored {@code xl_crc} differs from the CRC-32C of its bytes. */
public class ChecksumMismatchException extends WalFormatException {
    private static final long serialVersionUID = 1L;

    private final long expected;
    private final long actual;

    public ChecksumMismatchException(long expected, long actual, long lsn, String file, long offset) {
        super(String.format("incorrect resource manager data checksum %08X (expected: %08X)", actual, expected),
                lsn, file, offset);
        this.expected = expected;
        this.actual = actual;
    }

    public long expected() {
        return expected;
    }

    public long actual() {
        return actual;
    }
}
