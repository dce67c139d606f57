package org.walprism.codec.record;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * One block reference of a record: {@code XLogRecordBlockHeader}, optional image, relation, block number
 * and the block's data.
 *
 * <p>{@code XLogRecordBlockHeader => id: uint8, fork_flags: uint8, data_length: uint16}, then
 * {@code [image header]}, {@code [RelFileLocator unless SAME_REL]}, {@code blkno: uint32}.
 * Mirrors src/include/access/xlogrecord.h.
 *
 * @param id          block id 0..32
 * @param forkFlags   raw {@code fork_flags} (fork number in the low nibble, BKPBLOCK_* in the high)
 * @param rel         relation (resolved for SAME_REL blocks)
 * @param blockNumber block number, unsigned 32 bit
 * @param image       the image, or null
 * @param data        block data ({@code data_length} bytes; empty when no HAS_DATA). Absent (empty) when the
 *                    block carries an image instead and the caller did not ask PostgreSQL to keep the data
 *                    ({@code REGBUF_KEEP_DATA}): the image then holds the page the data would have changed.
 *                    The array is handed over, not copied; {@link #data()} returns a copy.
 */
public record BlockRef(int id, int forkFlags, RelFileLocator rel, long blockNumber, BlockImage image, byte[] data) {
    /** {@code BKPBLOCK_FORK_MASK}: the fork number in {@code fork_flags}. */
    public static final int FORK_MASK = 0x0F;
    /** {@code BKPBLOCK_HAS_IMAGE}: an image header and image follow. */
    public static final int HAS_IMAGE = 0x10;
    /** {@code BKPBLOCK_HAS_DATA}: the block carries data. */
    public static final int HAS_DATA = 0x20;
    /** {@code BKPBLOCK_WILL_INIT}: redo reinitializes the page. */
    public static final int WILL_INIT = 0x40;
    /** {@code BKPBLOCK_SAME_REL}: the relation is the previous block's, not repeated. */
    public static final int SAME_REL = 0x80;

    /** {@code MAIN_FORKNUM} (common/relpath.h). */
    public static final int MAIN_FORKNUM = 0;
    /** {@code FSM_FORKNUM}. */
    public static final int FSM_FORKNUM = 1;
    /** {@code VISIBILITYMAP_FORKNUM}. */
    public static final int VISIBILITYMAP_FORKNUM = 2;
    /** {@code INIT_FORKNUM}. */
    public static final int INIT_FORKNUM = 3;
    /** {@code SizeOfXLogRecordBlockHeader}: {@code id: uint8, fork_flags: uint8, data_length: uint16}. */
    public static final int SIZE_OF_BLOCK_HEADER = 4;
    /** {@code sizeof(RelFileLocator)}: {@code spcOid, dbOid, relNumber}, uint32 each. */
    public static final int SIZE_OF_REL_FILE_LOCATOR = 12;

    /**
     * Bytes of a block reference's header without its image header: {@code XLogRecordBlockHeader}, the
     * {@code RelFileLocator} unless {@code BKPBLOCK_SAME_REL}, and the {@code BlockNumber}.
     */
    public static int headerLength(int forkFlags) {
        return SIZE_OF_BLOCK_HEADER + ((forkFlags & SAME_REL) != 0 ? 0 : SIZE_OF_REL_FILE_LOCATOR) + 4;
    }

    /** Number of forks PostgreSQL knows ({@code MAX_FORKNUM + 1}, common/relpath.h). */
    public static final int FORK_COUNT = 4;

    /** {@code forkNames[]} of common/relpath.c. */
    private static final String[] FORK_NAMES = {"main", "fsm", "vm", "init"};

    /** The fork number ({@code fork_flags & BKPBLOCK_FORK_MASK}). */
    public int forkNumber() {
        return forkFlags & FORK_MASK;
    }

    /** The fork's name, as pg_waldump prints it. */
    public String forkName() {
        return forkName(forkNumber());
    }

    /** {@code forkNames[fork]} ({@code main}, {@code fsm}, {@code vm}, {@code init}), {@code fork%d} past them. */
    public static String forkName(int fork) {
        return fork >= 0 && fork < FORK_COUNT ? FORK_NAMES[fork] : "fork" + fork;
    }

    /** {@code BKPBLOCK_HAS_IMAGE} is set: {@link #image()} is not null. */
    public boolean hasImage() {
        return (forkFlags & HAS_IMAGE) != 0;
    }

    /** {@code BKPBLOCK_HAS_DATA} is set. */
    public boolean hasData() {
        return (forkFlags & HAS_DATA) != 0;
    }

    /** {@code BKPBLOCK_WILL_INIT} is set. */
    public boolean willInit() {
        return (forkFlags & WILL_INIT) != 0;
    }

    /** {@code BKPBLOCK_SAME_REL} is set. */
    public boolean sameRel() {
        return (forkFlags & SAME_REL) != 0;
    }

    /** {@code data_length}: bytes of block data. */
    public int dataLength() {
        return data.length;
    }

    /** A copy of the block data ({@code data_length} bytes). */
    @Override
    public byte[] data() {
        return data.clone();
    }

    /** A read-only view of the block data, without copying it. */
    public ByteBuffer dataView() {
        return ByteBuffer.wrap(data).asReadOnlyBuffer();
    }

    /**
     * True when the block carries an image and no data: what the record changed on this page is only in the
     * image ({@link #image()}), not in a typed value decoded from block data.
     */
    public boolean dataInImage() {
        return image != null && data.length == 0;
    }

    /** Equal when every field and the data bytes are equal. */
    @Override
    public boolean equals(Object o) {
        return o instanceof BlockRef b && id == b.id && forkFlags == b.forkFlags && blockNumber == b.blockNumber
                && Objects.equals(rel, b.rel) && Objects.equals(image, b.image) && Arrays.equals(data, b.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, forkFlags, rel, blockNumber, image) * 31 + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "BlockRef[id=" + id + ", forkFlags=0x" + Integer.toHexString(forkFlags) + ", rel=" + rel
                + ", blockNumber=" + blockNumber + ", image=" + image + ", data=" + data.length + " bytes]";
    }
}
