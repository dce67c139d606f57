package org.walprism.analyzer.replay;

import java.util.ArrayList;
import java.util.List;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.image.ImageCompressor;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.write.RecordBuilder;
import org.walprism.codec.write.RecordEncoder;

/**
 * Stores every full-page image of a record as a server with {@code wal_compression = METHOD} would have: the image
 * is restored, its hole removed, and compressed by {@link ImageCompressor} (XLogCompressBackupBlock), kept
 * compressed only where PostgreSQL keeps it; {@code off} stores every image uncompressed.
 *
 * <p>The record is written again with the image headers that follow (xloginsert.c's XLogRecordAssemble):
 * {@code bimg_len}, {@code bimg_info} with the version's {@code BKPIMAGE_HAS_HOLE}, {@code BKPIMAGE_APPLY} and
 * compression bit (13/14: {@code BKPIMAGE_IS_COMPRESSED}; 15+: {@code BKPIMAGE_COMPRESS_PGLZ/LZ4/ZSTD}), the
 * {@code hole_length} field only for a compressed image with a hole, then {@code xl_tot_len} and {@code xl_crc}
 * ({@link RecordEncoder}). The hole stays where the source image had it: PostgreSQL cuts the same hole
 * ({@code pd_lower..pd_upper} of a standard page) whether it compresses or not. Records without images are
 * returned as they are.
 *
 * <p>An instance keeps its buffers and is not thread-safe.
 */
public final class ImageRecompression {
    private final WalVersion version;
    private final Compression method;
    private final PageImages images = new PageImages();
    private final ImageCompressor compressor = new ImageCompressor();
    private final byte[] page = new byte[BlockImage.BLCKSZ];

    /**
     * Recompression into {@code version}'s records with {@code method} ({@link Compression#NONE}: off).
     *
     * @throws WalFormatException when the version has no such method (lz4 and zstd before 15)
     */
    public ImageRecompression(WalVersion version, Compression method) {
        this.version = version;
        this.method = method;
        if (method != Compression.NONE) {
            // the method's bit must exist in the version: 13 and 14 know pglz only (access/xlogrecord.h)
            RecordBuilder.compressedImage(version, method, 0, 0, new byte[1], false);
        }
    }

    /** The method images are stored with. */
    public Compression method() {
        return method;
    }

    /**
     * The record {@code e} (of {@link #version}) with its images stored as the method stores them.
     *
     * @throws WalFormatException when an image does not restore
     */
    public PlanEncoder.Encoded apply(PlanEncoder.Encoded e) {
        if (e.fpiLength() == 0 && !hasImage(e)) {
            return e;
        }
        DecodedRecord r = RecordView.of(version, e.bytes(), 0).toDecoded();
        List<BlockRef> blocks = new ArrayList<>(r.blocks().size());
        int fpi = 0;
        for (BlockRef b : r.blocks()) {
            BlockImage img = b.image();
            if (img == null) {
                blocks.add(b);
                continue;
            }
            BlockImage stored = store(r, b);
            fpi += stored.length();
            blocks.add(new BlockRef(b.id(), b.forkFlags(), b.rel(), b.blockNumber(), stored, b.data()));
        }
        byte[] bytes = RecordEncoder.encode(new DecodedRecord(version, r.recordLsn().value(), 0, r.xid(), r.prev(), r.info(),
                r.rmid(), 0, blocks, r.origin(), r.toplevelXid(), r.mainData(), r.longMainDataHeader(), null));
        return new PlanEncoder.Encoded(e.rmid(), e.info(), bytes, fpi);
    }

    /** The image of block {@code b} as the method stores it. */
    private BlockImage store(DecodedRecord r, BlockRef b) {
        BlockImage img = b.image();
        images.restore(r, b, page);
        int holeOffset = img.holeOffset();
        int holeLength = img.holeLength();
        byte[] raw = withoutHole(page, holeOffset, holeLength);
        boolean hole = holeLength != 0;
        if (method != Compression.NONE) {
            byte[] compressed = compressor.compress(method, raw, 0, raw.length, hole);
            if (compressed != null) {
                return RecordBuilder.compressedImage(version, method, holeOffset, holeLength, compressed, img.apply());
            }
        }
        int info = (hole ? BlockImage.HAS_HOLE : 0) | (img.apply() ? BlockImage.applyBit(version) : 0);
        return new BlockImage(raw.length, holeOffset, holeLength, info, Compression.NONE, img.apply(), hole, raw);
    }

    /**
     * {@code r} (a source record, of its own version) with every image the target version cannot log stored
     * uncompressed: lz4 and zstd images when the target is 13 or 14, which know pglz only. The image is restored
     * and stored as PostgreSQL stores an uncompressed image (xloginsert.c): the same hole cut out (a compressed
     * image's {@code hole_offset} and {@code hole_length} are the page's {@code pd_lower..pd_upper}, the hole an
     * uncompressed image of that page has too), {@code bimg_len = BLCKSZ - hole_length}, {@code BKPIMAGE_HAS_HOLE}
     * and {@code BKPIMAGE_APPLY} as before, no {@code hole_length} field. {@code xl_tot_len} and {@code xl_crc}
     * follow. Runs before the translation to the target's design, so that the translator never meets an image
     * the target cannot hold; {@code r} itself when no image needs it.
     *
     * @throws WalFormatException when an image does not restore
     */
    public DecodedRecord inflateUnloggable(DecodedRecord r) {
        boolean changes = false;
        for (BlockRef b : r.blocks()) {
            changes |= b.image() != null && !b.image().compression().loggableIn(version);
        }
        if (!changes) {
            return r;
        }
        List<BlockRef> blocks = new ArrayList<>(r.blocks().size());
        for (BlockRef b : r.blocks()) {
            BlockImage img = b.image();
            if (img == null || img.compression().loggableIn(version)) {
                blocks.add(b);
                continue;
            }
            images.restore(r, b, page);
            byte[] raw = withoutHole(page, img.holeOffset(), img.holeLength());
            boolean hole = img.holeLength() != 0;
            int info = (hole ? BlockImage.HAS_HOLE : 0) | (img.apply() ? BlockImage.applyBit(r.version()) : 0);
            BlockImage plain = new BlockImage(raw.length, img.holeOffset(), img.holeLength(), info, Compression.NONE,
                    img.apply(), hole, raw);
            blocks.add(new BlockRef(b.id(), b.forkFlags(), b.rel(), b.blockNumber(), plain, b.data()));
        }
        byte[] bytes = RecordEncoder.encode(new DecodedRecord(r.version(), r.recordLsn().value(), 0, r.xid(), r.prev(), r.info(),
                r.rmid(), 0, blocks, r.origin(), r.toplevelXid(), r.mainData(), r.longMainDataHeader(), null));
        return new DecodedRecord(r.version(), r.recordLsn().value(), bytes.length, r.xid(), r.prev(), r.info(), r.rmid(),
                RecordEncoder.crc(bytes), blocks, r.origin(), r.toplevelXid(), r.mainData(), r.longMainDataHeader(),
                bytes);
    }

    /** The {@code BLCKSZ - holeLength} bytes of {@code page} around its hole. */
    private static byte[] withoutHole(byte[] page, int holeOffset, int holeLength) {
        byte[] raw = new byte[BlockImage.BLCKSZ - holeLength];
        System.arraycopy(page, 0, raw, 0, holeOffset);
        System.arraycopy(page, holeOffset + holeLength, raw, holeOffset, raw.length - holeOffset);
        return raw;
    }

    private boolean hasImage(PlanEncoder.Encoded e) {
        RecordView v = RecordView.of(version, e.bytes(), 0);
        for (int i = 0; i < v.blockCount(); i++) {
            if ((v.forkFlags(i) & BlockRef.HAS_IMAGE) != 0) {
                return true;
            }
        }
        return false;
    }
}
