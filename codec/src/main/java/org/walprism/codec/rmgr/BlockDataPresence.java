package org.walprism.codec.rmgr;

/**
 * Whether the block data a record type registers for a block is in the record.
 *
 * <p>PostgreSQL's XLogRecordAssemble leaves a block's registered data out when it logs a full-page image of
 * that block (unless the caller asked for REGBUF_KEEP_DATA, as logical decoding does): the typed value then
 * has no payload for that block, and the page's new contents are in the image
 * ({@link org.walprism.codec.record.BlockRef#image()}).
 */
public enum BlockDataPresence {
    /** The block carries data ({@code BKPBLOCK_HAS_DATA}); the typed value holds it. */
    PRESENT,
    /** The block carries a full-page image and no data: look at the image for the page contents. */
    IMAGE_INSTEAD,
    /** The block is not referenced, or carries neither data nor an image. */
    ABSENT
}
