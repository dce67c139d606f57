package org.walprism.codec.rmgr.xlog;

import java.util.List;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.rmgr.InvalidPayloadException;

/**
 * XLOG_FPI (0xB0) and XLOG_FPI_FOR_HINT (0xA0): records that are nothing but full-page images.
 *
 * <p>FPI: no main data; 1..32 block references, every one with an image and no data (pages built without
 * WAL: index builds, log_newpage, CREATE DATABASE in WAL_LOG mode). FPI_FOR_HINT: no main data; exactly one
 * block reference (id 0) without data, normally with an image (a hint-bit change with checksums or
 * wal_log_hints on; without full_page_writes it can lack the image).
 */
public sealed interface Fpi extends XlogRecord {
    /** {@code XLOG_FPI_FOR_HINT} (catalog/pg_control.h). */
    int XLOG_FPI_FOR_HINT = 0xA0;
    /** {@code XLOG_FPI}. */
    int XLOG_FPI = 0xB0;

    /** Whether this is FPI_FOR_HINT. */
    boolean forHint();

    /** The images, in block-reference order. */
    List<BlockImage> images();

    /**
     * {@code (no main data)}; blocks: images only.
     *
     * <p>Layout used by: PG13, PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19.
     *
     * <p>Mirrors log_newpage / log_newpages / XLogSaveBufferForHint in src/backend/access/transam/xloginsert.c.
     */
    record Pg13(boolean forHint, List<BlockImage> images) implements Fpi {
        /** Copies the image list. */
        public Pg13 {
            images = List.copyOf(images);
        }

        static Pg13 decode(int info, PayloadCursor main, List<BlockRef> blocks) {
            boolean hint = (info & 0xF0) == XLOG_FPI_FOR_HINT;
            main.expectEnd("nothing (FPI records have no main data)");
            if (blocks.isEmpty() || blocks.size() > 32 || (hint && blocks.size() != 1)) {
                throw new InvalidPayloadException(main.part(), -1, String.format("%d block references (expected: %s)",
                        blocks.size(), hint ? "1" : "1 to 32"));
            }
            List<BlockImage> images = new java.util.ArrayList<>(blocks.size());
            for (BlockRef b : blocks) {
                if (b.dataLength() != 0) {
                    throw new InvalidPayloadException(main.part(), -1,
                            String.format("block %d carries %d data bytes (expected: 0)", b.id(), b.dataLength()));
                }
                if (b.image() != null) {
                    images.add(b.image());
                } else if (!hint) {
                    throw new InvalidPayloadException(main.part(), -1,
                            String.format("block %d has no image (expected: every FPI block has one)", b.id()));
                }
            }
            return new Pg13(hint, images);
        }

        @Override
        public byte[] encode() {
            return new byte[0];
        }
    }
}
