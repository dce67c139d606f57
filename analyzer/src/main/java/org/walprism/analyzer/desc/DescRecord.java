package org.walprism.analyzer.desc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.RecordViewAccess;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.heap.HeapView;
import org.walprism.codec.rmgr.heap2.Heap2View;

/**
 * What the describers and pg_waldump's record line read of one record: the header fields, the block
 * references with their images, and where the main data and each block's data are. A reusable flyweight,
 * loaded either from the reader's {@link RecordView} (no copy, no allocation: the hot path of {@code dump}) or
 * from a {@link DecodedRecord}, so that both print through the same code.
 *
 * <p>Not thread-safe: one instance per thread. Valid until the view it was loaded from moves on.
 */
public final class DescRecord {
    private static final int MAX_BLOCKS = RecordView.MAX_BLOCK_ID + 1;

    private WalVersion version;
    private long lsn;
    private int totalLength;
    private long xid;
    private long prev;
    private int info;
    private int rmid;
    private int origin;
    private long toplevelXid;
    private int fpiLength;
    private ByteBuf mainBuf;
    private int mainIndex;
    private int mainLength;
    private int blockCount;
    private final int[] blockId = new int[MAX_BLOCKS];
    private final int[] forkFlags = new int[MAX_BLOCKS];
    private final ByteBuf[] dataBuf = new ByteBuf[MAX_BLOCKS];
    private final int[] dataIndex = new int[MAX_BLOCKS];
    private final int[] dataLength = new int[MAX_BLOCKS];
    private final int[] imageLength = new int[MAX_BLOCKS];
    private final int[] holeOffset = new int[MAX_BLOCKS];
    private final int[] holeLength = new int[MAX_BLOCKS];
    private final int[] bimgInfo = new int[MAX_BLOCKS];
    private final boolean[] imageApplies = new boolean[MAX_BLOCKS];
    private final BlockImage.Compression[] compression = new BlockImage.Compression[MAX_BLOCKS];
    private final long[] spcOid = new long[MAX_BLOCKS];
    private final long[] dbOid = new long[MAX_BLOCKS];
    private final long[] relNumber = new long[MAX_BLOCKS];
    private final long[] blockNumber = new long[MAX_BLOCKS];
    private final DescData main = new DescData();
    private final DescData block = new DescData();
    /** Per-thread scratch of the transaction describer (parsed commit/abort fields). */
    Object xactScratch;
    private RecordView view;
    private DecodedRecord decoded;
    private final Heap2View heap2 = new Heap2View();
    private final HeapView heap = new HeapView();

    /** Loads {@code v}: copies its header and block fields; the data stay in the reader's buffer. */
    public DescRecord load(RecordView v) {
        view = v;
        decoded = null;
        version = v.version();
        lsn = v.lsn();
        totalLength = v.totalLength();
        xid = v.xid();
        prev = v.prev();
        info = v.info();
        rmid = v.rmid();
        origin = v.origin();
        toplevelXid = v.toplevelXid();
        fpiLength = v.fpiLength();
        ByteBuf b = RecordViewAccess.buffer(v);
        mainBuf = b;
        mainIndex = v.mainDataIndex();
        mainLength = v.mainDataLength();
        int n = v.blockCount();
        blockCount = n;
        for (int i = 0; i < n; i++) {
            blockId[i] = v.blockId(i);
            int ff = v.forkFlags(i);
            forkFlags[i] = ff;
            dataBuf[i] = b;
            dataIndex[i] = v.blockDataIndex(i);
            dataLength[i] = v.blockDataLength(i);
            imageLength[i] = v.imageLength(i);
            holeOffset[i] = v.holeOffset(i);
            holeLength[i] = v.holeLength(i);
            int bi = v.bimgInfo(i);
            bimgInfo[i] = bi;
            imageApplies[i] = (bi & BlockImage.applyBit(version)) != 0;
            compression[i] = BlockImage.compressionOf(version, bi);
            spcOid[i] = v.spcOid(i);
            dbOid[i] = v.dbOid(i);
            relNumber[i] = v.relNumber(i);
            blockNumber[i] = v.blockNumber(i);
        }
        return this;
    }

    /** A new instance loaded from {@code r} (its byte arrays are wrapped, not copied). */
    public static DescRecord of(DecodedRecord r) {
        return new DescRecord().load(r);
    }

    /** Loads {@code r}. */
    public DescRecord load(DecodedRecord r) {
        view = null;
        decoded = r;
        version = r.version();
        lsn = r.recordLsn().value();
        totalLength = r.totalLength();
        xid = r.xid();
        prev = r.prev();
        info = r.info();
        rmid = r.rmid();
        origin = r.origin();
        toplevelXid = r.toplevelXid();
        fpiLength = r.fpiLength();
        byte[] m = r.mainData();
        mainBuf = Unpooled.wrappedBuffer(m);
        mainIndex = 0;
        mainLength = m.length;
        List<BlockRef> blocks = r.blocks();
        if (blocks.size() > MAX_BLOCKS) {
            throw new IllegalArgumentException("more than " + MAX_BLOCKS + " block references");
        }
        blockCount = blocks.size();
        for (int i = 0; i < blockCount; i++) {
            BlockRef br = blocks.get(i);
            blockId[i] = br.id();
            forkFlags[i] = br.forkFlags();
            byte[] d = br.data();
            dataBuf[i] = Unpooled.wrappedBuffer(d);
            dataIndex[i] = 0;
            dataLength[i] = d.length;
            BlockImage img = br.image();
            imageLength[i] = img == null ? 0 : img.length();
            holeOffset[i] = img == null ? 0 : img.holeOffset();
            holeLength[i] = img == null ? 0 : img.holeLength();
            bimgInfo[i] = img == null ? 0 : img.info();
            imageApplies[i] = img != null && img.apply();
            compression[i] = img == null ? BlockImage.Compression.NONE : img.compression();
            spcOid[i] = br.rel().spcOid();
            dbOid[i] = br.rel().dbOid();
            relNumber[i] = br.rel().relNumber();
            blockNumber[i] = br.blockNumber();
        }
        return this;
    }

    /** The WAL version of the record. */
    public WalVersion version() {
        return version;
    }

    /** Start LSN of the record. */
    public long lsn() {
        return lsn;
    }

    /** {@code xl_tot_len}. */
    public int totalLength() {
        return totalLength;
    }

    /** {@code xl_xid}, unsigned. */
    public long xid() {
        return xid;
    }

    /** {@code xl_prev}. */
    public long prev() {
        return prev;
    }

    /** {@code xl_info}. */
    public int info() {
        return info;
    }

    /** {@code xl_rmid}. */
    public int rmid() {
        return rmid;
    }

    /** Replication origin (block id 253), or -1. */
    public int origin() {
        return origin;
    }

    /** Top-level transaction id (block id 252), or -1. */
    public long toplevelXid() {
        return toplevelXid;
    }

    /** Sum of the images' {@code bimg_len}. */
    public int fpiLength() {
        return fpiLength;
    }

    /** {@code xl_tot_len - fpiLength()}: pg_waldump's record length. */
    public int recordLength() {
        return totalLength - fpiLength;
    }

    /** Bytes of main data. */
    public int mainDataLength() {
        return mainLength;
    }

    /** Number of block references. */
    public int blockCount() {
        return blockCount;
    }

    /** Block id of the {@code i}-th block reference (record order). */
    public int blockId(int i) {
        return blockId[i];
    }

    /** The index of the block reference with id {@code id}, or -1. */
    public int blockIndex(int id) {
        for (int i = 0; i < blockCount; i++) {
            if (blockId[i] == id) {
                return i;
            }
        }
        return -1;
    }

    /** Fork number of block {@code i} (by position). */
    public int forkNumber(int i) {
        return forkFlags[i] & BlockRef.FORK_MASK;
    }

    /** {@code BKPBLOCK_HAS_DATA} of block {@code i}. */
    public boolean hasData(int i) {
        return (forkFlags[i] & BlockRef.HAS_DATA) != 0;
    }

    /** {@code BKPBLOCK_HAS_IMAGE} of block {@code i}. */
    public boolean hasImage(int i) {
        return (forkFlags[i] & BlockRef.HAS_IMAGE) != 0;
    }

    /** {@code data_length} of block {@code i}. */
    public int dataLength(int i) {
        return dataLength[i];
    }

    /** {@code bimg_len} of block {@code i}'s image. */
    public int imageLength(int i) {
        return imageLength[i];
    }

    /** {@code hole_offset} of block {@code i}'s image. */
    public int holeOffset(int i) {
        return holeOffset[i];
    }

    /** {@code hole_length} of block {@code i}'s image. */
    public int holeLength(int i) {
        return holeLength[i];
    }

    /** {@code bimg_info} of block {@code i}'s image. */
    public int bimgInfo(int i) {
        return bimgInfo[i];
    }

    /** BKPIMAGE_APPLY of block {@code i}'s image. */
    public boolean imageApplies(int i) {
        return imageApplies[i];
    }

    /** Compression method of block {@code i}'s image. */
    public BlockImage.Compression compression(int i) {
        return compression[i];
    }

    /** Tablespace OID of block {@code i}'s relation. */
    public long spcOid(int i) {
        return spcOid[i];
    }

    /** Database OID of block {@code i}'s relation. */
    public long dbOid(int i) {
        return dbOid[i];
    }

    /** Relation file number of block {@code i}. */
    public long relNumber(int i) {
        return relNumber[i];
    }

    /** Block number of block {@code i}, unsigned. */
    public long blockNumber(int i) {
        return blockNumber[i];
    }

    /** The main data, as the describer's reusable view; {@code what} names it in errors. */
    DescData mainData(String what) {
        return main.set(mainBuf, mainIndex, mainLength, lsn, what);
    }

    /**
     * Block {@code id}'s data (empty when the block is absent or has none), as the describer's second reusable
     * view: valid until the next call.
     */
    DescData blockData(int id, String what) {
        int i = blockIndex(id);
        if (i < 0) {
            return block.set(Unpooled.EMPTY_BUFFER, 0, 0, lsn, what);
        }
        return block.set(dataBuf[i], dataIndex[i], dataLength[i], lsn, what);
    }

    /** The Heap2 record, read through the codec's view: its layout checked, its fields in place. */
    Heap2View heap2View() {
        if (view != null) {
            heap2.load(view);
        } else {
            BlockRef b0 = decoded.block(0);
            heap2.load(version, info, decoded.mainData(), b0 == null ? new byte[0] : b0.data());
        }
        return heap2;
    }

    /** The Heap record, read through the codec's view. */
    HeapView heapView() {
        if (view != null) {
            heap.load(view);
        } else {
            heap.load(version, info, decoded.mainData());
        }
        return heap;
    }
}
