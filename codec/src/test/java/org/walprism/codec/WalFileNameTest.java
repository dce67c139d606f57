package org.walprism.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.walprism.codec.rmgr.RmgrTable;

/** Names built by hand (no java.util.Formatter at start-up) equal the printf forms PostgreSQL uses. */
class WalFileNameTest {

    @Test
    void segmentNamesAreXLogFileName() {
        assertEquals("000000010000000000000024", WalFileName.of(1, 0x24, 16 << 20));
        assertEquals("FFFFFFFF00000001000000FF", WalFileName.of(-1, 0x1FF, 16 << 20));
        Random r = new Random(9);
        for (int i = 0; i < 10_000; i++) {
            int segSize = 1 << (20 + r.nextInt(11));
            long perId = 0x100000000L / segSize;
            int tli = r.nextInt();
            long segno = (r.nextLong() >>> 1) % (perId * 0xFFFFFFFFL);
            String expected = String.format(Locale.ROOT, "%08X%08X%08X", tli, segno / perId, segno % perId);
            assertEquals(expected, WalFileName.of(tli, segno, segSize));
            assertEquals(segno, WalFileName.segno(expected, segSize));
        }
    }

    @Test
    void customResourceManagersAreNamedCustomNnn() {
        for (int id = RmgrTable.MIN_CUSTOM_ID; id <= RmgrTable.MAX_ID; id++) {
            assertEquals(String.format(Locale.ROOT, "custom%03d", id), RmgrTable.name(WalVersion.PG19_BETA3, id));
        }
    }
}
