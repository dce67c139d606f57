package org.walprism.analyzer.categories;

import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;

/**
 * One pass over the block references of the record {@link CategoryStats} is adding: their framing bytes, the
 * relation counters, the images ({@link ImageCounters}); for heap DML, the share of them that is the VM page (see
 * {@link CategoryStats}'s class comment). Per-record scratch, reused for every record: it allocates nothing.
 */
final class BlockFraming {
    private static final int VM = Category.VM.ordinal();

    // What walk() found in the block references of the record being added.
    int headerBytes;
    int imageHeaderBytes;
    int dataBytes;
    int images;
    // ... and in those of them that are the VM page of heap DML (their share of the above)
    int vmHeaders;
    int vmImageHeaders;
    int vmFpi;
    int vmData;
    int vmImages;

    /**
     * Walks the block references of {@code v} ({@code len} bytes, category {@code cause}), counting them in
     * {@code relations} and their images in {@code counts}; with {@code heapDml}, keeps the VM page's share apart.
     */
    void walk(RecordView v, int len, int cause, boolean heapDml, RelationTable relations, ImageCounters counts) {
        int blockHeaders = 0;
        int imageHeaders = 0;
        int data = 0;
        int recordImages = 0;
        int vmBlockHeaders = 0;
        int vmImgHeaders = 0;
        int vmStored = 0;
        int vmBlockData = 0;
        int vmImageCount = 0;
        long spc = 0;
        long db = 0;
        long relNumber = 0;
        for (int b = 0; b < v.blockCount(); b++) {
            int ff = v.forkFlags(b);
            int fork = ff & BlockRef.FORK_MASK;
            int blockData = v.blockDataLength(b);
            data += blockData;
            boolean sameRel = (ff & BlockRef.SAME_REL) != 0;
            int header = BlockRef.headerLength(ff);
            blockHeaders += header;
            if (!sameRel || b == 0) {
                spc = v.spcOid(b);
                db = v.dbOid(b);
                relNumber = v.relNumber(b);
            }
            RelationTable.Entry rel = relations.get(spc, db, relNumber, fork);
            rel.blockRefs++;
            rel.blockDataBytes += blockData;
            if (b == 0) {
                rel.records++;
                rel.recordBytes += len;
                if (Category.vacuum(cause)) {
                    rel.vacuumBytes += len;
                }
            }
            boolean vmPage = heapDml && fork == BlockRef.VISIBILITYMAP_FORKNUM;
            if (vmPage) {
                vmBlockHeaders += header;
                vmBlockData += blockData;
            }
            if ((ff & BlockRef.HAS_IMAGE) != 0) {
                int h = counts.count(v, b, fork, vmPage ? VM : cause, rel);
                imageHeaders += h;
                recordImages++;
                if (vmPage) {
                    vmImgHeaders += h;
                    vmStored += v.imageLength(b);
                    vmImageCount++;
                }
            }
        }
        headerBytes = blockHeaders;
        imageHeaderBytes = imageHeaders;
        dataBytes = data;
        images = recordImages;
        vmHeaders = vmBlockHeaders;
        vmImageHeaders = vmImgHeaders;
        vmFpi = vmStored;
        vmData = vmBlockData;
        vmImages = vmImageCount;
    }

    /** Bytes of the VM page's block references: header, image header, image, data. */
    int vmBytes() {
        return vmHeaders + vmImageHeaders + vmFpi + vmData;
    }

    /**
     * Moves the bytes of the VM page's block references from the record's category {@code from} to
     * {@link Category#VM}: the header to {@link Parts#VM_BLOCK}, image header, image and data to the same parts there.
     */
    void moveVm(int rmid, long[] from, long[] to) {
        from[Parts.BLOCK_HEADERS] -= vmHeaders;
        to[Parts.VM_BLOCK] += vmHeaders;
        from[Parts.IMAGE_HEADERS] -= vmImageHeaders;
        to[Parts.IMAGE_HEADERS] += vmImageHeaders;
        from[Parts.FPI] -= vmFpi;
        to[Parts.FPI] += vmFpi;
        // block data of a VM page (heapam.c logs none) would stay payload.<rmgr>, in vm
        from[Parts.PAYLOAD_BASE + rmid] -= vmData;
        to[Parts.PAYLOAD_BASE + rmid] += vmData;
    }
}
