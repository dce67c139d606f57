package org.walprism.analyzer.categories;

import org.walprism.codec.WalVersion;
import org.walprism.codec.image.ImageCompressor;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;

/**
 * The full-page images {@link CategoryStats} counts: how many, their stored, page and hole bytes, and per compression
 * method, cause ({@link FpiCause}) and fork. Chunks of a range counted apart {@link #merge} into one pass's counts.
 */
final class ImageCounters implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final WalVersion version;
    private final int compressedMask;

    long images;
    /** Sum of {@code bimg_len}. */
    long stored;
    /** Sum of {@code BLCKSZ - hole_length}. */
    long raw;
    long hole;
    final long[] compImages = new long[BlockImage.Compression.values().length];
    final long[] compStored = new long[compImages.length];
    final long[] compRaw = new long[compImages.length];
    final long[] causeImages = new long[FpiCause.COUNT];
    final long[] causeStored = new long[FpiCause.COUNT];
    // fork_flags' BKPBLOCK_FORK_MASK has room for 16 forks; PostgreSQL uses 4
    final long[] forkImages = new long[BlockRef.FORK_MASK + 1];
    final long[] forkStored = new long[BlockRef.FORK_MASK + 1];

    ImageCounters(WalVersion version) {
        this.version = version;
        this.compressedMask = BlockImage.compressedMask(version);
    }

    /**
     * Counts the image of block {@code b} of {@code v} (fork {@code fork}, cause {@code cause}, relation
     * {@code rel}); returns the bytes of its image headers ({@code XLogRecordBlockImageHeader} and, for a
     * compressed image with a hole, {@code XLogRecordBlockCompressHeader}).
     */
    int count(RecordView v, int b, int fork, int cause, RelationTable.Entry rel) {
        int bi = v.bimgInfo(b);
        int len = v.imageLength(b);
        int holeLength = v.holeLength(b);
        int pageBytes = BlockImage.BLCKSZ - holeLength;
        int comp = BlockImage.compressionOf(version, bi).ordinal();
        images++;
        stored += len;
        raw += pageBytes;
        hole += holeLength;
        compImages[comp]++;
        compStored[comp] += len;
        compRaw[comp] += pageBytes;
        causeImages[cause]++;
        causeStored[cause] += len;
        forkImages[fork]++;
        forkStored[fork] += len;
        rel.images++;
        rel.imageBytes += len;
        boolean withCompressHeader = (bi & compressedMask) != 0 && (bi & BlockImage.HAS_HOLE) != 0;
        return BlockImage.SIZE_OF_IMAGE_HEADER + (withCompressHeader ? ImageCompressor.SIZE_OF_COMPRESS_HEADER : 0);
    }

    /** Adds the counts of {@code o}. */
    void merge(ImageCounters o) {
        images += o.images;
        stored += o.stored;
        raw += o.raw;
        hole += o.hole;
        CategoryStats.add(compImages, o.compImages);
        CategoryStats.add(compStored, o.compStored);
        CategoryStats.add(compRaw, o.compRaw);
        CategoryStats.add(causeImages, o.causeImages);
        CategoryStats.add(causeStored, o.causeStored);
        CategoryStats.add(forkImages, o.forkImages);
        CategoryStats.add(forkStored, o.forkStored);
    }
}
