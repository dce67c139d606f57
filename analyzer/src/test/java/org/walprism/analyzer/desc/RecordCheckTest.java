package org.walprism.analyzer.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.write.RecordEncoder;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@link RecordCheck} validates a record at the cost of a length check: it never runs a describer on a record the
 * describer prints (every record of every capture, each resource manager and type), and runs it on a record it
 * rejects only, so that the error names the field as {@code dump}'s does.
 */
class RecordCheckTest {

    /** Describers that fail the test when called. */
    private static RmgrDescriber refusing(int rmid) {
        return (r, out) -> {
            throw new AssertionError("RecordCheck described an rmgr " + rmid
                    + " record (xl_info 0x" + Integer.toHexString(r.info()) + ") at " + Long.toHexString(r.lsn()));
        };
    }

    @Test
    void describesNoRecordOfAnyCapture() {
        Map<String, Integer> types = new TreeMap<>();
        for (Capture c : TestData.captures()) {
            RecordCheck check = new RecordCheck(true, RecordCheckTest::refusing);
            try (WalReader reader = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
                RecordView v;
                while ((v = reader.nextView()) != null) {
                    check.check(v);
                    types.merge(v.rmid() + "/" + (v.info() & 0xF0), 1, Integer::sum);
                }
            }
        }
        assertTrue(types.size() > 100, "record types seen: " + types.size());
    }

    @Test
    void aRejectedRecordIsDescribedForTheDescribersMessage() {
        Capture c = TestData.captures().stream().filter(x -> x.name().equals("18/other_rmgrs")).findFirst()
                .orElseThrow();
        DecodedRecord split = null;
        try (WalReader reader = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            RecordView v;
            while ((v = reader.nextView()) != null && split == null) {
                if (v.rmid() == RmgrTable.SPGIST && (v.info() & 0xF0) == 0x10 && v.mainDataLength() > 9) {
                    split = v.toDecoded();
                }
            }
        }
        assertTrue(split != null, "an SP-GiST ADD_LEAF in 18/other_rmgrs");
        byte[] main = Arrays.copyOf(split.mainData(), 9); // spgxlogAddLeaf's nodeI ends at 10
        DecodedRecord cut = new DecodedRecord(split.version(), split.recordLsn().value(), 0, split.xid(), split.prev(),
                split.info(), split.rmid(), 0, split.blocks(), split.origin(), split.toplevelXid(), main, false,
                new byte[0]);
        RecordView view = RecordView.of(cut.version(), RecordEncoder.encode(cut), split.recordLsn().value());
        WalFormatException e = assertThrows(WalFormatException.class, () -> new RecordCheck().check(view));
        assertEquals(assertThrows(WalFormatException.class, () -> Describers.describe(cut)).getMessage(),
                e.getMessage());
        assertTrue(e.getMessage().startsWith("SPGist main data too short for nodeI: needs 10 bytes, has 9"),
                e.getMessage());
        assertThrows(AssertionError.class, () -> new RecordCheck(true, RecordCheckTest::refusing).check(view));
    }
}
