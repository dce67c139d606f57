package org.walprism.analyzer.desc;

import org.walprism.codec.internal.RecordViewAccess;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2PartsScan;
import org.walprism.codec.rmgr.heap2.Heap2Type;

/**
 * Validates a record's payload exactly as {@code dump} does when it prints the record's desc, for the commands
 * that do not print it ({@code stats}, {@code --categories}, {@code diff}, {@code report}, {@code vacuums}): what
 * {@code dump} rejects, every command rejects, with the same exception and message.
 *
 * <p>The decision is the describer's own. Running it on every record would cost {@code stats} a sixth of its CPU,
 * so the common records go through the rules the describers themselves use to accept a record, without
 * formatting anything: a fixed main-data length ({@link Describers#fixedMainLength}) for the records whose
 * describer reads fixed fields, the codec's in-place scan ({@link Heap2PartsScan}) for Heap2 vacuum records and
 * {@link Heap2RawDescriber#wellFormed} for the other common Heap2 records. A record these rules accept is one the
 * describer prints without error; any other record (a rule says no, or no rule applies) is described into a
 * scratch buffer, and the describer decides, naming the field as {@code dump} does. Allocates nothing on the
 * fast path.
 *
 * <p>Not thread-safe: one instance per thread.
 */
public final class RecordCheck {
    private final DescRecord rec = new DescRecord();
    private final TextBuffer scratch = new TextBuffer(256);
    private final Heap2PartsScan parts = new Heap2PartsScan();
    private final DescData main = new DescData();
    private final DescData block0 = new DescData();
    private final boolean heap2Vacuum;

    /** A check of every record. */
    public RecordCheck() {
        this(true);
    }

    /**
     * A check of every record, or ({@code heap2Vacuum} false) of every record but the Heap2 vacuum records, for a
     * caller whose own in-place scan of those falls back to the codec's decoder (the same decision and message).
     */
    public RecordCheck(boolean heap2Vacuum) {
        this.heap2Vacuum = heap2Vacuum;
    }

    /**
     * Throws what {@code dump} throws while describing {@code v}; returns quietly for a record {@code dump} prints.
     *
     * @throws org.walprism.codec.WalFormatException when {@code v}'s payload contradicts its layout
     */
    public void check(RecordView v) {
        int rmid = v.rmid();
        if (rmid == RmgrTable.HEAP2) {
            if (heap2Passes(v)) {
                return;
            }
        } else {
            int need = Describers.fixedMainLength(v.version(), rmid, v.info());
            if (need >= 0 && v.mainDataLength() >= need) {
                return;
            }
        }
        Describers.describe(rec.load(v), scratch.clear());
    }

    /** Whether a Heap2 record passes without describing it (false: the describer decides). */
    private boolean heap2Passes(RecordView v) {
        Heap2Type type = Heap2Type.of(v.version(), v.info());
        if (type == null) {
            return true; // heap2_desc prints nothing for an unknown code
        }
        if (Heap2PartsScan.scans(type)) {
            return !heap2Vacuum || parts.scan(v);
        }
        return switch (type) {
            case MULTI_INSERT, LOCK_UPDATED, NEW_CID -> {
                int b0 = -1;
                for (int i = 0; i < v.blockCount() && b0 < 0; i++) {
                    if (v.blockId(i) == 0) {
                        b0 = i; // the first, as DescRecord.blockIndex finds it
                    }
                }
                main.set(RecordViewAccess.buffer(v), v.mainDataIndex(), v.mainDataLength(), v.lsn(), "Heap2 main data");
                block0.set(RecordViewAccess.buffer(v), b0 < 0 ? 0 : v.blockDataIndex(b0), b0 < 0 ? 0 : v.blockDataLength(b0),
                        v.lsn(), "Heap2 block 0 data");
                yield Heap2RawDescriber.wellFormed(type, v.info(), main, block0);
            }
            default -> false;
        };
    }
}
