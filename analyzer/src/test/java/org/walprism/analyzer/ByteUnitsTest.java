package org.walprism.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.TestData;

/**
 * {@link ByteUnits#pretty} against a real server's {@code pg_size_pretty(bigint)}: testdata/oracles/pg_size_pretty.tsv,
 * made by testdata/capture/size-pretty-oracle.sh on Debian's PostgreSQL 15 (every unit's boundaries, the half-unit
 * rounding points, both signs, the bigint extremes and values spread over every magnitude).
 */
class ByteUnitsTest {
    private static final Path ORACLE = TestData.root().resolve("oracles").resolve("pg_size_pretty.tsv");

    @Test
    void prettyIsPgSizePrettyForEveryValueTheServerAnswered() throws IOException {
        List<String> lines = Files.readAllLines(ORACLE);
        int checked = 0;
        StringBuilder wrong = new StringBuilder();
        for (String line : lines) {
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t", 2);
            long bytes = Long.parseLong(f[0]);
            String got = ByteUnits.pretty(bytes);
            if (!got.equals(f[1])) {
                wrong.append(String.format("%n  %d: server %s, walprism %s", bytes, f[1], got));
            }
            checked++;
        }
        assertEquals("", wrong.toString(), "pg_size_pretty differs");
        assertTrue(checked > 500, "the oracle holds " + checked + " values");
    }

    @Test
    void bytesKeepsTheNumberAndSignedAddsThePlus() {
        assertEquals("2174263", ByteUnits.BYTES.text(2174263));
        assertEquals("2123 kB", ByteUnits.PRETTY.text(2174263));
        assertEquals("+2123 kB", ByteUnits.PRETTY.signed(2174263));
        assertEquals("-2123 kB", ByteUnits.PRETTY.signed(-2174263));
        assertEquals("+0", ByteUnits.BYTES.signed(0));
        assertEquals(String.format("%+d", -5L), ByteUnits.BYTES.signed(-5));
        assertEquals("2174263 bytes", ByteUnits.BYTES.amount(2174263));
        assertEquals("10239 bytes", ByteUnits.PRETTY.amount(10239));
    }
}
