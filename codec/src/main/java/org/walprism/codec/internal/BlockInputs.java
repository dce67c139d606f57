package org.walprism.codec.internal;

import java.util.List;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.InvalidPayloadException;

/**
 * Internal, not API: the block references of one record as a typed decoder sees them: per block id, whether its data is present
 * or replaced by an image, and a cursor over its data. {@link #expectOnly} rejects data on a block the
 * record type never registers data for, so every byte of the record is accounted for by the typed value.
 */
public final class BlockInputs {
    private final List<BlockRef> blocks;
    private final String name;

    private BlockInputs(List<BlockRef> blocks, String name) {
        this.blocks = blocks == null ? List.of() : blocks;
        this.name = name;
    }

    /** The blocks of a record of type {@code name} (used in error messages). */
    public static BlockInputs of(List<BlockRef> blocks, String name) {
        return new BlockInputs(blocks, name);
    }

    /** Block {@code id}, or null. */
    public BlockRef block(int id) {
        for (BlockRef b : blocks) {
            if (b.id() == id) {
                return b;
            }
        }
        return null;
    }

    /** Whether block {@code id}'s data is present, replaced by an image, or absent. */
    public BlockDataPresence presence(int id) {
        BlockRef b = block(id);
        if (b == null) {
            return BlockDataPresence.ABSENT;
        }
        if (b.hasData()) {
            return BlockDataPresence.PRESENT;
        }
        return b.hasImage() ? BlockDataPresence.IMAGE_INSTEAD : BlockDataPresence.ABSENT;
    }

    /** A cursor over block {@code id}'s data (empty when it has none). */
    public PayloadCursor cursor(int id) {
        BlockRef b = block(id);
        return PayloadCursor.of(b == null ? null : b.data(), name + " block " + id + " data");
    }

    /** Block {@code id}'s data, copied (empty when it has none). */
    public Bytes data(int id) {
        BlockRef b = block(id);
        return b == null ? Bytes.EMPTY : Bytes.of(b.data());
    }

    /** Throws unless every block carrying data has an id in {@code ids}. */
    public void expectOnly(int... ids) {
        for (BlockRef b : blocks) {
            if (b.dataLength() == 0) {
                continue;
            }
            boolean ok = false;
            for (int id : ids) {
                ok |= id == b.id();
            }
            if (!ok) {
                throw new InvalidPayloadException(name + " block " + b.id() + " data", 0, String.format(
                        "%d unexpected bytes (this record registers no data for block %d)", b.dataLength(), b.id()));
            }
        }
    }
}
