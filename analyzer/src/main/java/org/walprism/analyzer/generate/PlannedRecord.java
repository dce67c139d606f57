package org.walprism.analyzer.generate;

import java.util.List;
import org.walprism.codec.record.BlockImage;

/**
 * One record of a planned stream, as plain data: resource manager, info, block references (with the
 * image each carries, if any), block 0 data and main data. {@link PlanEncoder} turns it into bytes.
 *
 * @param rmid       {@code xl_rmid}
 * @param info       {@code xl_info}
 * @param blocks     block references in id order
 * @param block0Data data attached to block 0 (empty when block 0 carries an image)
 * @param mainData   main data
 */
public record PlannedRecord(int rmid, int info, List<Block> blocks, byte[] block0Data, byte[] mainData) {

    /** Copies the block list. */
    public PlannedRecord {
        blocks = List.copyOf(blocks);
    }

    /**
     * A block reference.
     *
     * @param id    block id
     * @param rel   relation
     * @param fork  fork number
     * @param block block number
     * @param image the full-page image it carries, or null
     */
    public record Block(int id, org.walprism.codec.record.RelFileLocator rel, int fork, long block, Image image) {
    }

    /**
     * A full-page image by layout: a standard page leaves out the hole between {@code lower} and
     * {@code upper}; a non-standard page (VM) is stored whole.
     *
     * @param standard  registered with REGBUF_STANDARD
     * @param lower     {@code pd_lower}
     * @param upper     {@code pd_upper}
     */
    public record Image(boolean standard, int lower, int upper) {
        /** A whole 8 kB page without a hole (visibility-map pages). */
        public static final Image WHOLE = new Image(false, 0, 0);

        /** Bytes stored uncompressed. */
        public int rawLength() {
            return standard && upper > lower ? BlockImage.BLCKSZ - (upper - lower) : BlockImage.BLCKSZ;
        }
    }
}
