package org.walprism.codec;

/** WAL input that cannot be opened or listed at all (missing directory, permission denied), as opposed to bytes that are wrong. */
public class WalInputException extends WalFormatException {
    private static final long serialVersionUID = 1L;

    /** Input that cannot be read as WAL ({@code detail}), at {@code lsn} of {@code file} (byte {@code offset}). */
    public WalInputException(String detail, long lsn, String file, long offset) {
        super(detail, lsn, file, offset);
    }

    /** Input that cannot be read as WAL ({@code detail}), position unknown. */
    public WalInputException(String detail) {
        super(detail);
    }
}
