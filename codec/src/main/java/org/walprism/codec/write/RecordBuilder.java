package org.walprism.codec.write;

import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.record.RelFileLocator;

/**
 * Builds a new record from parts (resource manager, info, xid, block references, main data) the way
 * XLogRecordAssemble does: block headers in id order, BKPBLOCK_SAME_REL when a block's relation equals
 * the previous block's, HAS_DATA/HAS_IMAGE from what is attached, the short main-data header up to
 * 255 bytes and the long one above. {@code xl_prev} is left 0; {@link WalWriter} fills it.
 *
 * <p>Mirrors src/backend/access/transam/xloginsert.c (XLogRegisterBuffer, XLogRecordAssemble and the
 * image part of it: hole from {@code pd_lower}/{@code pd_upper} of standard pages).
 */
public final class RecordBuilder {

    private final WalVersion version;
    private final int rmid;
    private final int info;
    private long xid;
    private long prev;
    private boolean longMainDataHeader;
    private List<BlockRef> given;
    private int origin = -1;
    private long toplevelXid = -1;
    private byte[] mainData = new byte[0];
    private final TreeMap<Integer, BlockRef> blocks = new TreeMap<>();

    private RecordBuilder(WalVersion version, int rmid, int info) {
        this.version = Objects.requireNonNull(version, "version");
        this.rmid = rmid;
        this.info = info;
    }

    /** A record of resource manager {@code rmid} with {@code xl_info} {@code info}. */
    public static RecordBuilder of(WalVersion version, int rmid, int info) {
        return new RecordBuilder(version, rmid, info);
    }

    /** {@code xl_xid}: the transaction id, unsigned 32 bit (0 when none is assigned). */
    public RecordBuilder xid(long xid) {
        this.xid = xid;
        return this;
    }

    /** {@code xl_prev} (0 by default; {@link WalWriter} re-chains whatever is set). */
    public RecordBuilder prev(long prev) {
        this.prev = prev;
        return this;
    }

    /** Writes the 0xFE (uint32 length) main-data header even for main data of 255 bytes or less. */
    public RecordBuilder longMainDataHeader(boolean longHeader) {
        this.longMainDataHeader = longHeader;
        return this;
    }

    /**
     * Adds block references exactly as given, in list order, {@code fork_flags} (SAME_REL included) untouched:
     * for re-encoding decoded blocks. A builder takes either these or {@link #block} registrations, not both.
     */
    public RecordBuilder blocksAsGiven(List<BlockRef> refs) {
        if (!blocks.isEmpty() || given != null) {
            throw new IllegalStateException("blocks were already added");
        }
        given = List.copyOf(refs);
        return this;
    }

    /** Replication origin (block id 253). */
    public RecordBuilder origin(int origin) {
        this.origin = origin;
        return this;
    }

    /** Top-level transaction id (block id 252, 14+). */
    public RecordBuilder toplevelXid(long toplevelXid) {
        this.toplevelXid = toplevelXid;
        return this;
    }

    /** Main data (no main-data header when empty). */
    public RecordBuilder mainData(byte[] data) {
        this.mainData = data.clone();
        return this;
    }

    /** Registers block {@code id} with block data and no image ({@code REGBUF_STANDARD} or not). */
    public RecordBuilder block(int id, RelFileLocator rel, int fork, long blockNumber, boolean willInit,
                               byte[] data) {
        return block(id, rel, fork, blockNumber, willInit, null, data);
    }

    /**
     * Registers block {@code id}.
     *
     * @param fork      fork number 0..15 (0 main, 1 fsm, 2 vm, 3 init)
     * @param willInit  BKPBLOCK_WILL_INIT (REGBUF_WILL_INIT)
     * @param image     the full-page image with its stored bytes ({@link #pageImage}, {@link #compressedImage}),
     *                  or null
     * @param data      block data (may be empty). PostgreSQL drops block data when it takes an image unless
     *                  the caller used REGBUF_KEEP_DATA, so pass what the record really carries.
     */
    public RecordBuilder block(int id, RelFileLocator rel, int fork, long blockNumber, boolean willInit,
                               BlockImage image, byte[] data) {
        Objects.requireNonNull(rel, "rel");
        if (given != null) {
            throw new IllegalStateException("blocks were added with blocksAsGiven(...)");
        }
        if (id < 0 || id > RecordView.MAX_BLOCK_ID) {
            throw new WalFormatException("invalid block_id " + id + " (expected: 0.." + RecordView.MAX_BLOCK_ID + ")");
        }
        if (fork < 0 || fork > BlockRef.FORK_MASK) {
            throw new WalFormatException("invalid fork number " + fork + " (expected: 0..15)");
        }
        if (blocks.containsKey(id)) {
            throw new WalFormatException("block_id " + id + " registered twice");
        }
        int flags = fork;
        if (willInit) {
            flags |= BlockRef.WILL_INIT;
        }
        if (image != null) {
            flags |= BlockRef.HAS_IMAGE;
        }
        if (data.length > 0) {
            flags |= BlockRef.HAS_DATA;
        }
        if (image != null && (!image.hasBytes() || image.bytesLength() != image.length())) {
            throw new WalFormatException("image of block " + id + " without its " + image.length() + " stored bytes");
        }
        blocks.put(id, new BlockRef(id, flags, rel, blockNumber, image, data.clone()));
        return this;
    }

    /** The record bytes with {@code xl_prev} as set (0 by default) and a valid CRC; {@link WalWriter} re-chains it. */
    public byte[] build() {
        if (given != null) {
            return RecordEncoder.encode(new RecordEncoder.Parts(version, rmid, info, xid, prev, given, origin,
                    toplevelXid, mainData, longMainDataHeader));
        }
        List<BlockRef> list = new ArrayList<>(blocks.size());
        RelFileLocator prevRel = null;
        for (BlockRef b : blocks.values()) {
            int flags = b.forkFlags();
            // SAME_REL compares with the previous registered block only (XLogRecordAssemble's prev_regbuf)
            if (prevRel != null && prevRel.equals(b.rel())) {
                flags |= BlockRef.SAME_REL;
            }
            prevRel = b.rel();
            list.add(new BlockRef(b.id(), flags, b.rel(), b.blockNumber(), b.image(), b.data()));
        }
        return RecordEncoder.encode(new RecordEncoder.Parts(version, rmid, info, xid, prev, list, origin, toplevelXid,
                mainData, longMainDataHeader));
    }

    /**
     * An uncompressed image of {@code page} as XLogRecordAssemble stores it: for a standard page with
     * {@code pd_lower >= 24}, {@code pd_upper > pd_lower} and {@code pd_upper <= BLCKSZ} the bytes between
     * {@code pd_lower} and {@code pd_upper} are the hole and are left out; other pages are stored whole.
     *
     * @param page     the BLCKSZ (8192) bytes of the page
     * @param standard the page was registered with REGBUF_STANDARD
     * @param apply    BKPIMAGE_APPLY: the image was taken as a full-page write (false for an image taken only
     *                 for wal_consistency_checking)
     */
    public static BlockImage pageImage(WalVersion version, byte[] page, boolean standard, boolean apply) {
        if (page.length != BlockImage.BLCKSZ) {
            throw new WalFormatException("page of " + page.length + " bytes (expected: " + BlockImage.BLCKSZ + ")");
        }
        int holeOffset = 0;
        int holeLength = 0;
        if (standard) {
            var buf = Unpooled.wrappedBuffer(page);
            int lower = buf.getUnsignedShortLE(12);   // PageHeaderData.pd_lower
            int upper = buf.getUnsignedShortLE(14);   // PageHeaderData.pd_upper
            if (lower >= PageImages.SIZE_OF_PAGE_HEADER_DATA && upper > lower && upper <= BlockImage.BLCKSZ) {
                holeOffset = lower;
                holeLength = upper - lower;
            }
        }
        int bimgInfo = (holeLength == 0 ? 0 : BlockImage.HAS_HOLE) | (apply ? BlockImage.applyBit(version) : 0);
        byte[] stored = new byte[BlockImage.BLCKSZ - holeLength];
        System.arraycopy(page, 0, stored, 0, holeOffset);
        System.arraycopy(page, holeOffset + holeLength, stored, holeOffset,
                BlockImage.BLCKSZ - holeOffset - holeLength);
        return new BlockImage(stored.length, holeOffset, holeLength, bimgInfo, BlockImage.Compression.NONE, apply,
                holeLength != 0, stored);
    }

    /**
     * An image already compressed with {@code method} (the caller ran pglz, LZ4 or zstd over the page
     * minus its hole). PostgreSQL keeps a compressed image only when
     * {@code compressed + (2 if hole) < BLCKSZ - hole_length}; that check is applied here too.
     */
    public static BlockImage compressedImage(WalVersion version, BlockImage.Compression method, int holeOffset,
                                        int holeLength, byte[] compressed, boolean apply) {
        if (method == BlockImage.Compression.NONE) {
            throw new IllegalArgumentException("use pageImage for uncompressed images");
        }
        boolean hole = holeLength != 0;
        if ((holeOffset != 0) != hole || holeLength < 0 || holeOffset < 0
                || holeOffset + holeLength > BlockImage.BLCKSZ) {
            throw new WalFormatException("invalid hole offset " + holeOffset + " length " + holeLength);
        }
        if (compressed.length + (hole ? 2 : 0) >= BlockImage.BLCKSZ - holeLength) {
            throw new WalFormatException("compressed image of " + compressed.length
                    + " bytes saves nothing; PostgreSQL would store it uncompressed");
        }
        int bimgInfo = (hole ? BlockImage.HAS_HOLE : 0) | (apply ? BlockImage.applyBit(version) : 0)
                | compressionBit(version, method);
        return new BlockImage(compressed.length, holeOffset, holeLength, bimgInfo, method, apply, hole,
                Arrays.copyOf(compressed, compressed.length));
    }

    /** The {@code bimg_info} bit of a compression method: the one dispatch point for it. */
    static int compressionBit(WalVersion version, BlockImage.Compression method) {
        return switch (version) {
            case PG13, PG14 -> switch (method) {
                case NONE -> 0;
                case PGLZ -> 0x02;   // BKPIMAGE_IS_COMPRESSED, always pglz
                case LZ4, ZSTD -> throw new WalFormatException(method.label()
                        + " image compression does not exist in PostgreSQL " + version.label());
            };
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> switch (method) {
                case NONE -> 0;
                case PGLZ -> 0x04;   // BKPIMAGE_COMPRESS_PGLZ
                case LZ4 -> 0x08;    // BKPIMAGE_COMPRESS_LZ4
                case ZSTD -> 0x10;   // BKPIMAGE_COMPRESS_ZSTD
            };
        };
    }
}
