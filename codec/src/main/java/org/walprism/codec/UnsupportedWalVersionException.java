package org.walprism.codec;

/** A page magic that no supported PostgreSQL version writes. */
public class UnsupportedWalVersionException extends WalFormatException {
    private static final long serialVersionUID = 1L;

    /** The page magic read ({@code xlp_magic}). */
    private final int magic;

    /** A page magic of no supported version, position unknown. */
    public UnsupportedWalVersionException(int magic) {
        this(magic, 0, null, -1);
    }

    /** A page magic of no supported version, at {@code lsn} of {@code file} (byte {@code offset}). */
    public UnsupportedWalVersionException(int magic, long lsn, String file, long offset) {
        super(String.format("unsupported WAL page magic %04X (is this PostgreSQL version supported? known: 13-19, master)",
                magic), lsn, file, offset);
        this.magic = magic;
    }

    /** The page magic read ({@code xlp_magic}), unsigned 16 bit. */
    public int magic() {
        return magic;
    }
}
