package org.walprism.analyzer.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.source.WalSources;
import org.walprism.testdata.Capture;
import org.walprism.testdata.TestData;

/**
 * {@code dump --format json}: every Heap, Heap2, Transaction, Btree and XLOG record of every capture carries its
 * typed payload under {@code fields} (its layout as {@code layout_since}, never padding bytes), and the numbers
 * in it equal the numbers PostgreSQL itself printed for the record (the desc text of the capture's pg_waldump or
 * pg_walinspect oracle): horizons, counts, flags and offset arrays.
 */
class TypedJsonTest {
    private static final RecordJson JSON = new RecordJson();

    /** Oracle desc key (as 13..master print it) -> typed component names that hold the same value. */
    private static final Map<String, List<String>> SCALARS = new LinkedHashMap<>();

    static {
        SCALARS.put("remxid", List.of("latestRemovedXid"));
        SCALARS.put("latestRemovedXid", List.of("latestRemovedXid", "snapshotConflictHorizon"));
        SCALARS.put("cutoff xid", List.of("cutoffXid", "snapshotConflictHorizon"));
        SCALARS.put("snapshotConflictHorizon", List.of("snapshotConflictHorizon"));
        SCALARS.put("ntuples", List.of("ntuples"));
        SCALARS.put("nredirected", List.of("nredirected", "#redirected/2"));
        SCALARS.put("ndead", List.of("ndead", "#dead"));
        SCALARS.put("nunused", List.of("nunused", "#unused"));
        SCALARS.put("nplans", List.of("nplans", "#plans"));
        SCALARS.put("flags", List.of("flags"));
        SCALARS.put("; tli", List.of("thisTimeLineId"));
        SCALARS.put("prev tli", List.of("prevTimeLineId"));
        SCALARS.put("; oid", List.of("nextOid"));
        SCALARS.put("; multi", List.of("nextMulti"));
        SCALARS.put("oldest running xid", List.of("oldestActiveXid"));
    }

    private static int major(WalVersion v) {
        return Integer.parseInt(v.label().replaceAll("[^0-9].*", ""));
    }

    /** No struct padding or raw copy of a decoded field, at any depth. */
    @SuppressWarnings("unchecked")
    private static void assertNoPadding(Object v, String at) {
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String k = e.getKey().toString();
                assertFalse(k.equals("pad") || k.endsWith("Pad") || k.equals("reasonByte"), at + ": padding " + k);
                assertNoPadding(e.getValue(), at);
            }
        } else if (v instanceof List<?> l) {
            for (Object o : l) {
                assertNoPadding(o, at);
            }
        }
    }

    private static final Pattern ARRAY = Pattern.compile("\\b(dead|unused): \\[([0-9, ]*)\\]");

    @TestFactory
    Stream<DynamicTest> typedFieldsAgreeWithPostgresDesc() {
        List<Capture> captures = TestData.captures().stream()
                .filter(c -> c.has("waldump.txt") || c.has("records.tsv")).toList();
        assertFalse(captures.isEmpty(), "no captures with an oracle");
        return captures.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
    }

    private static void check(Capture c) {
        List<String> oracle = c.has("records.tsv")
                ? c.oracleText("records.tsv").lines().map(l -> l.split("\t", -1)[9]).toList()
                : c.oracleText("waldump.txt").lines().map(TypedJsonTest::waldumpDesc).toList();
        int typed = 0;
        int compared = 0;
        List<String> failures = new ArrayList<>();
        try (WalReader reader = WalSources.reader(c.walDir(), Lsn.bound(c.startLsn()), Lsn.bound(c.endLsn()))) {
            int i = 0;
            for (DecodedRecord r = reader.next(); r != null; r = reader.next(), i++) {
                Map<String, Object> obj = asObject(new Parser(JSON.format(r, reader.endOfLastRecord())).value());
                if (!TypedJson.isTyped(r.rmid())) {
                    assertFalse(obj.containsKey("fields"), "untyped rmgr has fields");
                    continue;
                }
                typed++;
                String at = Lsn.format(r.recordLsn().value(), true);
                assertNull(obj.get("fields_error"), () -> "fields_error at " + at);
                Map<String, Object> fields = asObject(obj.get("fields"));
                assertInstanceOf(String.class, fields.get("kind"));
                assertFalse(fields.containsKey("layout"),
                        "layout_since, not \"layout\":\"Pg13\" (read as a wrong major)");
                Object since = fields.get("layout_since");
                if (since != null) {
                    // the first major writing the layout is never after the WAL's own major
                    WalVersion first = WalVersion.fromLabel(since.toString());
                    // by major: a 19 pre-release writes the layouts the codec names 19
                    assertTrue(first != null && major(reader.version()) >= major(first),
                            at + ": layout_since " + since + " on " + reader.version().label() + " WAL");
                }
                assertNoPadding(fields, at);
                String desc = oracle.get(i);
                for (Map.Entry<String, List<String>> e : SCALARS.entrySet()) {
                    Long want = oracleNumber(desc, e.getKey());
                    Long got = want == null ? null : find(fields, e.getValue());
                    if (got != null) {
                        compared++;
                        if (!got.equals(want) && failures.size() < 5) {
                            failures.add(Lsn.format(r.recordLsn().value(), true) + " " + e.getKey() + ": oracle " + want
                                    + ", fields " + got + "\n  " + desc);
                        }
                    }
                }
                Matcher m = ARRAY.matcher(desc);
                while (m.find()) {
                    Object got = deepGet(fields, m.group(1));
                    if (got != null) {
                        compared++;
                        String want = "[" + m.group(2).replace(" ", "") + "]";
                        if (!want.equals(got.toString().replace(" ", "")) && failures.size() < 5) {
                            failures.add(Lsn.format(r.recordLsn().value(), true) + " " + m.group(1) + ": oracle " + want
                                    + ", fields " + got);
                        }
                    }
                }
                if (r.rmid() == RmgrTable.XLOG && desc.matches("\\d+")) { // NEXTOID prints the bare OID
                    compared++;
                    assertEquals(Long.parseLong(desc), find(fields, List.of("nextOid")));
                }
            }
        }
        System.out.printf("typed json %s: %d Heap/Heap2/Transaction/Btree/XLOG records, %d values compared with "
                + "the oracle desc%n",
                c.name(), typed, compared);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        if (typed >= 10) { // the wal_switch captures hold only a SWITCH and an FPI or two, with no numbers
            assertTrue(compared > 0, "no typed value was compared");
        }
    }

    @Test
    void parserReadsNestedValues() {
        Map<String, Object> o = asObject(new Parser("{\"a\":[1,2],\"b\":{\"c\":\"x\\\"y\"},\"d\":true,\"e\":null}")
                .value());
        assertEquals(List.of(1L, 2L), o.get("a"));
        assertEquals("x\"y", asObject(o.get("b")).get("c"));
        assertEquals(Boolean.TRUE, o.get("d"));
        assertTrue(o.containsKey("e"));
    }

    private static String waldumpDesc(String line) {
        int d = line.indexOf("desc: ") + 6;
        int afterName = line.indexOf(' ', d) + 1;
        int blk = line.indexOf(", blkref #", afterName - 1);
        return line.substring(afterName, blk < 0 ? line.length() : blk);
    }

    /** The number after {@code key} ({@code key N}, {@code key: N}, {@code key 0xN}); null when absent. */
    private static Long oracleNumber(String desc, String key) {
        String k = key.startsWith(";") ? Pattern.quote(key) : "(?<![A-Za-z_/])" + Pattern.quote(key);
        Matcher m = Pattern.compile(k + ":? (0x[0-9A-Fa-f]+|\\d+)(?::(\\d+))?\\b").matcher(desc);
        if (!m.find()) {
            return null;
        }
        String v = m.group(1);
        if (m.group(2) != null) {
            // a FullTransactionId, printed epoch:xid (Btree REUSE_PAGE's snapshotConflictHorizon)
            return (Long.parseLong(v) << 32) | Long.parseLong(m.group(2));
        }
        return v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v);
    }

    /** The first candidate present: a component (searched in nested objects too) or {@code #name} an array size. */
    private static Long find(Map<String, Object> fields, List<String> candidates) {
        for (String name : candidates) {
            if (name.startsWith("#")) {
                String[] p = name.substring(1).split("/");
                Object v = deepGet(fields, p[0]);
                if (v instanceof List<?> l) {
                    return (long) l.size() / (p.length > 1 ? Long.parseLong(p[1]) : 1);
                }
            } else if (deepGet(fields, name) instanceof Long v) {
                return v;
            }
        }
        return null;
    }

    private static Object deepGet(Map<String, Object> obj, String key) {
        if (obj.containsKey(key)) {
            return obj.get(key);
        }
        for (Object v : obj.values()) {
            if (v instanceof Map<?, ?> m) {
                Object found = deepGet(asObject(m), key);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Object o) {
        assertInstanceOf(Map.class, o);
        return (Map<String, Object>) o;
    }

    /** Minimal strict JSON reader for the test (objects, arrays, strings, integers, booleans, null). */
    private static final class Parser {
        private final String s;
        private int i;

        Parser(String s) {
            this.s = s;
        }

        Object value() {
            Object v = any();
            assertEquals(s.length(), i, "trailing text in JSON: " + s);
            return v;
        }

        private Object any() {
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                if (s.charAt(i) == '}') {
                    i++;
                    return m;
                }
                while (true) {
                    String k = string();
                    expect(':');
                    assertFalse(m.containsKey(k), "duplicate key " + k);
                    m.put(k, any());
                    if (s.charAt(i) == ',') {
                        i++;
                    } else {
                        expect('}');
                        return m;
                    }
                }
            } else if (c == '[') {
                List<Object> l = new ArrayList<>();
                i++;
                if (s.charAt(i) == ']') {
                    i++;
                    return l;
                }
                while (true) {
                    l.add(any());
                    if (s.charAt(i) == ',') {
                        i++;
                    } else {
                        expect(']');
                        return l;
                    }
                }
            } else if (c == '"') {
                return string();
            } else if (s.startsWith("true", i)) {
                i += 4;
                return Boolean.TRUE;
            } else if (s.startsWith("false", i)) {
                i += 5;
                return Boolean.FALSE;
            } else if (s.startsWith("null", i)) {
                i += 4;
                return null;
            }
            int start = i;
            if (s.charAt(i) == '-') {
                i++;
            }
            while (i < s.length() && Character.isDigit(s.charAt(i))) {
                i++;
            }
            assertTrue(i > start, "bad JSON value at " + start + ": " + s);
            return Long.parseLong(s.substring(start, i));
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> sb.append('\n');
                        case 't' -> sb.append('\t');
                        case 'r' -> sb.append('\r');
                        case 'u' -> {
                            sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> sb.append(e);
                    }
                } else {
                    sb.append(c);
                }
            }
            i++;
            return sb.toString();
        }

        private void expect(char c) {
            assertEquals(c, s.charAt(i), "at " + i + " of " + s);
            i++;
        }
    }
}
