package org.walprism.codec;

/**
 * A PostgreSQL WAL format, identified by {@code XLOG_PAGE_MAGIC} ({@code xlp_magic}), one constant per
 * supported major.
 *
 * <p>Mirrors PostgreSQL src/include/access/xlog_internal.h of each branch. The magic is the only
 * reliable version marker in a WAL file: every layout decision in walprism dispatches on this enum.
 */
public enum WalVersion {
    /** PostgreSQL 13, {@code XLOG_PAGE_MAGIC} 0xD106. */
    PG13(13, 0xD106, "13"),
    /** PostgreSQL 14, {@code XLOG_PAGE_MAGIC} 0xD10D. */
    PG14(14, 0xD10D, "14"),
    /** PostgreSQL 15, {@code XLOG_PAGE_MAGIC} 0xD110. */
    PG15(15, 0xD110, "15"),
    /** PostgreSQL 16, {@code XLOG_PAGE_MAGIC} 0xD113. */
    PG16(16, 0xD113, "16"),
    /** PostgreSQL 17, {@code XLOG_PAGE_MAGIC} 0xD116. */
    PG17(17, 0xD116, "17"),
    /** PostgreSQL 18, {@code XLOG_PAGE_MAGIC} 0xD118. */
    PG18(18, 0xD118, "18"),
    /** 19beta1 (REL_19 branch point). */
    PG19(19, 0xD120, "19"),
    /** 20devel, master of 2026-08-22. */
    MASTER(20, 0xD121, "master");

    private final int major;
    private final int magic;
    private final String label;

    WalVersion(int major, int magic, String label) {
        this.major = major;
        this.magic = magic;
        this.label = label;
    }

    /** The major version number (20 for master). */
    public int major() {
        return major;
    }

    /** {@code XLOG_PAGE_MAGIC} of this version. */
    public int magic() {
        return magic;
    }

    /** The label users type: {@code 13} ... {@code 19}, {@code master}. */
    public String label() {
        return label;
    }

    /** True when this version is {@code other} or newer. Use only outside the codec's layout dispatch. */
    public boolean atLeast(WalVersion other) {
        return compareTo(other) >= 0;
    }

    /**
     * The version whose {@code XLOG_PAGE_MAGIC} equals {@code magic}.
     *
     * @throws UnsupportedWalVersionException when no supported version has that magic
     */
    public static WalVersion fromMagic(int magic) {
        for (WalVersion v : values()) {
            if (v.magic == magic) {
                return v;
            }
        }
        throw new UnsupportedWalVersionException(magic);
    }

    /** The version for a label such as {@code 16}, {@code PG16} or {@code master}; null if unknown. */
    public static WalVersion fromLabel(String label) {
        String l = label.trim().toLowerCase(java.util.Locale.ROOT);
        if (l.startsWith("pg")) {
            l = l.substring(2);
        }
        if (l.equals("20") || l.equals("20devel")) {
            l = "master";
        }
        for (WalVersion v : values()) {
            if (v.label.equals(l)) {
                return v;
            }
        }
        return null;
    }
}
