package org.walprism.codec.write;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.zip.CRC32C;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;

/**
 * Encodes a record from its parts into the exact bytes PostgreSQL writes, CRC-32C included.
 *
 * <p>{@code XLogRecord => xl_tot_len: uint32, xl_xid: uint32, xl_prev: uint64, xl_info: uint8,
 * xl_rmid: uint8, pad: 2 (zero), xl_crc: uint32}, then per block in the given order
 * {@code XLogRecordBlockHeader => id: uint8, fork_flags: uint8, data_length: uint16},
 * {@code [XLogRecordBlockImageHeader => length: uint16, hole_offset: uint16, bimg_info: uint8]},
 * {@code [hole_length: uint16]} (compressed image with a hole), {@code [RelFileLocator: 12]} (unless
 * BKPBLOCK_SAME_REL), {@code blkno: uint32}; then {@code [0xFD, origin: uint16]},
 * {@code [0xFC, toplevel xid: uint32]}, {@code [0xFF, len: uint8 | 0xFE, len: uint32]}; then per block
 * image bytes and block data, then main data.
 *
 * <p>Mirrors XLogRecordAssemble in src/backend/access/transam/xloginsert.c (the same in 13 to master).
 * The CRC covers {@code rec[24:tot]} and then {@code rec[0:20]}, as XLogInsertRecord computes it once
 * {@code xl_prev} is known.
 */
public final class RecordEncoder {
    private static final int MAX_RECORD_SIZE = RecordView.XLOG_RECORD_MAX_SIZE;

    private RecordEncoder() {
    }

    /**
     * Encodes {@code record} back to its bytes. Block headers keep their original {@code fork_flags}
     * (SAME_REL included) and the main-data header keeps its original form, so the result equals the
     * bytes PostgreSQL wrote. Only the decoded values are used, never {@link DecodedRecord#bytes()}.
     *
     * @throws WalFormatException when the decoded parts are inconsistent
     */
    public static byte[] encode(DecodedRecord record) {
        return encode(new Parts(record.version(), record.rmid(), record.info(), record.xid(), record.prev(),
                record.blocks(), record.origin(), record.toplevelXid(), record.mainData(),
                record.longMainDataHeader()));
    }

    /**
     * The parts of one record as {@link #encode(Parts)} writes them; callers build them with {@link RecordBuilder}.
     *
     * @param version            the WAL version (block id 252 is rejected for 13)
     * @param rmid               {@code xl_rmid}
     * @param info               {@code xl_info}
     * @param xid                {@code xl_xid}, unsigned 32 bit
     * @param prev               {@code xl_prev}
     * @param blocks             block references in record order (ids strictly increasing), {@code fork_flags} as
     *                           given; images carry their stored bytes
     * @param origin             replication origin (block id 253), or -1 for none
     * @param toplevelXid        top-level xid (block id 252), or -1 for none
     * @param mainData           main data (may be empty: then no main-data header)
     * @param longMainDataHeader write the 0xFE (uint32 length) header even for &lt;= 255 bytes
     */
    record Parts(WalVersion version, int rmid, int info, long xid, long prev, List<BlockRef> blocks, int origin,
                 long toplevelXid, byte[] mainData, boolean longMainDataHeader) {
        boolean longMain() {
            return longMainDataHeader || mainData.length > 255;
        }
    }

    /**
     * Encodes a record from parts: checks them, sizes the record, then writes header, block headers, special
     * block ids and payload in XLogRecordAssemble's order.
     *
     * @return the record, {@code xl_tot_len} bytes, with a valid {@code xl_crc}
     */
    static byte[] encode(Parts p) {
        checkRecordFields(p);
        long headerLen = RecordView.HEADER_SIZE;
        long payloadLen = 0;
        int lastId = -1;
        for (BlockRef b : p.blocks()) {
            checkBlock(b, lastId);
            lastId = b.id();
            headerLen += 4 + 4 + (b.sameRel() ? 0 : 12);
            payloadLen += b.dataLength();
            if (b.image() != null) {
                headerLen += b.image().headerSize();
                payloadLen += b.image().length();
            }
        }
        headerLen += (p.origin() >= 0 ? 3 : 0) + (p.toplevelXid() >= 0 ? 5 : 0);
        if (p.mainData().length > 0) {
            headerLen += p.longMain() ? 5 : 2;
        }
        long total = headerLen + payloadLen + p.mainData().length;
        if (total > MAX_RECORD_SIZE) {
            throw new WalFormatException("record of " + total + " bytes (expected: <= " + MAX_RECORD_SIZE + ")");
        }
        byte[] out = new byte[(int) total];
        ByteBuf buf = Unpooled.wrappedBuffer(out);
        buf.writerIndex(0);
        writeHeader(buf, p, (int) total);
        for (BlockRef b : p.blocks()) {
            writeBlockHeader(buf, b);
        }
        writeSpecialIds(buf, p);
        for (BlockRef b : p.blocks()) {
            if (b.image() != null) {
                buf.writeBytes(b.image().bytesView());
            }
            buf.writeBytes(b.dataView());
        }
        buf.writeBytes(p.mainData());
        if (buf.writerIndex() != total) {
            throw new IllegalStateException("encoded " + buf.writerIndex() + " bytes, computed " + total);
        }
        buf.setIntLE(RecordView.XL_CRC_OFFSET, (int) crc(out));
        return out;
    }

    private static void checkRecordFields(Parts p) {
        checkUnsigned("xl_rmid", p.rmid(), 0xFF);
        checkUnsigned("xl_info", p.info(), 0xFF);
        checkUnsigned("xl_xid", p.xid(), 0xFFFFFFFFL);
        if (p.toplevelXid() >= 0 && !RecordView.hasToplevelXid(p.version())) {
            throw new WalFormatException("block id 252 (top-level xid) does not exist in PostgreSQL "
                    + p.version().label());
        }
        if (p.origin() >= 0) {
            checkUnsigned("origin", p.origin(), 0xFFFF);
        }
        if (p.toplevelXid() >= 0) {
            checkUnsigned("toplevel xid", p.toplevelXid(), 0xFFFFFFFFL);
        }
    }

    /** Checks block {@code b} (after block id {@code lastId}, -1 for the first) against its flags and limits. */
    private static void checkBlock(BlockRef b, int lastId) {
        if (b.id() < 0 || b.id() > RecordView.MAX_BLOCK_ID) {
            throw new WalFormatException("invalid block_id " + b.id() + " (expected: 0.." + RecordView.MAX_BLOCK_ID + ")");
        }
        if (b.id() <= lastId) {
            throw new WalFormatException("out-of-order block_id " + b.id() + " after " + lastId);
        }
        if (lastId < 0 && b.sameRel()) {
            throw new WalFormatException("BKPBLOCK_SAME_REL set on block " + b.id() + " but no previous rel");
        }
        checkUnsigned("fork_flags", b.forkFlags(), 0xFF);
        checkUnsigned("blkno", b.blockNumber(), 0xFFFFFFFFL);
        if (b.dataLength() > 0xFFFF) {
            throw new WalFormatException("data_length " + b.dataLength() + " of block " + b.id()
                    + " (expected: <= 65535)");
        }
        if (b.hasData() != (b.dataLength() > 0)) {
            throw new WalFormatException("BKPBLOCK_HAS_DATA " + (b.hasData() ? "set" : "not set")
                    + " on block " + b.id() + " with data length " + b.dataLength());
        }
        if (b.hasImage() != (b.image() != null)) {
            throw new WalFormatException("BKPBLOCK_HAS_IMAGE " + (b.hasImage() ? "set" : "not set")
                    + " on block " + b.id() + (b.image() == null ? " without" : " with") + " an image");
        }
        if (!b.sameRel() && b.rel() == null) {
            throw new WalFormatException("block " + b.id() + " has no relation and no BKPBLOCK_SAME_REL");
        }
        BlockImage img = b.image();
        if (img != null) {
            if (!img.hasBytes() || img.bytesLength() != img.length()) {
                throw new WalFormatException("image of block " + b.id() + " has "
                        + (!img.hasBytes() ? "no" : String.valueOf(img.bytesLength()))
                        + " bytes (expected: bimg_len " + img.length() + ")");
            }
            checkUnsigned("bimg_len", img.length(), 0xFFFF);
            checkUnsigned("hole_offset", img.holeOffset(), 0xFFFF);
            checkUnsigned("bimg_info", img.info(), 0xFF);
            if (img.headerSize() == 7) {
                checkUnsigned("hole_length", img.holeLength(), 0xFFFF);
            }
        }
    }

    private static void writeHeader(ByteBuf buf, Parts p, int total) {
        buf.writeIntLE(total);                  // xl_tot_len
        buf.writeIntLE((int) p.xid());          // xl_xid
        buf.writeLongLE(p.prev());              // xl_prev
        buf.writeByte(p.info());                // xl_info
        buf.writeByte(p.rmid());                // xl_rmid
        buf.writeShortLE(0);                    // pad, always zero
        buf.writeIntLE(0);                      // xl_crc, filled once the record is written
    }

    private static void writeBlockHeader(ByteBuf buf, BlockRef b) {
        buf.writeByte(b.id());                  // id
        buf.writeByte(b.forkFlags());           // fork_flags
        buf.writeShortLE(b.dataLength());       // data_length
        BlockImage img = b.image();
        if (img != null) {
            buf.writeShortLE(img.length());     // bimg_len
            buf.writeShortLE(img.holeOffset()); // hole_offset
            buf.writeByte(img.info());          // bimg_info
            if (img.headerSize() == 7) {
                buf.writeShortLE(img.holeLength()); // XLogRecordBlockCompressHeader.hole_length
            }
        }
        if (!b.sameRel()) {
            buf.writeIntLE((int) b.rel().spcOid());    // spcOid
            buf.writeIntLE((int) b.rel().dbOid());     // dbOid
            buf.writeIntLE((int) b.rel().relNumber()); // relNumber
        }
        buf.writeIntLE((int) b.blockNumber());         // BlockNumber
    }

    private static void writeSpecialIds(ByteBuf buf, Parts p) {
        if (p.origin() >= 0) {
            buf.writeByte(RecordView.BLOCK_ID_ORIGIN);
            buf.writeShortLE(p.origin());       // RepOriginId
        }
        if (p.toplevelXid() >= 0) {
            buf.writeByte(RecordView.BLOCK_ID_TOPLEVEL_XID);
            buf.writeIntLE((int) p.toplevelXid()); // TransactionId
        }
        int mainLen = p.mainData().length;
        if (mainLen > 0) {
            if (p.longMain()) {
                buf.writeByte(RecordView.BLOCK_ID_DATA_LONG);
                buf.writeIntLE(mainLen);        // uint32 length, unaligned
            } else {
                buf.writeByte(RecordView.BLOCK_ID_DATA_SHORT);
                buf.writeByte(mainLen);         // uint8 length
            }
        }
    }

    /**
     * The CRC-32C PostgreSQL stores in {@code xl_crc}: over {@code rec[24:xl_tot_len]}, then
     * {@code rec[0:20]}, as one stream.
     */
    public static long crc(byte[] record) {
        CRC32C crc = new CRC32C();
        crc.update(record, RecordView.HEADER_SIZE, record.length - RecordView.HEADER_SIZE);
        crc.update(record, 0, RecordView.XL_CRC_OFFSET);
        return crc.getValue();
    }

    /** {@code xl_prev} of an encoded record. */
    public static long prev(byte[] record) {
        return Unpooled.wrappedBuffer(record).getLongLE(RecordView.XL_PREV_OFFSET);
    }

    /** Sets {@code xl_prev} of an encoded record in place and recomputes {@code xl_crc}. */
    public static void setPrev(byte[] record, long prev) {
        ByteBuf buf = Unpooled.wrappedBuffer(record);
        buf.setLongLE(RecordView.XL_PREV_OFFSET, prev);
        buf.setIntLE(RecordView.XL_CRC_OFFSET, (int) crc(record));
    }

    /** The one dispatch point for block id 252: absent in 13, present from 14. */
    private static void checkUnsigned(String field, long value, long max) {
        if (value < 0 || value > max) {
            throw new WalFormatException("invalid " + field + " " + value + " (expected: 0.." + max + ")");
        }
    }
}
