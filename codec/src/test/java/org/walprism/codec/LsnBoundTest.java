package org.walprism.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link Lsn#bound}: a raw LSN held as a long, 0 ({@code InvalidXLogRecPtr}) meaning none, as an optional bound. */
class LsnBoundTest {

    @Test
    void zeroIsNoBoundAndEveryOtherValueIsThatLsnUnsigned() {
        assertEquals(Optional.empty(), Lsn.bound(0));
        assertEquals(Optional.of(Lsn.parse("0/1")), Lsn.bound(1));
        assertEquals(Optional.of(Lsn.parse("1/8F3B00")), Lsn.bound(0x1_008F_3B00L));
        assertEquals(Optional.of(Lsn.parse("FFFFFFFF/FFFFFFFF")), Lsn.bound(-1));
    }
}
