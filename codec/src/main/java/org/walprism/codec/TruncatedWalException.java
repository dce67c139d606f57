package org.walprism.codec;

/** Input ends before the bytes a header or length promised. */
public class TruncatedWalException extends WalFormatException {
    private static final long serialVersionUID = 1L;

    public TruncatedWalException(String detail, long lsn, String file, long offset) {
        super(detail, lsn, file, offset);
    }

    public TruncatedWalException(String detail) {
        super(detail);
    }
}
