package org.walprism.codec.record;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import org.walprism.codec.WalVersion;

/**
 * A full-page image attached to a block reference: {@code XLogRecordBlockImageHeader} plus the optional
 * {@code XLogRecordBlockCompressHeader}.
 *
 * <p>{@code XLogRecordBlockImageHeader => length: uint16, hole_offset: uint16, bimg_info: uint8}
 * then {@code [hole_length: uint16]} only when compressed and HAS_HOLE.
 * <p>{@code bimg_info} bits differ by version: 13/14 HAS_HOLE 0x01, IS_COMPRESSED 0x02 (pglz), APPLY 0x04;
 * 15+ HAS_HOLE 0x01, APPLY 0x02, PGLZ 0x04, LZ4 0x08, ZSTD 0x10. Mirrors src/include/access/xlogrecord.h.
 *
 * @param length      {@code bimg_len}: stored bytes (hole removed, maybe compressed)
 * @param holeOffset  {@code hole_offset}
 * @param holeLength  {@code hole_length}, uint16 as in xlogreader.c's DecodedBkpBlock: from the compress header,
 *                    else (8192 - length) modulo 65536 when not compressed
 * @param info        raw {@code bimg_info}
 * @param compression compression method decoded from {@code bimg_info} for the version
 * @param apply       BKPIMAGE_APPLY for the version
 * @param hasHole     BKPIMAGE_HAS_HOLE
 * @param bytes       the stored image bytes ({@code length} of them). The array is handed over, not copied;
 *                    {@link #bytes()} returns a copy.
 */
public record BlockImage(int length, int holeOffset, int holeLength, int info, Compression compression,
                         boolean apply, boolean hasHole, byte[] bytes) {

    /** {@code BLCKSZ}: the size of a data page, 8192 as every supported build has it (pg_config.h). */
    public static final int BLCKSZ = 8192;

    /** {@code SizeOfXLogRecordBlockImageHeader}: {@code length: uint16, hole_offset: uint16, bimg_info: uint8}. */
    public static final int SIZE_OF_IMAGE_HEADER = 5;

    /** Compression method of an image. */
    public enum Compression {
        /** Stored as is. */
        NONE("none"),
        /** {@code BKPIMAGE_COMPRESS_PGLZ} (13 and 14: {@code BKPIMAGE_IS_COMPRESSED}). */
        PGLZ("pglz"),
        /** {@code BKPIMAGE_COMPRESS_LZ4}, 15 and later. */
        LZ4("lz4"),
        /** {@code BKPIMAGE_COMPRESS_ZSTD}, 15 and later. */
        ZSTD("zstd");

        private final String label;

        Compression(String label) {
            this.label = label;
        }

        /** The name pg_waldump prints for the method. */
        public String label() {
            return label;
        }

        /**
         * Whether {@code version}'s image header can say this method: pglz in every major, lz4 and zstd from 15
         * on (access/xlogrecord.h {@code BKPIMAGE_COMPRESS_LZ4}, {@code BKPIMAGE_COMPRESS_ZSTD}).
         */
        public boolean loggableIn(org.walprism.codec.WalVersion version) {
            if (this == NONE || this == PGLZ) {
                return true;
            }
            return switch (version) {
                case PG13, PG14 -> false;
                case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
            };
        }
    }

    /** A copy of the stored image bytes (hole removed, maybe compressed), or null when none were kept. */
    @Override
    public byte[] bytes() {
        return bytes == null ? null : bytes.clone();
    }

    /** True when the stored image bytes were kept ({@link #bytes()} is not null). */
    public boolean hasBytes() {
        return bytes != null;
    }

    /** Number of stored image bytes kept (equal to {@link #length()} for a consistent image), 0 when none. */
    public int bytesLength() {
        return bytes == null ? 0 : bytes.length;
    }

    /** Copies the stored image bytes ({@code length} of them) into {@code dst} at {@code dstIndex}, allocating nothing. */
    public void copyBytes(byte[] dst, int dstIndex) {
        System.arraycopy(bytes, 0, dst, dstIndex, bytes.length);
    }

    /** A read-only view of the stored image bytes, without copying them, or null when none were kept. */
    public ByteBuffer bytesView() {
        return bytes == null ? null : ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }

    /** Equal when every field and the stored bytes are equal. */
    @Override
    public boolean equals(Object o) {
        return o instanceof BlockImage i && length == i.length && holeOffset == i.holeOffset
                && holeLength == i.holeLength && info == i.info && compression == i.compression && apply == i.apply
                && hasHole == i.hasHole && Arrays.equals(bytes, i.bytes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(length, holeOffset, holeLength, info, compression, apply, hasHole) * 31
                + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "BlockImage[length=" + length + ", holeOffset=" + holeOffset + ", holeLength=" + holeLength
                + ", info=0x" + Integer.toHexString(info) + ", compression=" + compression + ", apply=" + apply
                + ", hasHole=" + hasHole + "]";
    }

    /** True unless the image is stored uncompressed. */
    public boolean isCompressed() {
        return compression != Compression.NONE;
    }

    /** Header bytes this image adds to the record: 5, or 7 with a compress header. */
    public int headerSize() {
        return isCompressed() && hasHole ? 7 : 5;
    }

    /** Bytes the page occupies without its hole: {@code BLCKSZ - hole_length}. */
    public int rawLength() {
        return BLCKSZ - holeLength;
    }

    /** Decodes {@code bimg_info} flags for {@code version}: the one dispatch point for the image layout. */
    public static Compression compressionOf(WalVersion version, int info) {
        return switch (version) {
            case PG13, PG14 -> (info & 0x02) != 0 ? Compression.PGLZ : Compression.NONE;
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> (info & 0x04) != 0 ? Compression.PGLZ
                    : (info & 0x08) != 0 ? Compression.LZ4
                    : (info & 0x10) != 0 ? Compression.ZSTD : Compression.NONE;
        };
    }

    /** BKPIMAGE_APPLY bit of {@code version}. */
    public static int applyBit(WalVersion version) {
        return switch (version) {
            case PG13, PG14 -> 0x04;
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> 0x02;
        };
    }

    /** Mask of all compression bits of {@code version}. */
    public static int compressedMask(WalVersion version) {
        return switch (version) {
            case PG13, PG14 -> 0x02;
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> 0x04 | 0x08 | 0x10;
        };
    }

    /** {@code BKPIMAGE_HAS_HOLE}: the same bit in every version. */
    public static final int HAS_HOLE = 0x01;
}
