package org.walprism.analyzer.relmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RelationMapTest {

    private static RelationMap load(Path dir, String text) throws Exception {
        Path f = dir.resolve("map");
        Files.writeString(f, text);
        return RelationMap.load(f);
    }

    @Test
    void readsCsvWithHeaderAsPsqlCopyWritesIt(@TempDir Path tmp) throws Exception {
        RelationMap m = load(tmp, "reltablespace,reldatabase,relfilenode,oid,relation,kind,parent,database\n"
                + "1663,5,16391,16391,public.foo,r,,postgres\n"
                + "1663,5,16394,16394,pg_toast.pg_toast_16391,t,public.foo,postgres\n"
                + "1663,5,16395,16395,pg_toast.pg_toast_16391_index,i,pg_toast.pg_toast_16391,postgres\n"
                + "1664,0,1262,1262,pg_catalog.pg_database,r,,postgres\n"
                // psql quotes a name with a comma
                + "1663,5,16400,16400,\"public.\"\"a,b\"\"\",r,,postgres\n");
        assertEquals(5, m.loaded());
        RelationMap.Relation toastIndex = m.find(1663, 5, 16395);
        assertEquals("pg_toast.pg_toast_16391_index", toastIndex.name());
        assertEquals('i', toastIndex.kind());
        assertEquals("public.foo", m.table(toastIndex).name());
        assertEquals("public.foo", m.table(m.find(-1, 5, 16394)).name());
        assertEquals("postgres.public.foo", m.find(1663, 5, 16391).qualifiedName());
        assertEquals("pg_catalog.pg_database", m.byOid(0, 1262).name());
        assertEquals("public.\"a,b\"", m.find(1663, 5, 16400).name());
        assertNull(m.find(1663, 5, 99999));
        assertEquals("1663/5/99999", m.label(1663, 5, 99999));
        assertEquals("public.foo", m.label(1663, 5, 16391));
    }

    @Test
    void readsTsvWithoutHeaderInTheDocumentedOrder(@TempDir Path tmp) throws Exception {
        RelationMap m = load(tmp, "1663\t5\t16391\tpublic.t\tr\t\n1663\t5\t16394\tpublic.t_id\ti\tpublic.t\n");
        assertEquals("public.t", m.table(m.find(1663, 5, 16394)).name());
        assertEquals('r', m.find(1663, 5, 16391).kind());
    }

    @Test
    void skipsRepeatedHeadersOfConcatenatedDatabases(@TempDir Path tmp) throws Exception {
        String h = "reltablespace,reldatabase,relfilenode,relation\n";
        RelationMap m = load(tmp, h + "1663,5,16391,public.a\n" + h + "1663,16384,16391,public.b\n");
        assertEquals(2, m.loaded());
        assertEquals("public.a", m.find(1663, 5, 16391).name());
        assertEquals("public.b", m.find(1663, 16384, 16391).name());
    }

    @Test
    void rejectsLinesThatAreNotRelations(@TempDir Path tmp) {
        String h = "reltablespace,reldatabase,relfilenode,relation\n";
        RelationMapException e = assertThrows(RelationMapException.class, () -> load(tmp, h + "1663,5,-1,public.a\n"));
        assertEquals(tmp.resolve("map") + " line 2: relfilenode \"-1\" is not an OID (0 .. 4294967295)",
                e.getMessage());
        e = assertThrows(RelationMapException.class, () -> load(tmp, h + "1663,5,16391,\n"));
        assertEquals(tmp.resolve("map") + " line 2: empty relation name", e.getMessage());
        e = assertThrows(RelationMapException.class, () -> load(tmp, "reltablespace,relfilenode,relation\n1,2,a\n"));
        assertEquals(tmp.resolve("map") + ": no column \"reldatabase\" in the header", e.getMessage());
        e = assertThrows(RelationMapException.class, () -> load(tmp, h + "1663,5\n"));
        assertEquals(tmp.resolve("map") + " line 2: 2 fields, no \"relfilenode\"", e.getMessage());
        e = assertThrows(RelationMapException.class, () -> load(tmp, h + "1663,5,1,a,rx\n".replace(",rx", "")
                + "reltablespace,reldatabase,relfilenode,relation,kind\n1663,5,2,b,rx\n"));
        assertEquals(tmp.resolve("map") + " line 4: kind \"rx\" is not one relkind letter", e.getMessage());
    }

    @Test
    void rejectsALineLongerThanAnyRelationWithoutReadingItWhole(@TempDir Path tmp) throws Exception {
        // /dev/zero or a file that is not a map: one endless "line"
        Path f = tmp.resolve("zeros");
        Files.write(f, new byte[BoundedText.MAX_LINE * 4]);
        RelationMapException e = assertThrows(RelationMapException.class, () -> RelationMap.load(f));
        assertEquals(f + " line 1: longer than 8192 characters: not a relation map", e.getMessage());
        String h = "reltablespace,reldatabase,relfilenode,relation\n";
        e = assertThrows(RelationMapException.class, () -> load(tmp, h + "1663,5,1,\"" + "x".repeat(9000) + "\"\n"));
        assertEquals(tmp.resolve("map") + " line 2: longer than 8192 characters: not a relation map", e.getMessage());
    }

    @Test
    void rejectsAMapLargerThanTheLimit(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("big.csv");
        try (var w = Files.newBufferedWriter(f)) {
            w.write("reltablespace,reldatabase,relfilenode,relation\n");
            for (long i = 0, n = 0; n <= BoundedText.MAX_CHARS; i++) {
                String line = "1663,5," + i + ",public.relation_with_a_long_name_" + i + "\n";
                w.write(line);
                n += line.length();
            }
        }
        RelationMapException e = assertThrows(RelationMapException.class, () -> RelationMap.load(f));
        assertEquals(f + ": more than 4 MiB: a relation map is at most that (map the databases whose WAL is read)",
                e.getMessage());
    }

    @Test
    void rejectsBytesThatAreNotUtf8(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("latin1");
        Files.write(f, "reltablespace,reldatabase,relfilenode,relation\n1663,5,1,caf\u00e9\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        RelationMapException e = assertThrows(RelationMapException.class, () -> RelationMap.load(f));
        assertEquals(f + ": not a UTF-8 text file", e.getMessage());
    }

    @Test
    void aRelationLearnedFromTheWalTakesThePlaceOfItsFile(@TempDir Path tmp) throws Exception {
        RelationMap m = load(tmp, "reltablespace,reldatabase,relfilenode,oid,relation,kind\n1663,5,16391,16391,public.t,r\n");
        // TRUNCATE t inside the range: the WAL says oid 16391 now lives in 16402
        RelationMap.Relation known = m.byOid(5, 16391);
        m.add(new RelationMap.Relation(1663, 5, 16402, 16391, known.name(), 'r', null, null), true);
        assertEquals("public.t", m.find(1663, 5, 16402).name());
        assertEquals("public.t", m.find(1663, 5, 16391).name());
        assertEquals(16402, m.byOid(5, 16391).relfilenode());
    }
}
