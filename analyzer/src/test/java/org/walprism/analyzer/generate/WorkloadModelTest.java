package org.walprism.analyzer.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.codec.WalVersion;

/** Every model value is checked against its range; the error names the key, the value and the range. */
class WorkloadModelTest {

    @TempDir
    Path tmp;

    private static final String TABLE = "table.rows=1000\ntable.tupleLength=87\n";
    private static final String GROUP = "group.1.pages=4\ngroup.1.tupleLength=40\ngroup.1.linePointers=10\n";

    private static WorkloadModel parse(String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return WorkloadModel.parse(p, "test");
    }

    static Stream<Arguments> badValues() {
        return Stream.of(
                Arguments.of(TABLE + "compressionRatio=NaN", "compressionRatio = NaN is out of range (allowed: > 0 and <= 1)"),
                Arguments.of(TABLE + "compressionRatio=0", "compressionRatio = 0 is out of range (allowed: > 0 and <= 1)"),
                Arguments.of(TABLE + "compressionRatio=Infinity",
                        "compressionRatio = Infinity is out of range (allowed: > 0 and <= 1)"),
                Arguments.of(TABLE + "compressionRatio=half", "compressionRatio = \"half\" is not a number (allowed: > 0 and <= 1)"),
                Arguments.of(TABLE + "index.leafImageBytes=-5", "index.leafImageBytes = -5 is out of range (allowed: 24 .. 8192)"),
                Arguments.of(TABLE + "index.leafImageBytes=100000",
                        "index.leafImageBytes = 100000 is out of range (allowed: 24 .. 8192)"),
                Arguments.of(TABLE + "index.deletedPerLeaf=409", "index.deletedPerLeaf = 409 is out of range (allowed: 0 .. 408)"),
                Arguments.of(TABLE + "index.leafPages=-1", "index.leafPages = -1 is out of range (allowed: 0 .. 1000000)"),
                Arguments.of(TABLE + "indexes=1001", "indexes = 1001 is out of range (allowed: 0 .. 1000)"),
                Arguments.of(TABLE + "maintenanceWorkMemKb=64",
                        "maintenanceWorkMemKb = 64 is out of range (allowed: 1024 .. 2147483647)"),
                Arguments.of(TABLE + "horizon=4294967296", "horizon = 4294967296 is out of range (allowed: 0 .. 4294967295)"),
                Arguments.of(TABLE + "indexPasses=2", "indexPasses = 2 needs vacuum = true and indexes > 0 (allowed otherwise: 0)"),
                Arguments.of(TABLE + "fpi=maybe", "fpi = \"maybe\" is not a boolean (allowed: true, false, on, off, yes, no, 1, 0)"),
                Arguments.of(TABLE + "walCompression=gzip",
                        "walCompression = \"gzip\" is not a compression method (allowed: off, pglz, lz4, zstd)"),
                Arguments.of(TABLE + "relation=1663/5/0", "relation = \"1663/5/0\" is not a relation (allowed: "
                        + "spcOid/dbOid/relNumber, each 0 .. 4294967295, spcOid and relNumber > 0)"),
                Arguments.of(TABLE + "relation=1663/-5/7", "relation = \"1663/-5/7\" is not a relation (allowed: "
                        + "spcOid/dbOid/relNumber, each 0 .. 4294967295, spcOid and relNumber > 0)"),
                Arguments.of(TABLE + "relation=1663/5/4294967295\nindexes=1", "relation = 1663/5/4294967295: relNumber + 2 + "
                        + "indexes must be <= 4294967295 (the index relations follow the heap's relNumber)"),
                Arguments.of("table.rows=0\ntable.tupleLength=87", "table.rows = 0 is out of range (allowed: 1 .. 10000000)"),
                Arguments.of("table.rows=lots\ntable.tupleLength=87",
                        "table.rows = \"lots\" is not an integer (allowed: 1 .. 10000000)"),
                Arguments.of("table.tupleLength=87", "table.rows is missing (allowed: 1 .. 10000000)"),
                Arguments.of("table.rows=10", "table.tupleLength is missing (allowed: 24 .. 8160)"),
                Arguments.of("table.rows=10\ntable.tupleLength=8161", "table.tupleLength = 8161 is out of range (allowed: 24 .. 8160)"),
                Arguments.of(TABLE + "table.fillfactor=9", "table.fillfactor = 9 is out of range (allowed: 10 .. 100)"),
                Arguments.of(TABLE + "table.updatedRows=1001", "table.updatedRows = 1001 is out of range (allowed: 0 .. 1000)"),
                Arguments.of(TABLE + "table.hotStride=0", "table.hotStride = 0 is out of range (allowed: 1 .. 2147483647)"),
                Arguments.of(TABLE + "table.updatedRows=5\ntable.hotUpdates=5",
                        "table.updatedRows = 5 and table.hotUpdates = 5: give one of them, not both"),
                Arguments.of(GROUP + "group.1.linePointers=292", "group.1.linePointers = 292 is out of range (allowed: 0 .. 291)"),
                Arguments.of(GROUP + "group.1.live=11", "group.1.live = 11 is out of range (allowed: 0 .. 10)"),
                Arguments.of(GROUP + "group.1.live=4\ngroup.1.freeze=5", "group.1.freeze = 5 is out of range (allowed: 0 .. 4)"),
                Arguments.of(GROUP + "group.1.live=6\ngroup.1.dead=5",
                        "group.1.live + dead + redirects + unused = 11 exceeds group.1.linePointers = 10"),
                Arguments.of(GROUP + "group.1.pages=1000001", "group.1.pages = 1000001 is out of range (allowed: 0 .. 1000000)"),
                Arguments.of("group.1.pages=600000\ngroup.1.tupleLength=40\ngroup.2.pages=600000\ngroup.2.tupleLength=40",
                        "the page groups describe more than 1000000 pages"),
                Arguments.of("group.1.tupleLength=4000\ngroup.1.linePointers=3\ngroup.1.live=3", "group.1.*: 3 line pointers "
                        + "and 3 tuples of 4000 bytes need 12036 bytes (allowed: at most the 8192-byte page)"),
                Arguments.of("group.one.pages=3", "bad key group.one.pages (expected group.N.field, N a number)"),
                Arguments.of(TABLE + "table.colour=blue", "unknown model key: table.colour"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badValues")
    void rejectsAValueOutsideItsRangeNamingKeyValueAndRange(String model, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(model));
        assertEquals(message, e.getMessage());
    }

    @Test
    void acceptsTheBoundsOfEveryRange() {
        WorkloadModel m = parse("table.rows=1\ntable.tupleLength=8160\ntable.fillfactor=10\nindexes=1\n"
                + "index.leafImageBytes=24\nindex.deletedPerLeaf=408\nmaintenanceWorkMemKb=1024\ncompressionRatio=1\n"
                + "horizon=4294967295\nrelation=1/0/4294967292\n");
        assertEquals(24, m.indexLeafImageBytes());
        assertEquals(1.0, m.compressionRatio());
        assertEquals(4294967295L, m.horizon());
    }

    @Test
    void aCompressionMethodTheVersionLacksIsAModelError() {
        WorkloadModel m = parse(TABLE + "walCompression=zstd");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Generator.run(m, WalVersion.PG14));
        assertEquals("walCompression = zstd: zstd image compression does not exist in PostgreSQL 14", e.getMessage());
    }

    @Test
    void indexPassesForcesThatManyPasses() {
        String model = "table.rows=30000\ntable.tupleLength=121\ntable.updatedRows=30000\nindexes=1\n"
                + "index.leafPages=165\n";
        assertEquals(1, Generator.run(parse(model), WalVersion.PG16).indexPasses(), "derived from 64 MB");
        for (int passes : new int[] {1, 2, 5}) {
            for (WalVersion v : new WalVersion[] {WalVersion.PG13, WalVersion.PG16, WalVersion.PG17, WalVersion.PG19}) {
                assertEquals(passes, Generator.run(parse(model + "indexPasses=" + passes), v).indexPasses(), v + "");
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Generator.run(parse(model + "indexPasses=100000"), WalVersion.PG16));
        assertEquals("indexPasses = 100000 exceeds the 492 heap pages left with LP_DEAD items (allowed: 0 .. 492)",
                e.getMessage());
    }

    @Test
    void aFileThatIsNotUtf8IsRejectedWithTheByteOffsetAndLine() throws IOException {
        Path f = tmp.resolve("latin1.properties");
        Files.write(f, ("table.rows=1000\nname=caf\u00e9\ntable.tupleLength=87\n").getBytes(StandardCharsets.ISO_8859_1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadModel.load(f));
        assertEquals("not valid UTF-8: byte 0xE9 at offset 24 (line 2)", e.getMessage());
        Files.write(f, ("name=caf\u00e9\n" + TABLE).getBytes(StandardCharsets.UTF_8));
        assertEquals("caf\u00e9", WorkloadModel.load(f).name(), "UTF-8 is read as UTF-8");
    }

    @Test
    void aFileOverOneMebibyteIsRejected() throws IOException {
        Path f = tmp.resolve("huge.properties");
        Files.writeString(f, TABLE + "#" + "x".repeat(1 << 20) + "\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadModel.load(f));
        assertEquals("model file larger than 1048576 bytes", e.getMessage());
    }
}
