package org.walprism.codec;

/** Input ends before the bytes a header or length promised. */
public class TruncatedWalException extends WalFormatException {
    private static final long serialVersionUID = 1L;

    /** Input that ends inside {@code detail}'s structure, at {@code lsn} of {@code file} (byte {@code offset}). */
    public TruncatedWalException(String detail, long lsn, String file, long offset) {
        super(detail, lsn, file, offset);
    }

    /** As {@link #TruncatedWalException(String, long, String, long)}, the description's LSNs as values. */
    public TruncatedWalException(WalMessage detail, long lsn, String file, long offset) {
        super(detail, lsn, file, offset);
    }

    /** Input that ends inside the structure {@code detail} names, position unknown. */
    public TruncatedWalException(String detail) {
        super(detail);
    }
}
