package org.walprism.analyzer.generate;

import java.util.ArrayList;
import java.util.List;
import org.walprism.analyzer.stats.WalStats;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.write.RecordBuilder;

/**
 * Encodes planned records into record bytes with the codec's {@link RecordBuilder}, so every length is
 * the one PostgreSQL would write. Images are built from their page layout (a page whose
 * {@code pd_lower}/{@code pd_upper} give the hole); with {@code wal_compression} the stored image length is
 * the model's assumed ratio of the raw one, kept only when PostgreSQL would keep it.
 */
public final class PlanEncoder {
    private final WalVersion version;
    private final BlockImage.Compression compression;
    private final double ratio;

    /** An encoder for {@code version}, compressing images with {@code compression} at {@code ratio}. */
    public PlanEncoder(WalVersion version, BlockImage.Compression compression, double ratio) {
        this.version = version;
        this.compression = compression;
        this.ratio = ratio;
    }

    /** One encoded record: its bytes ({@code xl_prev} 0) and the sum of its image lengths. */
    public record Encoded(int rmid, int info, byte[] bytes, int fpiLength) {
    }

    /** Encodes each planned record. */
    public List<Encoded> encode(List<PlannedRecord> records) {
        List<Encoded> out = new ArrayList<>(records.size());
        for (PlannedRecord r : records) {
            out.add(encode(r));
        }
        return out;
    }

    /** Encodes one planned record. */
    public Encoded encode(PlannedRecord r) {
        RecordBuilder b = RecordBuilder.of(version, r.rmid(), r.info()).mainData(r.mainData());
        int fpi = 0;
        for (PlannedRecord.Block blk : r.blocks()) {
            BlockImage img = blk.image() == null ? null : image(blk.image());
            if (img != null) {
                fpi += img.length();
            }
            byte[] data = blk.id() == 0 && img == null ? r.block0Data() : new byte[0];
            b.block(blk.id(), blk.rel(), blk.fork(), blk.block(), false, img, data);
        }
        return new Encoded(r.rmid(), r.info(), b.build(), fpi);
    }

    private BlockImage image(PlannedRecord.Image layout) {
        byte[] page = new byte[BlockImage.BLCKSZ];
        if (layout.standard()) {
            page[12] = (byte) layout.lower();         // pd_lower, little-endian
            page[13] = (byte) (layout.lower() >> 8);
            page[14] = (byte) layout.upper();         // pd_upper
            page[15] = (byte) (layout.upper() >> 8);
        }
        BlockImage raw = RecordBuilder.pageImage(version, page, layout.standard(), true);
        if (compression == BlockImage.Compression.NONE) {
            return raw;
        }
        BlockImage h = raw;
        int len = (int) Math.ceil(h.length() * ratio);
        if (len + (h.holeLength() != 0 ? 2 : 0) >= BlockImage.BLCKSZ - h.holeLength()) {
            return raw;  // XLogCompressBackupBlock keeps the raw image when compression saves nothing
        }
        return RecordBuilder.compressedImage(version, compression, h.holeOffset(), h.holeLength(), new byte[len], true);
    }

    /** Per record type statistics of {@code encoded}, keyed as pg_waldump --stats=record. */
    public static WalStats stats(WalVersion version, List<Encoded> encoded) {
        WalStats s = new WalStats(version);
        for (Encoded e : encoded) {
            s.add(e.rmid(), e.info(), e.bytes().length, e.fpiLength());
        }
        return s;
    }
}
