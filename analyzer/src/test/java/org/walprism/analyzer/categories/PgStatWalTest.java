package org.walprism.analyzer.categories;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.Lsn;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * The server's own WAL counters as the oracle: captures that keep pg_stat_wal.tsv (pg_stat_wal and the insert LSN
 * read before and after the measured range, with the counters flushed) must give, between those two LSNs, exactly
 * as many records, full-page images and record bytes ({@code xl_tot_len}) as pg_stat_wal counted.
 */
class PgStatWalTest {

    static Stream<Arguments> captures() {
        return TestData.captures().stream().filter(c -> c.storedFiles().contains("pg_stat_wal.tsv"))
                .map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void recordsImagesAndBytesAreWhatPgStatWalCounted(Capture c) throws IOException {
        List<String[]> rows = Files.readAllLines(c.storedDir().resolve("pg_stat_wal.tsv")).stream()
                .map(l -> l.split("\t")).toList();
        assertEquals(2, rows.size());
        String[] before = rows.get(0);
        String[] after = rows.get(1);
        CategoryStats st = CategoryAnalyzer.analyze(c.walDir(), Lsn.parse(before[1]).value(),
                Lsn.parse(after[1]).value(), 0, 0, 2);
        assertTrue(st.records() > 0);
        assertEquals(Long.parseLong(after[2]) - Long.parseLong(before[2]), st.records(), c.name() + " wal_records");
        assertEquals(Long.parseLong(after[3]) - Long.parseLong(before[3]), st.images(), c.name() + " wal_fpi");
        assertEquals(Long.parseLong(after[4]) - Long.parseLong(before[4]), st.bytes(), c.name() + " wal_bytes");
    }
}
