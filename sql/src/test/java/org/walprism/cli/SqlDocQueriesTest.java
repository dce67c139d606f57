package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Every query the documentation shows runs: the {@code walprism sql ... "SELECT ..."} command lines of README.md and
 * docs/*.md and the {@code ```sql} blocks of docs/sql.md, each on a corpus capture with data checksums (hint-bit images), exit 0 and at least one row.
 * (The block that attaches two exports needs them: SqlExamplesTest makes them and runs it.)
 */
class SqlDocQueriesTest {

    private static final Capture C = TestData.capture("18/vacuum_tables_checksums");

    /** The documents that show queries. */
    private static List<Path> docs() throws IOException {
        List<Path> out = new ArrayList<>(List.of(Path.of("..", "README.md")));
        try (var s = Files.list(Path.of("..", "docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        }
        return out;
    }

    /** The queries of {@code walprism sql ... "QUERY"} command lines (a query may span lines), and sql blocks. */
    static List<String> queries() throws IOException {
        List<String> out = new ArrayList<>();
        Pattern line = Pattern.compile("walprism sql [^\"\\n]*\"((?:SELECT|WITH)\\b[^\"]*)\"", Pattern.DOTALL);
        Pattern block = Pattern.compile("```sql\n(.*?)```", Pattern.DOTALL);
        for (Path p : docs()) {
            String text = Files.readString(p);
            Matcher m = line.matcher(text);
            while (m.find()) {
                out.add(m.group(1).replaceAll("\\s*\\n\\s*", " "));
            }
            // the sql blocks of other documents are for psql on a server
            Matcher b = block.matcher(p.getFileName().toString().equals("sql.md") ? text : "");
            while (b.find()) {
                if (!b.group(1).contains("ATTACH")) {
                    out.add(b.group(1));
                }
            }
        }
        return out;
    }

    @Test
    void everyDocumentedQueryRuns() throws IOException {
        List<String> qs = queries();
        // README's example, the memory section's, and docs/sql.md's four questions without ATTACH
        assertTrue(qs.size() >= 6, qs.toString());
        Path relmap = Files.createTempFile("walprism-relmap", ".csv");
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(
                Files.newInputStream(C.storedDir().resolve("relmap.csv.gz")))) {
            Files.copy(in, relmap, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            for (String q : qs) {
                SqlCommandTest.Result r = SqlCommandTest.run(SqlCommandTest.sql(C, "--relmap", relmap.toString(),
                        "--format", "csv", q));
                assertEquals(0, r.code(), q + "\n" + r.err());
                assertFalse(r.out().lines().skip(1).findAny().isEmpty(), "no row: " + q);
            }
        } finally {
            Files.deleteIfExists(relmap);
        }
    }
}
