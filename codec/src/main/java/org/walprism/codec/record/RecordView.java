package org.walprism.codec.record;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.internal.bytes.RawBytes;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * A reusable, allocation-free view of one reassembled WAL record: header fields, block references and
 * main data located by offsets into the buffer the reader owns. Valid until the reader moves on.
 *
 * <p>Parses {@code XLogRecord} and the record body as DecodeXLogRecord does
 * (src/backend/access/transam/xlogreader.c): block headers in increasing id order, image headers with
 * the version's {@code bimg_info} bits, origin (253), top-level xid (252, 14+), main-data header
 * (255 short / 254 long), then the data part. {@link #toDecoded()} copies it into a {@link DecodedRecord}.
 */
public final class RecordView {
    /*
     * XLogRecord (access/xlogrecord.h) => xl_tot_len: uint32, xl_xid: uint32, xl_prev: uint64, xl_info: uint8,
     * xl_rmid: uint8, pad: 2, xl_crc: uint32. Each offset is the previous offset plus the previous field's size.
     */
    /** Offset of {@code xl_tot_len}. */
    public static final int XL_TOT_LEN_OFFSET = 0;
    /** Offset of {@code xl_xid}. */
    public static final int XL_XID_OFFSET = XL_TOT_LEN_OFFSET + 4;
    /** Offset of {@code xl_prev}. */
    public static final int XL_PREV_OFFSET = XL_XID_OFFSET + 4;
    /** Offset of {@code xl_info}. */
    public static final int XL_INFO_OFFSET = XL_PREV_OFFSET + 8;
    /** Offset of {@code xl_rmid}. */
    public static final int XL_RMID_OFFSET = XL_INFO_OFFSET + 1;
    /** Offset of {@code xl_crc} (after 2 pad bytes). */
    public static final int XL_CRC_OFFSET = XL_RMID_OFFSET + 1 + 2;
    /** {@code SizeOfXLogRecord}: bytes of the fixed record header. */
    public static final int HEADER_SIZE = XL_CRC_OFFSET + 4;
    /** {@code XLogRecordMaxSize} (access/xlogrecord.h): the largest {@code xl_tot_len} a server writes or reads. */
    public static final int XLOG_RECORD_MAX_SIZE = 1020 * 1024 * 1024;
    /** {@code XLR_MAX_BLOCK_ID}: the highest block id. */
    public static final int MAX_BLOCK_ID = 32;
    /** {@code XLR_BLOCK_ID_TOPLEVEL_XID}: a top-level transaction id follows. */
    public static final int BLOCK_ID_TOPLEVEL_XID = 252;
    /** {@code XLR_BLOCK_ID_ORIGIN}: a replication origin follows. */
    public static final int BLOCK_ID_ORIGIN = 253;
    /** {@code XLR_BLOCK_ID_DATA_LONG}: main data with a uint32 length follows. */
    public static final int BLOCK_ID_DATA_LONG = 254;
    /** {@code XLR_BLOCK_ID_DATA_SHORT}: main data with a uint8 length follows. */
    public static final int BLOCK_ID_DATA_SHORT = 255;

    private static final int MAX_BLOCKS = MAX_BLOCK_ID + 1;

    private WalVersion version;
    private ByteBuf buf;
    private final RawBytes raw = new RawBytes();
    private int base;
    private long lsn;
    private int totLen;
    private int blockCount;
    private final int[] blockId = new int[MAX_BLOCKS];
    private final int[] forkFlags = new int[MAX_BLOCKS];
    private final int[] dataLen = new int[MAX_BLOCKS];
    private final int[] dataOff = new int[MAX_BLOCKS];
    private final int[] imgLen = new int[MAX_BLOCKS];
    private final int[] imgOff = new int[MAX_BLOCKS];
    private final int[] holeOff = new int[MAX_BLOCKS];
    private final int[] holeLen = new int[MAX_BLOCKS];
    private final int[] bimgInfo = new int[MAX_BLOCKS];
    private final int[] relOff = new int[MAX_BLOCKS];
    private final long[] blkno = new long[MAX_BLOCKS];
    private int origin;
    private long toplevelXid;
    private int mainOff;
    private int mainLen;
    private boolean longMain;
    private int fpiLen;
    // decoding state of decodeBody: data bytes the headers announce, highest block id, offset of the last relation
    private long bodyData;
    private int maxId;
    private int lastRel;

    /** An empty view; {@link #of} or the reader points it at a record. */
    public RecordView() {
    }

    /**
     * A view of the record in {@code record} (exactly {@code xl_tot_len} bytes, as {@link DecodedRecord#bytes()}
     * or {@link org.walprism.codec.write.RecordBuilder#build()} give it), read as {@code version}, at {@code lsn}.
     * The view reads the array in place: do not change it while the view is in use.
     *
     * @throws WalFormatException when the header or body is malformed
     */
    public static RecordView of(WalVersion version, byte[] record, long lsn) {
        if (record.length < HEADER_SIZE) {
            throw new WalFormatException("record of " + record.length + " bytes (expected: >= " + HEADER_SIZE + ")",
                    lsn, null, -1);
        }
        ByteBuf buf = Unpooled.wrappedBuffer(record);
        long totLen = buf.getUnsignedIntLE(0);
        if (totLen != record.length) {
            throw new WalFormatException("invalid xl_tot_len " + totLen + " (expected: " + record.length + ")", lsn,
                    null, -1);
        }
        return new RecordView().parse(version, buf, 0, record.length, lsn);
    }

    /**
     * Points this view at the record of {@code length} bytes at {@code index} of {@code buf} and decodes its
     * body. The header fields must already have been validated by the caller (length, rmid).
     * {@code internal.RecordViewAccess} calls it, and reads {@code buf}, through a private lookup: keep both
     * names and types.
     *
     * @throws WalFormatException when the body is malformed (message as PostgreSQL's decoder words it)
     */
    RecordView parse(WalVersion version, ByteBuf buf, int index, int length, long lsn) {
        this.version = version;
        this.buf = buf;
        raw.reset(buf);
        this.base = index;
        this.lsn = lsn;
        this.totLen = length;
        decodeBody();
        return this;
    }

    private WalFormatException error(String what) {
        return new WalFormatException(what, lsn, null, -1);
    }

    /**
     * Decodes the record body as DecodeXLogRecord (access/transam/xlogreader.c) does: block headers and special
     * block ids up to the main-data header, then the image and data offsets. Byte counts left are
     * {@code end - pos}; {@link #bodyData} is what the headers read so far announce.
     */
    private void decodeBody() {
        int end = base + totLen;
        int pos = base + HEADER_SIZE;
        bodyData = 0;
        maxId = -1;
        lastRel = -1;
        blockCount = 0;
        origin = -1;
        toplevelXid = -1;
        mainLen = 0;
        longMain = false;
        fpiLen = 0;
        while (end - pos > bodyData) {
            int id = raw.u8(pos);
            pos++;
            if (id == BLOCK_ID_DATA_SHORT) {
                need(end - pos, 1);
                mainLen = raw.u8(pos);
                pos++;
                bodyData += mainLen;
                break;
            } else if (id == BLOCK_ID_DATA_LONG) {
                need(end - pos, 4);
                long len = raw.u32(pos);
                if (len > totLen) {
                    throw error("record with invalid length");
                }
                mainLen = (int) len;
                longMain = true;
                pos += 4;
                bodyData += mainLen;
                break;
            } else if (id == BLOCK_ID_ORIGIN) {
                need(end - pos, 2);
                origin = raw.u16(pos);
                pos += 2;
            } else if (id == BLOCK_ID_TOPLEVEL_XID && hasToplevelXid(version)) {
                need(end - pos, 4);
                toplevelXid = raw.u32(pos);
                pos += 4;
            } else if (id <= MAX_BLOCK_ID) {
                pos = decodeBlockHeader(id, pos, end);
            } else {
                throw error("invalid block_id " + id);
            }
        }
        if (end - pos != bodyData) {
            throw error("record with invalid length");
        }
        for (int b = 0; b < blockCount; b++) {
            imgOff[b] = pos;
            pos += imgLen[b];
            dataOff[b] = pos;
            pos += dataLen[b];
        }
        mainOff = pos;
    }

    /** {@code XLogRecordBlockHeader} of block {@code id} at {@code pos}, its image header, relation and block number. */
    private int decodeBlockHeader(int id, int pos, int end) {
        if (id <= maxId) {
            throw error("out-of-order block_id " + id);
        }
        maxId = id;
        int b = blockCount++;
        need(end - pos, 3);
        int ff = raw.u8(pos);
        int dl = raw.u16(pos + 1);
        pos += 3;
        blockId[b] = id;
        forkFlags[b] = ff;
        dataLen[b] = dl;
        boolean hasData = (ff & BlockRef.HAS_DATA) != 0;
        if (hasData && dl == 0) {
            throw error("BKPBLOCK_HAS_DATA set, but no data included");
        }
        if (!hasData && dl != 0) {
            throw error("BKPBLOCK_HAS_DATA not set, but data length is " + dl);
        }
        bodyData += dl;
        imgLen[b] = 0;
        holeOff[b] = 0;
        holeLen[b] = 0;
        bimgInfo[b] = 0;
        if ((ff & BlockRef.HAS_IMAGE) != 0) {
            pos = decodeImageHeader(b, pos, end);
        }
        if ((ff & BlockRef.SAME_REL) == 0) {
            need(end - pos, 12);
            relOff[b] = pos;
            lastRel = pos;
            pos += 12;
        } else {
            if (lastRel < 0) {
                throw error("BKPBLOCK_SAME_REL set but no previous rel");
            }
            relOff[b] = lastRel;
        }
        need(end - pos, 4);
        blkno[b] = raw.u32(pos);
        return pos + 4;
    }

    /** {@code XLogRecordBlockImageHeader} (and compress header) of block {@code b} at {@code pos}. */
    private int decodeImageHeader(int b, int pos, int end) {
        need(end - pos, BlockImage.SIZE_OF_IMAGE_HEADER);
        int il = raw.u16(pos);
        int ho = raw.u16(pos + 2);
        int bi = raw.u8(pos + 4);
        pos += BlockImage.SIZE_OF_IMAGE_HEADER;
        boolean compressed = (bi & BlockImage.compressedMask(version)) != 0;
        boolean hole = (bi & BlockImage.HAS_HOLE) != 0;
        int hl;
        if (compressed && hole) {
            need(end - pos, 2);
            hl = raw.u16(pos);
            pos += 2;
        } else if (compressed) {
            hl = 0;
        } else {
            // hole_length is uint16 in DecodedBkpBlock: a bimg_len above BLCKSZ wraps, as in xlogreader.c
            hl = (BlockImage.BLCKSZ - il) & 0xFFFF;
        }
        if (hole && (ho == 0 || hl == 0 || il == BlockImage.BLCKSZ)) {
            throw error("BKPIMAGE_HAS_HOLE set, but hole offset " + ho + " length " + hl
                    + " block image length " + il);
        }
        if (!hole && (ho != 0 || hl != 0)) {
            throw error("BKPIMAGE_HAS_HOLE not set, but hole offset " + ho + " length " + hl);
        }
        if (compressed && il == BlockImage.BLCKSZ) {
            throw error(compressedFlagName(version) + " set, but block image length " + il);
        }
        if (!hole && !compressed && il != BlockImage.BLCKSZ) {
            throw error("neither BKPIMAGE_HAS_HOLE nor " + compressedFlagName(version)
                    + " set, but block image length is " + dataLen[b]);
        }
        imgLen[b] = il;
        holeOff[b] = ho;
        holeLen[b] = hl;
        bimgInfo[b] = bi;
        bodyData += il;
        fpiLen += il;
        return pos;
    }

    private void need(int remaining, int n) {
        if (remaining < n) {
            throw error("record with invalid length");
        }
    }

    /** Whether block id 252 (top-level xid) exists in {@code v}'s record format (14+). */
    public static boolean hasToplevelXid(WalVersion v) {
        return switch (v) {
            case PG13 -> false;
            case PG14, PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    private static String compressedFlagName(WalVersion v) {
        return switch (v) {
            case PG13, PG14 -> "BKPIMAGE_IS_COMPRESSED";
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> "BKPIMAGE_COMPRESSED";
        };
    }

    /** The WAL version the record was read as. */
    public WalVersion version() {
        return version;
    }

    /**
     * Start LSN of the record as the raw {@code XLogRecPtr}. The view is the allocation-free path (stats and
     * categories over gigabytes call this for every record), so it hands out the primitive, as it does for every
     * other field; {@link #recordLsn()} is the same location as a value.
     */
    public long lsn() {
        return lsn;
    }

    /** Start LSN of the record as an {@link Lsn} (allocates; {@link DecodedRecord#recordLsn()} is its twin). */
    public Lsn recordLsn() {
        return Lsn.of(lsn);
    }

    /** {@code xl_tot_len}. */
    public int totalLength() {
        return totLen;
    }

    /** {@code xl_xid}, unsigned. */
    public long xid() {
        return raw.u32(base + XL_XID_OFFSET);
    }

    /** {@code xl_prev}. */
    public long prev() {
        return raw.u64(base + XL_PREV_OFFSET);
    }

    /** {@code xl_info}. */
    public int info() {
        return raw.u8(base + XL_INFO_OFFSET);
    }

    /** {@code xl_rmid}. */
    public int rmid() {
        return raw.u8(base + XL_RMID_OFFSET);
    }

    /** {@code xl_crc}, unsigned. */
    public long crc() {
        return raw.u32(base + XL_CRC_OFFSET);
    }

    /** Sum of {@code bimg_len} over the record's images. */
    public int fpiLength() {
        return fpiLen;
    }

    /** Number of block references. */
    public int blockCount() {
        return blockCount;
    }

    /** Block id of the {@code i}-th block reference (record order). */
    public int blockId(int i) {
        return blockId[i];
    }

    /** Raw {@code fork_flags} of the {@code i}-th block reference. */
    public int forkFlags(int i) {
        return forkFlags[i];
    }

    /** {@code data_length} of block {@code i} (by position, not id). */
    public int blockDataLength(int i) {
        return dataLen[i];
    }

    /** Image length ({@code bimg_len}) of the {@code i}-th block, 0 when it has no image. */
    public int imageLength(int i) {
        return imgLen[i];
    }

    /** {@code hole_offset} of block {@code i}'s image. */
    public int holeOffset(int i) {
        return holeOff[i];
    }

    /** {@code hole_length} of block {@code i}'s image (as xlogreader.c computes it). */
    public int holeLength(int i) {
        return holeLen[i];
    }

    /** {@code bimg_info} of block {@code i}'s image. */
    public int bimgInfo(int i) {
        return bimgInfo[i];
    }

    /** Block number of block {@code i}, unsigned 32 bit. */
    public long blockNumber(int i) {
        return blkno[i];
    }

    /** {@code spcOid} of block {@code i}'s relation. */
    public long spcOid(int i) {
        return raw.u32(relOff[i]);
    }

    /** {@code dbOid} of block {@code i}'s relation. */
    public long dbOid(int i) {
        return raw.u32(relOff[i] + 4);
    }

    /** {@code relNumber} of block {@code i}'s relation. */
    public long relNumber(int i) {
        return raw.u32(relOff[i] + 8);
    }

    /** Replication origin (block id 253), or -1. */
    public int origin() {
        return origin;
    }

    /** Top-level transaction id (block id 252), or -1. */
    public long toplevelXid() {
        return toplevelXid;
    }

    /** Bytes of main data. */
    public int mainDataLength() {
        return mainLen;
    }

    /** uint8 at {@code index} of the record's buffer (indexes as {@link #mainDataIndex()} gives them). */
    public int u8(int index) {
        return raw.u8(index);
    }

    /** Little-endian uint16 at {@code index} of the record's buffer. */
    public int u16(int index) {
        return raw.u16(index);
    }

    /** Little-endian uint32 at {@code index} of the record's buffer. */
    public long u32(int index) {
        return raw.u32(index);
    }

    /** Little-endian int32 at {@code index} of the record's buffer. */
    public int i32(int index) {
        return raw.i32(index);
    }

    /** Little-endian int64 at {@code index} of the record's buffer. */
    public long i64(int index) {
        return raw.u64(index);
    }

    /** Copies {@code length} bytes from {@code index} of the record's buffer into {@code dst} at {@code dstIndex}. */
    public void copyBytes(int index, byte[] dst, int dstIndex, int length) {
        buf.getBytes(index, dst, dstIndex, length);
    }

    /** A copy of the main data. */
    public byte[] mainData() {
        return copy(mainOff, mainLen);
    }

    /** A copy of block {@code i}'s data (empty without {@code BKPBLOCK_HAS_DATA}). */
    public byte[] blockData(int i) {
        return copy(dataOff[i], dataLen[i]);
    }

    /**
     * The record-type name pg_waldump prints ({@code heap2_identify} and the like, e.g. {@code PRUNE_VACUUM_SCAN},
     * {@code INSERT+INIT}), or {@code UNKNOWN (%x)} when the version has no such record.
     */
    public String typeName() {
        return RmgrTable.recordTypeName(version, rmid(), info());
    }

    /** Index of the record's first byte in the record's buffer. */
    public int baseIndex() {
        return base;
    }

    /** Index of the main data in the record's buffer (read with {@link #u8}, {@link #u32}, ...). */
    public int mainDataIndex() {
        return mainOff;
    }

    /** Index of block {@code i}'s data in the record's buffer (read with {@link #u8}, {@link #u32}, ...). */
    public int blockDataIndex(int i) {
        return dataOff[i];
    }

    /** Index of block {@code i}'s image bytes in the record's buffer (read with {@link #u8}, {@link #u32}, ...). */
    public int imageIndex(int i) {
        return imgOff[i];
    }

    /** Copies this view into an immutable {@link DecodedRecord}. */
    public DecodedRecord toDecoded() {
        List<BlockRef> blocks = new ArrayList<>(blockCount);
        for (int b = 0; b < blockCount; b++) {
            BlockImage image = null;
            if ((forkFlags[b] & BlockRef.HAS_IMAGE) != 0) {
                int bi = bimgInfo[b];
                image = new BlockImage(imgLen[b], holeOff[b], holeLen[b], bi, BlockImage.compressionOf(version, bi),
                        (bi & BlockImage.applyBit(version)) != 0, (bi & BlockImage.HAS_HOLE) != 0,
                        copy(imgOff[b], imgLen[b]));
            }
            RelFileLocator rel = new RelFileLocator(spcOid(b), dbOid(b), relNumber(b));
            blocks.add(new BlockRef(blockId[b], forkFlags[b], rel, blkno[b], image, copy(dataOff[b], dataLen[b])));
        }
        return new DecodedRecord(version, lsn, totLen, xid(), prev(), info(), rmid(), crc(), List.copyOf(blocks), origin,
                toplevelXid, copy(mainOff, mainLen), longMain, copy(base, totLen));
    }

    /** Copies the image bytes of block {@code i} (as stored: hole removed, maybe compressed). */
    public byte[] imageBytes(int i) {
        return copy(imgOff[i], imgLen[i]);
    }

    private byte[] copy(int index, int len) {
        byte[] out = new byte[len];
        buf.getBytes(index, out);
        return out;
    }

    @Override
    public String toString() {
        return "RecordView{lsn=" + Long.toHexString(lsn) + ", len=" + totLen + ", rmid=" + rmid() + ", info="
                + info() + ", blocks=" + Arrays.toString(Arrays.copyOf(blockId, blockCount)) + "}";
    }
}
