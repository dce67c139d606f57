package org.walprism.analyzer.replay;

import java.util.ArrayList;
import java.util.List;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.write.RecordBuilder;

/**
 * Full-page images moved into another major's records: the stored bytes stay, {@code bimg_info} is rebuilt
 * for the target, whose bits differ (13/14: HAS_HOLE 0x01, IS_COMPRESSED 0x02, APPLY 0x04; 15+: HAS_HOLE 0x01,
 * APPLY 0x02, PGLZ 0x04, LZ4 0x08, ZSTD 0x10).
 */
final class Images {
    private Images() {
    }

    /**
     * As {@link #retarget(BlockImage, WalVersion)}; an image the target cannot hold (for example a hole that runs
     * past the page, which PostgreSQL's reader does not check) fails naming {@code lsn}, the record that carried it.
     */
    static BlockImage retarget(BlockImage img, WalVersion target, long lsn) {
        try {
            return retarget(img, target);
        } catch (WalFormatException e) {
            throw at(e, lsn);
        }
    }

    /** {@code e} with {@code lsn} when it names none. */
    static WalFormatException at(WalFormatException e, long lsn) {
        return e.lsn() != 0 ? e : new WalFormatException(e.detailMessage(), lsn, e.file(), e.offset());
    }

    /** {@code e} with the segment file and offset of its LSN, when it names an LSN but no file. */
    static WalFormatException inFile(WalFormatException e, int timeline, int segmentSize) {
        if (e.lsn() == 0 || e.file() != null) {
            return e;
        }
        long segno = Long.divideUnsigned(e.lsn(), segmentSize);
        return new WalFormatException(e.detailMessage(), e.lsn(), WalFileName.of(timeline, segno, segmentSize),
                Long.remainderUnsigned(e.lsn(), segmentSize));
    }

    /** {@code img} with the {@code bimg_info} of {@code target}; null stays null. */
    static BlockImage retarget(BlockImage img, WalVersion target) {
        if (img == null) {
            return null;
        }
        if (img.isCompressed()) {
            return RecordBuilder.compressedImage(target, img.compression(), img.holeOffset(), img.holeLength(),
                    img.bytes(), img.apply());
        }
        int info = (img.hasHole() ? BlockImage.HAS_HOLE : 0) | (img.apply() ? BlockImage.applyBit(target) : 0);
        return new BlockImage(img.length(), img.holeOffset(), img.holeLength(), info, img.compression(), img.apply(),
                img.hasHole(), img.bytes());
    }

    /**
     * A record kept as it was, in the target's image encoding: its own bytes when no image changes, else the
     * record re-encoded with retargeted images (same parts, same {@code xl_prev}).
     */
    @SuppressWarnings("ReferenceEquality") // retarget returns the very image it was given when nothing changes
    static PlanEncoder.Encoded keep(DecodedRecord r, WalVersion target) {
        boolean changes = false;
        List<BlockRef> blocks = new ArrayList<>(r.blocks().size());
        for (BlockRef b : r.blocks()) {
            BlockImage img = retarget(b.image(), target, r.recordLsn().value());
            changes |= img != null && img.info() != b.image().info();
            blocks.add(img == b.image() ? b : new BlockRef(b.id(), b.forkFlags(), b.rel(), b.blockNumber(), img,
                    b.data()));
        }
        if (!changes) {
            return new PlanEncoder.Encoded(r.rmid(), r.info(), r.bytes(), r.fpiLength());
        }
        long toplevel = RecordView.hasToplevelXid(target) ? r.toplevelXid() : -1;
        byte[] bytes = RecordBuilder.of(target, r.rmid(), r.info()).xid(r.xid()).prev(r.prev()).origin(r.origin())
                .toplevelXid(toplevel).mainData(r.mainData()).longMainDataHeader(r.longMainDataHeader())
                .blocksAsGiven(blocks).build();
        return new PlanEncoder.Encoded(r.rmid(), r.info(), bytes, r.fpiLength());
    }
}
