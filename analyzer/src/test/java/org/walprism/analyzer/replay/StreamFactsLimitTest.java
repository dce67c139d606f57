package org.walprism.analyzer.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.xact.XactAssignment;

/**
 * Replay's map of subtransactions to their top-level transactions is bounded by {@link SubxactMap#MAX_ENTRIES},
 * not by the stream: a stream naming more subtransactions stops replay with the LSN of the record that went past
 * the bound, rather than growing the heap with the range (it was a {@code HashMap<Long, Long>}).
 */
class StreamFactsLimitTest {
    private static final int PER_RECORD = 1000;

    /** An XACT_ASSIGNMENT record (xact.h {@code xl_xact_assignment}) of {@code top} and {@code n} subxacts. */
    private static DecodedRecord assignment(long lsn, long top, long firstSub, int n) {
        List<Long> subs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            subs.add(firstSub + i);
        }
        byte[] main = new XactAssignment(top, subs).encode().mainData().toByteArray();
        return new DecodedRecord(WalVersion.PG13, lsn, 24 + main.length, 0, 0, 0x50, RmgrTable.TRANSACTION, 0,
                List.of(), -1, -1, main, false, new byte[0]);
    }

    @Test
    void topLevelXidsAreKeptAndTakenOnce() {
        StreamFacts f = new StreamFacts();
        f.observe(assignment(0x1000028L, 700, 701, 64));
        assertEquals(700, f.topXid(701));
        assertEquals(700, f.topXid(764));
        assertEquals(-1, f.topXid(765));
        assertEquals(700, f.topXidOnce(730));
        assertEquals(-1, f.topXidOnce(730), "14+ log the top-level xid once per subtransaction");
        assertEquals(700, f.topXid(730));
    }

    @Test
    void moreSubtransactionsThanTheBoundStopReplay() {
        StreamFacts f = new StreamFacts();
        long sub = 1000;
        long lsn = 0x1000028L;
        int records = SubxactMap.MAX_ENTRIES / PER_RECORD;
        for (int i = 0; i < records; i++) {
            f.observe(assignment(lsn, 3, sub, PER_RECORD));
            sub += PER_RECORD;
            lsn += 8192;
        }
        assertEquals(3, f.topXid(sub - 1));
        long at = lsn;
        ReplayLimitException e = assertThrows(ReplayLimitException.class,
                () -> f.observe(assignment(at, 3, 1 << 30, 2 * PER_RECORD)));
        assertEquals(org.walprism.codec.Lsn.of(at).format(WalVersion.PG13), e.lsnText());
        assertTrue(e.getMessage().startsWith("more than " + SubxactMap.MAX_ENTRIES + " subtransactions"),
                e.getMessage());
    }

    @Test
    void xidsWrapAsThirtyTwoBitTransactionIds() {
        SubxactMap m = new SubxactMap();
        m.put(0xFFFFFFFFL, 0xFFFFFFF0L);
        m.put(0, 5);
        assertEquals(0xFFFFFFF0L, m.get(0xFFFFFFFFL));
        assertEquals(-1, m.get(0), "InvalidTransactionId is never a subtransaction");
        assertEquals(1, m.size());
    }
}
