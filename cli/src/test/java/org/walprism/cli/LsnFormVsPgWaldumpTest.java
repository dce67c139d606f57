package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.PgWaldump;
import org.walprism.testdata.TestData;

/**
 * LSNs in walprism's errors and notes take the form the WAL's major's pg_waldump prints ({@code 0/AFF000} up to
 * 18, {@code 0/00AFF000} from 19), compared with that pg_waldump on the same capture and start.
 */
class LsnFormVsPgWaldumpTest {

    @ParameterizedTest
    @ValueSource(strings = {"13", "14", "15", "16", "17", "18", "19"})
    void noValidRecordErrorPrintsTheLsnAsPgWaldumpDoes(String major) throws Exception {
        Path bin = PgWaldump.find(Integer.parseInt(major)).orElse(null);
        Assumptions.assumeTrue(bin != null, "pg_waldump " + major + " not installed");
        Capture c = TestData.capture(major + "/vacuum_noindex");
        long segSize;
        WalVersion v;
        try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()), 0)) {
            r.next();
            v = r.version();
            segSize = r.segmentSize();
        }
        long lastSegEnd;
        try (Stream<Path> s = Files.list(c.walDir())) {
            String last = s.map(p -> p.getFileName().toString().substring(0, 24)).sorted().reduce((a, b) -> b)
                    .orElseThrow();
            lastSegEnd = (Long.parseLong(last.substring(8, 16), 16) * (0x100000000L / segSize)
                    + Long.parseLong(last.substring(16, 24), 16) + 1) * segSize;
        }
        // the zeroed tail of the last segment: no valid record after it
        String start = Lsn.format(lastSegEnd - 0x1000, false);
        PgWaldump.Run pg = PgWaldump.run(bin, List.of("-p", c.walDir().toString(), "-s", start), 60);
        String pgError = pg.err().lines().filter(l -> l.contains("error: ")).findFirst().orElse("");
        Assumptions.assumeTrue(pgError.contains("could not find a valid record after"), pg.err());
        // up to the LSN: 19 adds why (the page's magic), walprism its own location
        String after = "could not find a valid record after ";
        int lsnAt = pgError.indexOf(after) + after.length();
        int lsnEnd = lsnAt;
        while (lsnEnd < pgError.length() && pgError.charAt(lsnEnd) != ':' && pgError.charAt(lsnEnd) != ' ') {
            lsnEnd++;
        }
        String want = "walprism: error: " + after + pgError.substring(lsnAt, lsnEnd) + " ";
        CliRun.Result wp = CliRun.run("dump", "-p", c.walDir().toString(), "-s", start);
        assertTrue(wp.code() != 0, wp.err());
        String line = wp.err().lines().filter(l -> l.startsWith("walprism: error: ")).findFirst().orElse("");
        assertTrue(line.startsWith(want), "pg_waldump " + major + ": " + pgError + "\nwalprism: " + line);
        // the location walprism adds follows the same rule
        assertTrue(line.contains(" at LSN " + Lsn.of(lastSegEnd - 0x1000).format(v) + " "), line);

        // the end-of-WAL note on a read to the end of the last segment, in the same form
        CliRun.Result note = CliRun.run("stats", "-p", c.walDir().toString(), "-s",
                Lsn.format(c.startLsn(), false));
        assertEquals(0, note.code(), note.err());
        String prefix = "walprism: note: end of WAL at ";
        String endNote = note.err().lines().filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
        assertTrue(endNote != null, note.err());
        String end = endNote.substring(prefix.length(), endNote.indexOf(':', prefix.length()));
        assertEquals(Lsn.parse(end).format(v), end, endNote);
    }
}
