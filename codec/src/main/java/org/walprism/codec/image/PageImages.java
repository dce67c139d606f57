package org.walprism.codec.image;

import java.util.Arrays;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockImage.Compression;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;

/**
 * Restores the page a full-page image stands for: {@code BLCKSZ} (8192) bytes, as RestoreBlockImage
 * (src/backend/access/transam/xlogreader.c) rebuilds it for redo, pg_waldump's {@code --save-fullpage} and
 * pg_walinspect's {@code block_fpi_data}.
 *
 * <p>The stored image is the page without its hole ({@code hole_length} zero bytes at {@code hole_offset},
 * the free space between {@code pd_lower} and {@code pd_upper}), maybe compressed:
 * <pre>
 * stored  => compress(page[0, hole_offset) ++ page[hole_offset + hole_length, BlockImage.BLCKSZ))
 * page    => raw[0, hole_offset) ++ zero[hole_length] ++ raw[hole_offset, BlockImage.BLCKSZ - hole_length)
 * </pre>
 * with compress one of: none ({@code bimg_len = BlockImage.BLCKSZ - hole_length}); pglz ({@link Pglz}, written here);
 * lz4 block format ({@code LZ4_decompress_safe}, lz4-java); zstd frames ({@code ZSTD_decompress}, zstd-jni).
 * Which one comes from {@code bimg_info}, whose bits differ per version ({@link BlockImage#compressionOf}).
 *
 * <p>Stricter than PostgreSQL in one way: an lz4 or zstd image must inflate to exactly
 * {@code BlockImage.BLCKSZ - hole_length} bytes (PostgreSQL accepts fewer and leaves the rest of its buffer as it was).
 * Any failure is a {@link WalFormatException} naming the record's LSN and the block id. Buffers are fixed
 * ({@code BLCKSZ} and the 16-bit maximum of {@code bimg_len}); nothing is sized by the stream.
 *
 * <p>An instance keeps its scratch buffers and is not thread-safe; use one per thread.
 */
public final class PageImages {

    /** {@code SizeOfPageHeaderData}: bytes of a data page's header (storage/bufpage.h). */
    public static final int SIZE_OF_PAGE_HEADER_DATA = 24;
    /** {@code LP_UNUSED}: an unused line pointer ({@code ItemIdData.lp_flags}, src/include/storage/itemid.h). */
    public static final int LP_UNUSED = 0;
    /** {@code LP_NORMAL}: in use, points at a tuple. */
    public static final int LP_NORMAL = 1;
    /** {@code LP_REDIRECT}: HOT redirect to another line pointer. */
    public static final int LP_REDIRECT = 2;
    /** {@code LP_DEAD}: dead, may or may not have storage. */
    public static final int LP_DEAD = 3;
    /** {@code HEAP_XMIN_FROZEN} (HEAP_XMIN_COMMITTED | HEAP_XMIN_INVALID) of {@code t_infomask}, access/htup_details.h. */
    public static final int HEAP_XMIN_FROZEN = 0x0300;

    private static final int MAX_STORED = 0xFFFF; // bimg_len is uint16

    private final byte[] raw = new byte[BlockImage.BLCKSZ];
    private byte[] stored;

    /**
     * The page of block {@code block} of record {@code record}: a new {@code BLCKSZ}-byte array.
     *
     * @throws WalFormatException when the image does not restore
     * @throws IllegalArgumentException when {@code block} has no image
     */
    public byte[] restore(DecodedRecord record, BlockRef block) {
        byte[] page = new byte[BlockImage.BLCKSZ];
        restore(record, block, page);
        return page;
    }

    /**
     * Restores block {@code block}'s image of {@code record} into {@code page} ({@code BLCKSZ} bytes at 0).
     *
     * @throws WalFormatException when the image does not restore
     */
    public void restore(DecodedRecord record, BlockRef block, byte[] page) {
        BlockImage img = block.image();
        if (img == null || !img.hasBytes()) {
            throw new IllegalArgumentException("block " + block.id() + " of the record at "
                    + Lsn.format(record.recordLsn().value(), true) + " has no image bytes");
        }
        Source src = new Source(record.recordLsn().value(), block.id(), img.compression(), img.holeOffset(), img.holeLength());
        if (stored == null) {
            stored = new byte[MAX_STORED];
        }
        if (img.bytesLength() != img.length() || img.length() > MAX_STORED) {
            throw src.error("invalid image", img.bytesLength() + " bytes stored, bimg_len " + img.length());
        }
        img.copyBytes(stored, 0);
        restore(src, stored, 0, img.length(), page);
    }

    /**
     * Restores the image of the {@code i}-th block reference of {@code view} into {@code page} ({@code BLCKSZ}
     * bytes at 0), copying the stored bytes once into a reused buffer.
     *
     * @throws WalFormatException when the image does not restore
     * @throws IllegalArgumentException when that block has no image
     */
    public void restore(RecordView view, int i, byte[] page) {
        if ((view.forkFlags(i) & BlockRef.HAS_IMAGE) == 0) {
            throw new IllegalArgumentException("block " + view.blockId(i) + " has no image");
        }
        int len = view.imageLength(i);
        if (stored == null) {
            stored = new byte[MAX_STORED];
        }
        view.copyBytes(view.imageIndex(i), stored, 0, len);
        Source src = new Source(view.lsn(), view.blockId(i), BlockImage.compressionOf(view.version(), view.bimgInfo(i)),
                view.holeOffset(i), view.holeLength(i));
        restore(src, stored, 0, len, page);
    }

    /** Where an image comes from and how it was stored: what an error message names. */
    private record Source(long lsn, int blockId, Compression compression, int holeOffset, int holeLength) {
        /** {@code <what> of block <id> (<why>) at LSN ...}. */
        WalFormatException error(String what, String why) {
            return new WalFormatException(what + " of block " + blockId + " (" + why + ")", lsn, null, -1);
        }
    }

    private void restore(Source s, byte[] src, int off, int len, byte[] page) {
        if (page.length < BlockImage.BLCKSZ) {
            throw new IllegalArgumentException("page buffer of " + page.length + " bytes, need " + BlockImage.BLCKSZ);
        }
        int holeOffset = s.holeOffset();
        int holeLength = s.holeLength();
        if (holeLength < 0 || holeLength > BlockImage.BLCKSZ || holeOffset > BlockImage.BLCKSZ - holeLength) {
            throw s.error("invalid image", "hole at offset " + holeOffset + " length " + holeLength
                    + " does not fit in a " + BlockImage.BLCKSZ + "-byte page");
        }
        int rawLen = BlockImage.BLCKSZ - holeLength;
        byte[] body;
        int bodyOff;
        if (s.compression() == Compression.NONE) {
            if (len != rawLen) {
                throw s.error("invalid image", "uncompressed, " + len + " bytes stored, expected " + rawLen);
            }
            body = src;
            bodyOff = off;
        } else {
            inflate(s, src, off, len, rawLen);
            body = raw;
            bodyOff = 0;
        }
        System.arraycopy(body, bodyOff, page, 0, holeOffset);
        Arrays.fill(page, holeOffset, holeOffset + holeLength, (byte) 0);
        System.arraycopy(body, bodyOff + holeOffset, page, holeOffset + holeLength, rawLen - holeOffset);
    }

    /** Decompresses into {@link #raw}: exactly {@code rawLen} bytes or an error. */
    private void inflate(Source s, byte[] src, int off, int len, int rawLen) {
        String method = s.compression().label();
        String problem;
        try {
            int n = switch (s.compression()) {
                case PGLZ -> {
                    Pglz.decompress(src, off, len, raw, rawLen);
                    yield rawLen;
                }
                case LZ4 -> ImageInflaters.lz4(src, off, len, raw, rawLen);
                case ZSTD -> ImageInflaters.zstd(src, off, len, raw, rawLen);
                case NONE -> throw new AssertionError("not compressed");
            };
            if (n == rawLen) {
                return;
            }
            problem = "inflates to " + n + " bytes, expected " + rawLen;
        } catch (Pglz.CorruptStreamException | ImageInflaters.Failed e) {
            problem = e.getMessage();
        } catch (NoClassDefFoundError e) {
            // lz4-java and zstd-jni are optional dependencies of the codec: a program that restores such images
            // adds them (walprism-source brings both)
            problem = "no " + method + " decoder on the class path (" + (s.compression() == Compression.LZ4
                    ? "at.yawk.lz4:lz4-java" : "com.github.luben:zstd-jni") + ")";
        }
        throw s.error("could not decompress " + method + " image", len + " bytes stored: " + problem);
    }
}
