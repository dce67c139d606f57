package org.walprism.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * Which record types of each major the corpus holds with a PostgreSQL oracle: every type {@link RmgrTable} knows
 * for the major (rm_identify's names, {@code +INIT} variants included) against the types that
 * {@code pg_get_wal_stats} ({@code stats.tsv}) or pg_waldump {@code --stats=record} counted in the captures of
 * that major. Prints the table and the missing types, and checks that the table in testdata/README.md is this
 * one (so the README cannot go stale) and that every type missing on 15-19 is listed there with the reason.
 */
class RecordTypeCoverageTest {

    private static final Pattern WALDUMP_ROW = Pattern.compile("^(\\S+/\\S+)\\s+(\\d+)\\s+\\(");
    private static final String BEGIN = "<!-- coverage table: RecordTypeCoverageTest -->";
    private static final String END = "<!-- end of coverage table -->";

    /** Every "Rmgr/TYPE" name pg_waldump's statistics can print for {@code v}. */
    static Set<String> known(WalVersion v) {
        Set<String> out = new TreeSet<>();
        for (int rmid = 0; rmid <= RmgrTable.maxBuiltinId(v); rmid++) {
            if (!RmgrTable.isBuiltin(v, rmid)) {
                continue;
            }
            for (int info = 0; info < 256; info += 0x10) {
                String id = RmgrTable.identify(v, rmid, info);
                if (id != null) {
                    out.add(RmgrTable.name(v, rmid) + "/" + id);
                }
            }
        }
        return out;
    }

    /** The types a capture's oracle counted (count > 0). */
    static Set<String> seen(Capture c) {
        Set<String> out = new TreeSet<>();
        if (c.has("stats.tsv")) {
            for (String line : c.oracleText("stats.tsv").split("\n")) {
                String[] f = line.split("\t");
                if (f.length >= 2 && f[0].contains("/") && Long.parseLong(f[1].trim()) > 0) {
                    out.add(f[0]);
                }
            }
        } else if (c.has("waldump-stats-record.txt")) {
            for (String line : c.oracleText("waldump-stats-record.txt").split("\n")) {
                Matcher m = WALDUMP_ROW.matcher(line);
                if (m.find() && Long.parseLong(m.group(2)) > 0) {
                    out.add(m.group(1));
                }
            }
        }
        return out;
    }

    static Map<WalVersion, Set<String>> seenByVersion() {
        Map<WalVersion, Set<String>> out = new LinkedHashMap<>();
        for (WalVersion v : WalVersion.values()) {
            out.put(v, new TreeSet<>());
        }
        List<Capture> captures = new ArrayList<>(TestData.captures());
        // the captures across timeline switches (promotions) are kept out of the manifest
        Path timelines = TestData.root().resolve("timelines");
        try (var versions = Files.list(timelines)) {
            for (Path v : versions.sorted().toList()) {
                try (var names = Files.list(v)) {
                    for (Path n : names.sorted().toList()) {
                        if (Files.isRegularFile(n.resolve("capture.meta"))) {
                            captures.add(TestData.timelineCapture(v.getFileName() + "/" + n.getFileName()));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        for (Capture c : captures) {
            out.get(WalVersion.fromLabel(c.versionLabel())).addAll(seen(c));
        }
        return out;
    }

    static String table(Map<WalVersion, Set<String>> seen) {
        StringBuilder sb = new StringBuilder();
        sb.append("| major | types | seen with an oracle | missing |\n|---|---|---|---|\n");
        for (WalVersion v : WalVersion.values()) {
            Set<String> known = known(v);
            Set<String> have = new TreeSet<>(seen.get(v));
            have.retainAll(known);
            Set<String> missing = new TreeSet<>(known);
            missing.removeAll(have);
            sb.append(String.format(java.util.Locale.ROOT, "| %s | %d | %d (%d%%) | %s |%n", v.label(), known.size(),
                    have.size(), Math.round(100.0 * have.size() / known.size()),
                    missing.isEmpty() ? "-" : String.join(", ", missing)));
        }
        return sb.toString();
    }

    @Test
    void theReadmeTableIsTheCorpusCoverage() throws IOException {
        Map<WalVersion, Set<String>> seen = seenByVersion();
        String table = table(seen);
        System.out.println(table);
        Path readme = TestData.root().resolve("README.md");
        String text = Files.readString(readme);
        int b = text.indexOf(BEGIN);
        int e = text.indexOf(END);
        assertTrue(b >= 0 && e > b, readme + " has no coverage table between " + BEGIN + " and " + END);
        String inReadme = text.substring(b + BEGIN.length(), e).strip() + "\n";
        assertEquals(table, inReadme, "the coverage table in " + readme + " is stale; this test printed the current one");
    }

    @Test
    void everyTypeMissingOnFifteenToNineteenHasAReasonInTheReadme() throws IOException {
        Map<WalVersion, Set<String>> seen = seenByVersion();
        String text = Files.readString(TestData.root().resolve("README.md"));
        String reasons = text.substring(text.indexOf(END));
        List<String> unexplained = new ArrayList<>();
        for (WalVersion v : List.of(WalVersion.PG15, WalVersion.PG16, WalVersion.PG17, WalVersion.PG18, WalVersion.PG19)) {
            Set<String> missing = known(v);
            missing.removeAll(seen.get(v));
            for (String t : missing) {
                if (!reasons.contains("`" + t + "`") && !unexplained.contains(t)) {
                    unexplained.add(t);
                }
            }
        }
        assertTrue(unexplained.isEmpty(), "types missing on 15-19 with no reason in testdata/README.md: " + unexplained);
    }
}
