package org.walprism.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.walprism.analyzer.relmap.RangeRelations;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.codec.Lsn;
import org.walprism.codec.read.WalReader;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Relation names followed in the pass that fills the tables ({@code follow}) are those of the two passes
 * {@code walprism sql --relmap} made before: {@link RangeRelations#scan} and its {@code follow}, then the load. On
 * every capture with a relation map from its server (relmap.csv, taken before the range; relmap-after.csv after
 * it), the names of {@code wal_blocks}, the rows of {@code relations} and the notices are the same either way.
 */
class SinglePassNamesTest {

    @TempDir
    Path tmp;

    static Stream<Arguments> maps() {
        List<Arguments> a = new ArrayList<>();
        for (Capture c : TestData.captures()) {
            for (String m : List.of("relmap.csv", "relmap-after.csv")) {
                if (Files.exists(c.storedDir().resolve(m + ".gz"))) {
                    a.add(Arguments.of(c.name(), m));
                }
            }
        }
        return a.stream();
    }

    private RelationMap map(Capture c, String file) throws IOException {
        Path plain = tmp.resolve(c.name().replace('/', '_') + "-" + file);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(c.storedDir().resolve(file + ".gz")))) {
            Files.copy(in, plain, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return RelationMap.load(plain);
    }

    private static final List<String> QUERIES = List.of(
            "SELECT reltablespace, reldatabase, relfilenode, relation, count(*) FROM wal_blocks GROUP BY ALL "
                    + "ORDER BY ALL",
            "SELECT * FROM relations ORDER BY ALL");

    /** The rows of {@link #QUERIES} and the notices, after loading {@code c} with {@code names}. */
    private static List<String> rows(Capture c, RelationMap names, boolean follow, List<String> notes)
            throws Exception {
        List<String> out = new ArrayList<>();
        try (WalSql db = WalSql.open(null, new WalSql.Settings("1GB", null, 2))) {
            try (WalReader r = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()), 0)) {
                WalTables.Filled f = db.load(r, c.startLsn(), c.endLsn(),
                        new WalTables.Contents(true, false, false, false, false), names, follow, null);
                f.notices().forEach(m -> notes.add(m.toString()));
            }
            for (String q : QUERIES) {
                out.add("-- " + q);
                out.addAll(query(db, q));
            }
        }
        out.add("-- notices");
        out.addAll(notes);
        return out;
    }

    private static List<String> query(WalSql db, String q) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = db.connection().createStatement(); ResultSet rs = s.executeQuery(q)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    sb.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                out.add(sb.toString());
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("maps")
    void namesFollowedInTheLoadPassAreThoseOfTheSeparatePass(String name, String file) throws Exception {
        Capture c = TestData.capture(name);
        // before: a pass of its own (as --dbname still makes), its changes followed into the map, then the load
        RelationMap before = map(c, file);
        RangeRelations.Result rr = RangeRelations.scan(c.walDir(), c.startLsn(), c.endLsn(), 0, 2, before);
        List<String> notes = new ArrayList<>();
        rr.follow(before).forEach(m -> notes.add(m.toString()));
        List<String> twoPasses = rows(c, before, false, new ArrayList<>());
        twoPasses.addAll(notes);
        // now: one pass
        List<String> onePass = rows(c, map(c, file), true, new ArrayList<>());
        assertFalse(onePass.size() <= QUERIES.size() + 1, "no rows");
        assertEquals(String.join("\n", sortedNotices(twoPasses)), String.join("\n", sortedNotices(onePass)));
    }

    /** The notices' order differs (the separate pass's come after the reader's): compared as a set. */
    private static List<String> sortedNotices(List<String> rows) {
        int at = rows.indexOf("-- notices");
        List<String> head = new ArrayList<>(rows.subList(0, at + 1));
        head.addAll(rows.subList(at + 1, rows.size()).stream().sorted().toList());
        return head;
    }
}
