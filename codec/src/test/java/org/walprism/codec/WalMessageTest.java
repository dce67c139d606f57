package org.walprism.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link WalMessage}: LSNs are values, formatted once with the WAL's major; the text around them is kept as given. */
class WalMessageTest {
    private static final WalMessage END = WalMessage.of("end of WAL at ", Lsn.of(0x1707FB8L),
            ": invalid record length at ", Lsn.of(0x1707FB8L), ": expected at least 24, got 0");

    @Test
    void eachMajorPrintsItsOwnForm() {
        // PostgreSQL's LSN_FORMAT_ARGS: %X/%X up to 18, %X/%08X from 19 (pg_waldump of each major, LsnFormVsPgWaldumpTest)
        assertEquals("end of WAL at 0/1707FB8: invalid record length at 0/1707FB8: expected at least 24, got 0",
                END.format(WalVersion.PG17));
        assertEquals("end of WAL at 0/01707FB8: invalid record length at 0/01707FB8: expected at least 24, got 0",
                END.format(WalVersion.PG19));
        assertEquals(END.format(WalVersion.PG19), END.toString());
        assertEquals(END.toString(), END.format(null));
        assertEquals(List.of(Lsn.of(0x1707FB8L), Lsn.of(0x1707FB8L)), END.lsns());
    }

    @Test
    void typedTextIsNotRewritten() {
        // a path with an LSN the user typed stays as typed; only the values follow the major
        WalMessage m = WalMessage.of("--bucket 10: wal:0/03E07428:0/0491A768: ", Lsn.of(0x3E07428L), "..",
                Lsn.of(0x491A768L), " spans 11612992 bytes");
        assertEquals("--bucket 10: wal:0/03E07428:0/0491A768: 0/3E07428..0/491A768 spans 11612992 bytes",
                m.format(WalVersion.PG17));
    }

    @Test
    void messagesSpliceAndCompareByContent() throws IOException, ClassNotFoundException {
        WalMessage spliced = WalMessage.of("end of WAL at ", Lsn.of(0x1707FB8L), ": ")
                .plus(WalMessage.of("invalid record length at ", Lsn.of(0x1707FB8L)), ": expected at least 24, got 0");
        assertEquals(END, spliced);
        assertEquals(END.hashCode(), spliced.hashCode());
        assertEquals(WalMessage.text("ab"), WalMessage.of("a", "b"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(END);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(END, in.readObject());
        }
    }

    @Test
    void aFormatErrorCarriesItsLocationAsAValue() {
        WalFormatException e = new WalFormatException(WalMessage.of("contrecord is requested by ", Lsn.of(0x3000000L)),
                0x3000000L, "000000010000000000000003", 0);
        assertEquals("contrecord is requested by 0/03000000 at LSN 0/03000000 in 000000010000000000000003 offset 0x0",
                e.getMessage());
        assertEquals("contrecord is requested by 0/3000000 at LSN 0/3000000 in 000000010000000000000003 offset 0x0",
                e.walMessage().format(WalVersion.PG16));
    }
}
