package org.walprism.codec;

/** WAL input that cannot be opened or listed at all (missing directory, permission denied), as opposed to bytes that are wrong. */
public class WalInputException extends WalFormatException {
    private static final long serialVersionUID = 1L;

    public WalInputException(String detail, long lsn, String file, long offset) {
        super(detail, lsn, file, offset);
    }

    public WalInputException(String detail) {
        super(detail);
    }
}
