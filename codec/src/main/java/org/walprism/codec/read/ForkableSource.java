package org.walprism.codec.read;

/**
 * A {@link SegmentSource} that can hand out independent sources over the same segments, one per thread, without
 * listing or indexing its input again: what {@link ParallelWalScan} needs to decode segments in parallel.
 */
public interface ForkableSource extends SegmentSource {

    /** A source over the same segments with its own reading state (open files, decompressors). */
    ForkableSource fork();

    /**
     * True when segments can be read in any order at the cost of reading them: false for a compressed archive,
     * whose members can only be reached by decompressing everything before them, so a parallel scan would
     * decompress the archive once per segment. Such a source is read on one thread, front to back.
     */
    default boolean randomAccess() {
        return true;
    }
}
