package org.walprism.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.TestData;

/**
 * One home per PostgreSQL constant: the analyzer's and the CLI's main code name record opcodes and {@code BLCKSZ}
 * by the codec's constants (named as in PostgreSQL's headers), never as {@code case 0x..} labels or the literal
 * {@code 8192}. Comments are not scanned. A file may stay on a list below only with its reason written beside it;
 * an entry whose file no longer breaks the rule fails too, so the lists only shrink. Two more rules over every
 * library and tool module: a constant given a literal value is declared in one file only (the codec's home, which
 * the others import), and no main code compares majors with {@code WalVersion.atLeast}, which takes a major it does
 * not know for the newest it knows (ask the layout's exhaustive switch, or {@code RmgrTable.logs}).
 */
class ConstantLiteralsTest {
    private static final Path REPO = TestData.root().getParent();
    private static final List<String> MODULES = List.of("analyzer", "cli", "client", "source", "sql");
    private static final Pattern CASE_HEX = Pattern.compile("\\bcase\\s+0[xX][0-9A-Fa-f]+");
    private static final Pattern BLCKSZ = Pattern.compile("(?<![\\w.])8192(?![\\w.])");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    private static final List<String> ALL_MODULES = List.of("codec", "source", "client", "analyzer", "cli", "sql",
            "spark");
    private static final Pattern LITERAL_CONSTANT = Pattern.compile("static\\s+final\\s+(?:int|long|short|byte)\\s+"
            + "([A-Z][A-Z0-9_]*)\\s*=\\s*(?:0[xX][0-9A-Fa-f]+|[0-9][0-9_]*L?)\\s*;");
    private static final Pattern AT_LEAST = Pattern.compile("\\.atLeast\\(");

    /** Names that several files may each give a literal, each with the reason: not one PostgreSQL constant. */
    private static final Map<String, String> SHARED_NAMES = Map.of(
            "SIZE", "each layout record's own sizeof, read qualified (BtreeDelete.Pg13.SIZE), Kafka style",
            "WIDTH", "the widths of two different charts (report/DiffFormatter, report/Svg)",
            "MAX_BUCKETS", "LsnBuckets' bound and the HTML report's, two different limits",
            "FPI", "indexes of two analyzer tables (categories/Parts, vacuums/RecordKind), not PostgreSQL's",
            "RELMAP", "vacuums/RecordKind's index of the RelMap kind; RmgrTable.RELMAP is the rmgr id");

    /** Files allowed to keep a literal, each with the reason. */
    private static final Map<String, String> ALLOWED = Map.ofEntries(
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/desc/StandbyDescriber.java",
                    "Standby opcodes: no codec family for standbydefs.h yet"),
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/desc/BrinDescriber.java",
                    "BRIN opcodes: no codec family for brin_xlog.h yet"),
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/desc/HashDescriber.java",
                    "hash opcodes: no codec family for hash_xlog.h yet"),
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/desc/GistDescriber.java",
                    "GiST opcodes: no codec family for gistxlog.h yet"),
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/desc/GinDescriber.java",
                    "GIN opcodes: no codec family for ginxlog.h yet"),
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/desc/SpgistDescriber.java",
                    "SP-GiST opcodes: no codec family for spgxlog.h yet"),
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/desc/CatalogDescribers.java",
                    "Storage, CLOG, Database, Tablespace, MultiXact, Sequence opcodes: no codec families yet"),
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/desc/MiscDescribers.java",
                    "CommitTs, ReplicationOrigin, LogicalMessage opcodes: no codec families yet"),
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/replay/IndexTranslation.java",
                    "GiST opcodes: no codec family for gistxlog.h yet"),
            Map.entry("analyzer/src/main/java/org/walprism/analyzer/replay/CatalogTranslation.java",
                    "Database opcodes: no codec family for dbcommands_xlog.h yet"));

    private static Map<String, List<String>> offenders() throws IOException {
        Map<String, List<String>> out = new TreeMap<>();
        for (String m : MODULES) {
            Path dir = REPO.resolve(m).resolve("src/main/java");
            List<Path> files;
            try (Stream<Path> s = Files.walk(dir)) {
                files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
            }
            for (Path p : files) {
                String code = COMMENT.matcher(Files.readString(p)).replaceAll(c -> blankKeepingLines(c.group()));
                List<String> hits = new ArrayList<>();
                String[] lines = code.split("\n", -1);
                for (int i = 0; i < lines.length; i++) {
                    for (Pattern rule : List.of(CASE_HEX, BLCKSZ)) {
                        Matcher x = rule.matcher(lines[i]);
                        if (x.find()) {
                            hits.add((i + 1) + ": " + x.group());
                        }
                    }
                }
                if (!hits.isEmpty()) {
                    out.put(REPO.relativize(p).toString().replace('\\', '/'), hits);
                }
            }
        }
        return out;
    }

    /** The newlines of a comment, so that line numbers stay those of the file. */
    private static String blankKeepingLines(String comment) {
        return Matcher.quoteReplacement(comment.replaceAll("[^\\n]", ""));
    }

    @Test
    void analyzerAndCliNameOpcodesAndBlckszByTheCodecsConstants() throws IOException {
        Map<String, List<String>> found = offenders();
        Map<String, List<String>> unlisted = new TreeMap<>(found);
        unlisted.keySet().removeAll(ALLOWED.keySet());
        assertEquals(Map.of(), unlisted, "case 0x.. opcode labels or 8192 in main code: use the codec's constant");
    }

    private static List<Path> mainSources(List<String> modules) throws IOException {
        List<Path> out = new ArrayList<>();
        for (String m : modules) {
            try (Stream<Path> s = Files.walk(REPO.resolve(m).resolve("src/main/java"))) {
                s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    private static String code(Path p) throws IOException {
        return COMMENT.matcher(Files.readString(p)).replaceAll(c -> blankKeepingLines(c.group()));
    }

    @Test
    void aConstantWithALiteralValueIsDeclaredInOneFile() throws IOException {
        Map<String, List<String>> files = new TreeMap<>();
        for (Path p : mainSources(ALL_MODULES)) {
            Matcher x = LITERAL_CONSTANT.matcher(code(p));
            String file = REPO.relativize(p).toString().replace('\\', '/');
            while (x.find()) {
                List<String> in = files.computeIfAbsent(x.group(1), k -> new ArrayList<>());
                if (!in.contains(file)) {
                    in.add(file);
                }
            }
        }
        Map<String, List<String>> twice = new TreeMap<>();
        files.forEach((name, in) -> {
            if (in.size() > 1 && !SHARED_NAMES.containsKey(name)) {
                twice.put(name, in);
            }
        });
        assertEquals(Map.of(), twice, "one home per constant: keep the codec's (public) and import it");
        List<String> stale = new ArrayList<>();
        SHARED_NAMES.keySet().forEach(n -> {
            if (files.getOrDefault(n, List.of()).size() < 2) {
                stale.add(n);
            }
        });
        assertEquals(List.of(), stale, "these names are no longer shared: remove them from SHARED_NAMES");
    }

    @Test
    void noMainCodeComparesMajorsWithAtLeast() throws IOException {
        List<String> hits = new ArrayList<>();
        for (Path p : mainSources(ALL_MODULES)) {
            String[] lines = code(p).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (AT_LEAST.matcher(lines[i]).find()) {
                    hits.add(REPO.relativize(p) + ":" + (i + 1));
                }
            }
        }
        assertEquals(List.of(), hits, "WalVersion.atLeast takes an unknown future major for the newest known: use "
                + "the layout's exhaustive switch over WalVersion, or RmgrTable.logs");
    }

    @Test
    void everyListedFileStillNeedsItsEntry() throws IOException {
        Map<String, List<String>> found = offenders();
        List<String> stale = new ArrayList<>();
        ALLOWED.forEach((file, reason) -> {
            assertTrue(!reason.isBlank(), file + " is listed without a reason");
            if (!found.containsKey(file)) {
                stale.add(file);
            }
        });
        assertEquals(List.of(), stale, "these files no longer break the rule: remove them from the lists");
    }
}
