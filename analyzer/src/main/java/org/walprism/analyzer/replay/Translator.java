package org.walprism.analyzer.replay;

import java.util.ArrayList;
import java.util.List;
import org.walprism.analyzer.generate.PlanEncoder;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.write.RecordBuilder;

/**
 * Re-expresses a record the replay keeps (anything but the vacuum and pruning records, which {@link StepWriter}
 * writes anew) in the target major's layout, so that side B holds what the target would have logged for the same
 * event: the fields both majors have are carried over, a field the target adds gets the value PostgreSQL would
 * write when the stream tells it ({@link StreamFacts}) and its neutral value otherwise (documented per field), a
 * field the target lacks is dropped, and a record the target does not log at all is left out. A record that cannot
 * be re-expressed faithfully fails with one message naming its LSN and type; nothing is written in the source layout.
 *
 * <p>The per-resource-manager rules, each naming the PostgreSQL header and versions it follows, are in
 * {@link XlogXactTranslation}, {@link IndexTranslation} and {@link CatalogTranslation}. Resource managers and record
 * types not named there have the same bytes in 13 to master (Storage, RelMap, Tablespace, Sequence, BRIN,
 * GIN, Generic, LogicalMessage, ReplicationOrigin, Heap other than INPLACE, the kept Heap2 records). Full-page images
 * get the target's {@code bimg_info} bits ({@link Images#retarget}); the top-level xid (block id 252) is dropped for
 * 13, which has no such block (xlogrecord.h, XLR_BLOCK_ID_TOPLEVEL_XID, added in 14), and added going from 13 to
 * 14+ with wal_level=logical to the first record of each subtransaction the stream's commit, abort and assignment
 * records name.
 */
final class Translator {
    private final WalVersion from;
    private final WalVersion to;
    private final StreamFacts facts;
    /** Subtransactions whose first record already carries the top-level xid (13 source, 14+ target). */

    Translator(WalVersion from, WalVersion to, StreamFacts facts) {
        this.from = from;
        this.to = to;
        this.facts = facts;
    }

    WalVersion from() {
        return from;
    }

    WalVersion to() {
        return to;
    }

    StreamFacts facts() {
        return facts;
    }

    /** A record under translation: its rmgr bits, main data and blocks, changed in place by the rules. */
    static final class Rec {
        final DecodedRecord src;
        int info;
        byte[] main;
        final List<BlockRef> blocks;
        boolean dropped;
        boolean changed;

        Rec(DecodedRecord src) {
            this.src = src;
            this.info = src.info();
            this.main = src.mainData();
            this.blocks = new ArrayList<>(src.blocks());
        }

        /** Replaces the main data. */
        void main(byte[] m) {
            main = m;
            changed = true;
        }

        /** Replaces the {@code xl_info} rmgr bits (the low nibble is kept). */
        void code(int code) {
            info = (info & 0x0F) | code;
            changed = true;
        }

        /** The record is not logged by the target. */
        void drop() {
            dropped = true;
        }

        /** The data of block {@code id}; null when the block is not registered. */
        byte[] blockData(int id) {
            for (BlockRef b : blocks) {
                if (b.id() == id) {
                    return b.data();
                }
            }
            return null;
        }

        /** Replaces the data of block {@code id} (BKPBLOCK_HAS_DATA follows the new length). */
        void blockData(int id, byte[] data) {
            for (int i = 0; i < blocks.size(); i++) {
                BlockRef b = blocks.get(i);
                if (b.id() == id) {
                    int flags = data.length > 0 ? b.forkFlags() | BlockRef.HAS_DATA : b.forkFlags() & ~BlockRef.HAS_DATA;
                    blocks.set(i, new BlockRef(b.id(), flags, b.rel(), b.blockNumber(), b.image(), data));
                    changed = true;
                    return;
                }
            }
            throw new IllegalArgumentException("no block " + id);
        }

        /** The block reference {@code id}, or null. */
        BlockRef block(int id) {
            for (BlockRef b : blocks) {
                if (b.id() == id) {
                    return b;
                }
            }
            return null;
        }
    }

    /** A failure naming the record: its LSN, resource manager and type, and why the target cannot hold it. */
    WalFormatException fail(Rec r, String why) {
        return new WalFormatException("cannot translate " + RmgrTable.name(from, r.src.rmid()) + "/"
                + RmgrTable.recordTypeName(from, r.src.rmid(), r.src.info()) + " from PostgreSQL " + from.label()
                + " to " + to.label() + ": " + why, r.src.recordLsn().value(), null, 0);
    }

    /**
     * The kept record {@code e} (read at {@code lsn} from the source) as the target logs it, or null when the target
     * logs no such record.
     */
    PlanEncoder.Encoded translate(PlanEncoder.Encoded e, long lsn) {
        DecodedRecord r = RecordView.of(from, e.bytes(), lsn).toDecoded();
        if (from == to) {
            return Images.keep(r, to);
        }
        Rec rec = new Rec(r);
        try {
            switch (r.rmid()) {
                case RmgrTable.XLOG, RmgrTable.TRANSACTION, RmgrTable.STANDBY, RmgrTable.XLOG2 ->
                        XlogXactTranslation.apply(this, rec);
                case RmgrTable.BTREE, RmgrTable.GIST, RmgrTable.SPGIST, RmgrTable.HASH ->
                        IndexTranslation.apply(this, rec);
                case RmgrTable.HEAP, RmgrTable.CLOG, RmgrTable.COMMIT_TS, RmgrTable.MULTIXACT, RmgrTable.DATABASE ->
                        CatalogTranslation.apply(this, rec);
                default -> {
                    // the same bytes in every supported major
                }
            }
        } catch (IllegalArgumentException bad) {
            // a value the target's struct cannot hold (FieldChecks of the codec's layout records)
            throw fail(rec, bad.getMessage());
        }
        if (rec.dropped) {
            return null;
        }
        String before = RmgrTable.identify(from, r.rmid(), r.info());
        if (before != null && RmgrTable.identify(to, r.rmid(), rec.info) == null) {
            throw fail(rec, "PostgreSQL " + to.label() + " has no such record");
        }
        long toplevel = RecordView.hasToplevelXid(to) ? r.toplevelXid() : -1;
        if (toplevel == -1 && !RecordView.hasToplevelXid(from) && RecordView.hasToplevelXid(to)
                && facts.walLevel() == StreamFacts.WAL_LEVEL_LOGICAL && r.xid() != 0) {
            // 14+ with wal_level=logical logs the top-level xid with the first record of each subtransaction
            // (xloginsert.c XLogRecordAssemble, IsSubxactTopXidLogPending / IsSubTransactionAssignmentPending)
            long top = facts.topXidOnce(r.xid());
            if (top != -1 && top != r.xid()) {
                toplevel = top;
            }
        }
        if (!rec.changed && toplevel == r.toplevelXid()) {
            return Images.keep(r, to);
        }
        List<BlockRef> blocks = new ArrayList<>(rec.blocks.size());
        for (BlockRef b : rec.blocks) {
            var img = Images.retarget(b.image(), to, r.recordLsn().value());
            blocks.add(new BlockRef(b.id(), b.forkFlags(), b.rel(), b.blockNumber(), img, b.data()));
        }
        byte[] bytes = RecordBuilder.of(to, r.rmid(), rec.info).xid(r.xid()).prev(r.prev()).origin(r.origin())
                .toplevelXid(toplevel).mainData(rec.main).longMainDataHeader(r.longMainDataHeader() && rec.main.length > 0)
                .blocksAsGiven(blocks).build();
        return new PlanEncoder.Encoded(r.rmid(), rec.info, bytes, r.fpiLength());
    }
}
