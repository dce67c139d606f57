package org.walprism.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The version table: magics, labels, and the messages built from it (never written out by hand). */
class WalVersionTest {

    @Test
    void magicsAndLabelsAreUniqueAndMagicsIncrease() {
        Set<Integer> magics = new HashSet<>();
        Set<String> labels = new HashSet<>();
        int last = 0;
        for (WalVersion v : WalVersion.values()) {
            assertTrue(magics.add(v.magic()), v + " magic");
            assertTrue(labels.add(v.label()), v + " label");
            assertTrue(v.magic() > last, v + ": magics grow with the enum's order (atLeast relies on it)");
            last = v.magic();
            assertSame(v, WalVersion.fromMagic(v.magic()));
            assertSame(v, WalVersion.fromLabel(v.label()));
            assertSame(v, WalVersion.fromLabel("PG" + v.label()));
        }
    }

    @Test
    void preReleasesAreNamedForWhatTheyAreNotForTheRelease() {
        assertSame(WalVersion.PG19, WalVersion.fromMagic(0xD122));
        assertEquals("19", WalVersion.PG19.label());
        assertTrue(WalVersion.PG19_BETA1.isPreRelease());
        assertTrue(WalVersion.PG19_BETA3.isPreRelease());
        assertEquals("19beta1", WalVersion.fromMagic(0xD120).label());
        assertEquals("19beta3", WalVersion.fromMagic(0xD121).label());
        assertNull(WalVersion.fromLabel("master"), "master names no fixed WAL format");
        assertSame(WalVersion.PG19, WalVersion.newest());
    }

    @Test
    void rangesInMessagesComeFromTheTable() {
        assertEquals("13-19", WalVersion.releasedRange());
        assertEquals("13..19, 19beta1, 19beta3", WalVersion.knownLabels());
        assertTrue(WalVersion.supported().startsWith("PostgreSQL 13-19; pre-releases 19beta1-19beta2 (D120), "),
                WalVersion.supported());
    }

    @Test
    void anUnknownMagicSaysWhereItFallsAndWhatIsRead() {
        UnsupportedWalVersionException newer = assertThrows(UnsupportedWalVersionException.class,
                () -> WalVersion.fromMagic(0xD123));
        assertEquals("unsupported WAL page magic D123 (newer than PostgreSQL 19 (D122), the newest this walprism"
                + " reads; supported: " + WalVersion.supported() + ")", newer.getMessage());
        UnsupportedWalVersionException between = assertThrows(UnsupportedWalVersionException.class,
                () -> WalVersion.fromMagic(0xD119));
        assertEquals("unsupported WAL page magic D119 (a build after PostgreSQL 18 (D118) that this walprism does"
                + " not know; supported: " + WalVersion.supported() + ")", between.getMessage());
        UnsupportedWalVersionException older = assertThrows(UnsupportedWalVersionException.class,
                () -> WalVersion.fromMagic(0xD101));
        assertTrue(older.getMessage().contains("older than PostgreSQL 13 (D106)"), older.getMessage());
    }
}
