package org.walprism.analyzer.relmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.walprism.client.ConnectionString;
import org.walprism.testdata.TestData;

/** The --dbname look-up: the same query as testdata/capture/relmap.sql; libpq connection strings. */
class ServerRelationMapTest {

    @Test
    void queryIsRelmapSqls() throws IOException {
        String sql = Files.readString(TestData.root().resolve("capture").resolve("relmap.sql"));
        assertTrue(sql.contains("\\copy (" + ServerRelationMap.QUERY + ") TO STDOUT WITH (FORMAT csv, HEADER)"),
                "relmap.sql and ServerRelationMap.QUERY differ");
    }

    @Test
    void parsesLibpqPairsUrisAndBareNames() throws IOException {
        assertEquals(Map.of("host", "db.example", "port", "5433", "dbname", "my db", "user", "u", "password", "p'q"),
                ServerRelationMap.parse("host=db.example port=5433 dbname='my db' user=u password='p\\'q'", Map.of()));
        assertEquals(Map.of("host", "h", "port", "6432", "dbname", "shop", "user", "me", "password", "s@cret",
                "sslmode", "require"),
                ServerRelationMap.parse("postgresql://me:s%40cret@h:6432/shop?sslmode=require", Map.of()));
        assertEquals(Map.of("dbname", "shop", "host", "10.0.0.1", "port", "5432", "user", "pg"),
                ServerRelationMap.parse("shop", Map.of("PGHOST", "10.0.0.1", "PGPORT", "5432", "PGUSER", "pg")));
    }

    @Test
    void refusesWhatItCannotUse() {
        assertEquals("--dbname: port \"x\" is not a TCP port number", assertThrows(IOException.class,
                () -> ServerRelationMap.parse("port=x", Map.of())).getMessage());
        assertEquals("--dbname: invalid connection string: unterminated quoted value of \"dbname\"",
                assertThrows(ConnectionString.InvalidException.class,
                () -> ServerRelationMap.parse("dbname='x", Map.of())).getMessage());
    }
}
