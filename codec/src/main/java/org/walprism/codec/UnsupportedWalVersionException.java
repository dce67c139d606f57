package org.walprism.codec;

/** A page magic that no supported PostgreSQL version writes. */
public class UnsupportedWalVersionException extends WalFormatException {
    private static final long serialVersionUID = 1L;

    private final int magic;

    public UnsupportedWalVersionException(int magic) {
        this(magic, 0, null, -1);
    }

    public UnsupportedWalVersionException(int magic, long lsn, String file, long offset) {
        super(String.format("unsupported WAL page magic %04X (is this PostgreSQL version supported? known: 13-19, master)",
                magic), lsn, file, offset);
        this.magic = magic;
    }

    public int magic() {
        return magic;
    }
}
