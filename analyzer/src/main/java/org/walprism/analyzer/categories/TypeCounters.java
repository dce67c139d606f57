package org.walprism.analyzer.categories;

/**
 * The per-record-type counters of {@link CategoryStats}: records, bytes, full-page-image bytes, images and the
 * categories the type's records fell into, indexed by {@code rmid * 16 + typeKey}. Chunks counted apart
 * {@link #merge} into one pass's counts, touching only the types that have records.
 */
final class TypeCounters implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    final long[] typeRecords = new long[CategoryStats.TYPES];
    final long[] typeBytes = new long[CategoryStats.TYPES];
    final long[] typeFpiBytes = new long[CategoryStats.TYPES];
    final long[] typeImages = new long[CategoryStats.TYPES];
    /** Bit set of category ordinals per type. */
    final int[] typeCategories = new int[CategoryStats.TYPES];
    /** The types with records, in first-seen order: a merge touches only these. */
    private final int[] typesSeen = new int[CategoryStats.TYPES];
    private int typeCount;

    /**
     * Counts a record of {@code type}: {@code len} bytes, {@code fpi} of them in {@code images} images, category
     * {@code ci}.
     */
    void add(int type, int len, int fpi, int images, int ci) {
        if (typeRecords[type]++ == 0) {
            typesSeen[typeCount++] = type;
        }
        typeBytes[type] += len;
        typeFpiBytes[type] += fpi;
        typeImages[type] += images;
        typeCategories[type] |= 1 << ci;
    }

    /** Adds the counts of {@code o}. */
    void merge(TypeCounters o) {
        for (int i = 0; i < o.typeCount; i++) {
            int t = o.typesSeen[i];
            if (typeRecords[t] == 0) {
                typesSeen[typeCount++] = t;
            }
            typeRecords[t] += o.typeRecords[t];
            typeBytes[t] += o.typeBytes[t];
            typeFpiBytes[t] += o.typeFpiBytes[t];
            typeImages[t] += o.typeImages[t];
            typeCategories[t] |= o.typeCategories[t];
        }
    }
}
