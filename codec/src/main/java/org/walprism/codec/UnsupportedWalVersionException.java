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
        super(describe(magic), lsn, file, offset);
        this.magic = magic;
    }

    /**
     * The message: where the magic falls among the known ones (newer than the newest, older than the oldest, or
     * between two: a pre-release or a build walprism does not know), and what walprism reads.
     */
    static String describe(int magic) {
        WalVersion oldest = WalVersion.values()[0];
        WalVersion newest = WalVersion.newest();
        String where;
        if (magic > newest.magic()) {
            where = String.format(java.util.Locale.ROOT, "newer than PostgreSQL %s (%04X), the newest this walprism reads",
                    newest.releases(), newest.magic());
        } else if (magic < oldest.magic()) {
            where = String.format(java.util.Locale.ROOT, "older than PostgreSQL %s (%04X), the oldest this walprism reads",
                    oldest.releases(), oldest.magic());
        } else {
            WalVersion below = oldest;
            for (WalVersion v : WalVersion.values()) {
                if (v.magic() < magic && v.magic() > below.magic()) {
                    below = v;
                }
            }
            where = String.format(java.util.Locale.ROOT, "a build after PostgreSQL %s (%04X) that this walprism does not know",
                    below.releases(), below.magic());
        }
        return String.format(java.util.Locale.ROOT, "unsupported WAL page magic %04X (%s; supported: %s)",
                magic, where, WalVersion.supported());
    }

    /** The page magic read ({@code xlp_magic}), unsigned 16 bit. */
    public int magic() {
        return magic;
    }
}
