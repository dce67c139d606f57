package org.walprism.codec;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A PostgreSQL WAL format, identified by {@code XLOG_PAGE_MAGIC} ({@code xlp_magic}): one constant per released
 * major, and one per pre-release page magic whose WAL walprism still reads.
 *
 * <p>Mirrors PostgreSQL src/include/access/xlog_internal.h of each branch. The magic is the only reliable
 * version marker in a WAL file: every layout decision in walprism dispatches on this enum. A pre-release is
 * named for the releases that wrote its magic, never for the major it led to: its record layouts differ from
 * the release's (19beta1 and 19beta3 log online data-checksum changes, which 19rc1 no longer has).
 *
 * <p>Adding a major or a magic: see {@code docs/new-major.md}; {@code WalVersionCoverageTest} fails until every
 * place it lists knows the new constant.
 */
public enum WalVersion {
    /** PostgreSQL 13, {@code XLOG_PAGE_MAGIC} 0xD106. */
    PG13(13, 0xD106, "13", null),
    /** PostgreSQL 14, {@code XLOG_PAGE_MAGIC} 0xD10D. */
    PG14(14, 0xD10D, "14", null),
    /** PostgreSQL 15, {@code XLOG_PAGE_MAGIC} 0xD110. */
    PG15(15, 0xD110, "15", null),
    /** PostgreSQL 16, {@code XLOG_PAGE_MAGIC} 0xD113. */
    PG16(16, 0xD113, "16", null),
    /** PostgreSQL 17, {@code XLOG_PAGE_MAGIC} 0xD116. */
    PG17(17, 0xD116, "17", null),
    /** PostgreSQL 18, {@code XLOG_PAGE_MAGIC} 0xD118. */
    PG18(18, 0xD118, "18", null),
    /**
     * Pre-release 19beta1 and 19beta2 (and master from the REL_19 branch point until the next magic),
     * {@code XLOG_PAGE_MAGIC} 0xD120: online data-checksum records (XLOG2) and checksum state in checkpoints.
     */
    PG19_BETA1(19, 0xD120, "19beta1", "19beta1-19beta2"),
    /**
     * Pre-release 19beta3 and 20devel builds of mid-2026 (master of 2026-08-22 is what the corpus holds),
     * {@code XLOG_PAGE_MAGIC} 0xD121: as 19beta1, and heap DML records register the visibility-map page as a
     * block when they clear its bits.
     */
    PG19_BETA3(19, 0xD121, "19beta3", "19beta3 and 20devel of mid-2026"),
    /**
     * PostgreSQL 19 as released (19rc1 on), {@code XLOG_PAGE_MAGIC} 0xD122: 19beta3's records without online
     * data-checksum changes (no XLOG2 resource manager, no checksum state in checkpoint records).
     */
    PG19(19, 0xD122, "19", null);

    private final int major;
    private final int magic;
    private final String label;
    private final String preRelease;

    WalVersion(int major, int magic, String label, String preRelease) {
        this.major = major;
        this.magic = magic;
        this.label = label;
        this.preRelease = preRelease;
    }

    /** The major version number (19 for the 19 pre-releases too). */
    public int major() {
        return major;
    }

    /** {@code XLOG_PAGE_MAGIC} of this version. */
    public int magic() {
        return magic;
    }

    /** The label users type: {@code 13} ... {@code 19}, {@code 19beta1}, {@code 19beta3}. */
    public String label() {
        return label;
    }

    /** True for a pre-release page magic (a beta or devel build), false for a released major. */
    public boolean isPreRelease() {
        return preRelease != null;
    }

    /** The releases that wrote this magic, e.g. {@code "19beta3 and 20devel of mid-2026"}; the label for a release. */
    public String releases() {
        return preRelease != null ? preRelease : label;
    }

    /** True when this version is {@code other} or newer. Use only outside the codec's layout dispatch. */
    public boolean atLeast(WalVersion other) {
        return compareTo(other) >= 0;
    }

    /** The newest version this walprism reads. */
    public static WalVersion newest() {
        WalVersion[] all = values();
        return all[all.length - 1];
    }

    /** The released majors, as users name them: {@code "13-19"}. */
    public static String releasedRange() {
        WalVersion[] released = Arrays.stream(values()).filter(v -> !v.isPreRelease()).toArray(WalVersion[]::new);
        return released[0].label + "-" + released[released.length - 1].label;
    }

    /** Every label, as accepted by {@link #fromLabel}: {@code "13..19, 19beta1, 19beta3"}. */
    public static String knownLabels() {
        String pre = Arrays.stream(values()).filter(WalVersion::isPreRelease).map(WalVersion::label)
                .collect(Collectors.joining(", "));
        String released = Arrays.stream(values()).filter(v -> !v.isPreRelease()).map(WalVersion::label)
                .reduce((a, b) -> b).orElseThrow();
        return values()[0].label + ".." + released + (pre.isEmpty() ? "" : ", " + pre);
    }

    /**
     * What walprism reads, for help texts and messages: {@code "PostgreSQL 13-19 (19rc1 and later), and the
     * pre-release magics of 19beta1-19beta2, 19beta3 and 20devel of mid-2026"}.
     */
    public static String supported() {
        String pre = Arrays.stream(values()).filter(WalVersion::isPreRelease)
                .map(v -> String.format(Locale.ROOT, "%s (%04X)", v.preRelease, v.magic))
                .collect(Collectors.joining(", "));
        return "PostgreSQL " + releasedRange() + (pre.isEmpty() ? "" : "; pre-releases " + pre);
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

    /**
     * The version of a page whose {@code xlp_magic} is {@code magic}, read at {@code lsn} in {@code file} offset
     * {@code offset}: what a reader does with the first page it looks at.
     *
     * @throws UnsupportedWalVersionException for a value in PostgreSQL's magic range ({@code 0xD0xx}, {@code 0xD1xx})
     *                                        that no supported version writes
     * @throws WalFormatException             "invalid magic number" for anything else (zeros, junk)
     */
    public static WalVersion ofPageMagic(int magic, long lsn, String file, long offset) {
        for (WalVersion v : values()) {
            if (v.magic == magic) {
                return v;
            }
        }
        if ((magic & 0xFE00) == 0xD000) {
            throw new UnsupportedWalVersionException(magic, lsn, file, offset);
        }
        throw new WalFormatException(String.format(Locale.ROOT, "invalid magic number %04X", magic), lsn, file,
                offset);
    }

    /** The version for a label such as {@code 16}, {@code PG16} or {@code 19beta1}; null if unknown. */
    public static WalVersion fromLabel(String label) {
        String l = label.trim().toLowerCase(Locale.ROOT);
        if (l.startsWith("pg")) {
            l = l.substring(2);
        }
        for (WalVersion v : values()) {
            if (v.label.equals(l)) {
                return v;
            }
        }
        return null;
    }
}
