package org.walprism.analyzer.relmap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Names of relations by their files: {@code (reltablespace, reldatabase, relfilenode)} to the relation's name, kind
 * and parent table (for indexes and TOAST tables), loaded from a CSV or TSV file as one query over {@code pg_class}
 * per database writes it (the README gives the query), and completed with what the WAL itself says (names from
 * pg_class rows in in-place updates, relfilenodes that change inside the range: see {@link RelationTracker}).
 *
 * <p>Columns, by header name in any order (or, without a header, in this order): {@code reltablespace},
 * {@code reldatabase} (0 for shared catalogs), {@code relfilenode} ({@code pg_relation_filenode(oid)}, so mapped
 * catalogs have theirs), {@code relation} (the name to print), {@code kind} ({@code relkind}), {@code parent}
 * (for an index its table, for a TOAST table its table, as {@code relation} names them); optional, by header only:
 * {@code oid} (lets walprism follow relfilenode changes to the name) and {@code database} (datname). Lines that
 * repeat the header (files of several databases concatenated) set the columns of the lines after them.
 */
public final class RelationMap {
    /** One relation's file and name. */
    public record Relation(long spc, long db, long relfilenode, long oid, String name, char kind, String parent,
                           String database) {
        /** Whether VACUUM processes it as a heap (table, TOAST table, materialized view). */
        public boolean isHeap() {
            return kind == 'r' || kind == 't' || kind == 'm';
        }

        /** {@code database.name} when the database name is known, else the name. */
        public String qualifiedName() {
            return database == null || database.isEmpty() ? name : database + "." + name;
        }
    }

    static final List<String> POSITIONAL = List.of("reltablespace", "reldatabase", "relfilenode", "relation", "kind",
            "parent");
    private static final List<String> REQUIRED = List.of("reltablespace", "reldatabase", "relfilenode", "relation");

    private final Map<Key, Relation> byFile = new HashMap<>();
    private final Map<Key, Relation> byDbFile = new HashMap<>();
    private final Map<Key, Relation> byOid = new HashMap<>();
    private final Map<Long, Map<String, Relation>> nameIndex = new HashMap<>();
    private int loaded;
    private final java.util.Set<Relation> fromMap = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    private record Key(long a, long b, long c) {
    }

    /** A map without names: only what the WAL says will be known. */
    public static RelationMap empty() {
        return new RelationMap();
    }

    /** Number of relations loaded from the file. */
    public int loaded() {
        return loaded;
    }

    /**
     * Reads a relation map file.
     *
     * @throws IOException          when the file cannot be read
     * @throws RelationMapException when a line is not a relation (the message names the file and line)
     */
    public static RelationMap load(Path file) throws IOException {
        RelationMap m = new RelationMap();
        // read once, as a stream: the file may be a pipe (--relmap <(psql ...)); strict UTF-8; bounded (BoundedText)
        java.nio.charset.CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
        try (java.io.BufferedReader text = new java.io.BufferedReader(new BoundedText(
                new java.io.InputStreamReader(Files.newInputStream(file), utf8), file), 1 << 17)) {
            return load(m, file, text);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new RelationMapException(file + ": not a UTF-8 text file");
        } catch (BoundedText.TooLong e) {
            throw new RelationMapException(e.getMessage());
        }
    }

    private static RelationMap load(RelationMap m, Path file, java.io.BufferedReader text) throws IOException {
        // the format is that of the first line that is not blank: TSV when it holds a tab
        int lookahead = 60000;
        text.mark(lookahead + BoundedText.MAX_LINE + 1);
        String first = "";
        int seen = 0;
        for (String l; seen < lookahead && (l = text.readLine()) != null; seen += l.length() + 1) {
            if (!l.isBlank()) {
                first = l;
                break;
            }
        }
        text.reset();
        CSVFormat format = (first.indexOf('\t') >= 0 ? CSVFormat.TDF : CSVFormat.DEFAULT).builder()
                .setIgnoreEmptyLines(true).setTrim(true).get();
        try (CSVParser p = format.parse(text)) {
            Map<String, Integer> columns = null;
            for (CSVRecord rec : p) {
                Map<String, Integer> h = header(rec);
                if (h != null) {
                    columns = h;
                    continue;
                }
                if (columns == null) {
                    columns = new HashMap<>();
                    for (int i = 0; i < POSITIONAL.size(); i++) {
                        columns.put(POSITIONAL.get(i), i);
                    }
                }
                m.add(parse(file + " line " + p.getCurrentLineNumber(), file, rec, columns), false);
                m.loaded++;
            }
        } catch (java.io.UncheckedIOException e) {
            if (e.getCause() instanceof java.nio.charset.CharacterCodingException) {
                throw new RelationMapException(file + ": not a UTF-8 text file");
            }
            if (e.getCause() instanceof BoundedText.TooLong t) {
                throw new RelationMapException(t.getMessage());
            }
            throw new RelationMapException(file + ": " + e.getCause().getMessage());
        } catch (IllegalStateException e) {
            throw new RelationMapException(file + ": " + e.getMessage());
        }
        return m;
    }

    /** The columns of a header line, or null when {@code rec} is not one. */
    private static Map<String, Integer> header(CSVRecord rec) {
        if (!rec.get(0).equalsIgnoreCase("reltablespace")) {
            return null;
        }
        Map<String, Integer> c = new HashMap<>();
        for (int i = 0; i < rec.size(); i++) {
            c.put(rec.get(i).toLowerCase(Locale.ROOT), i);
        }
        return c;
    }

    private static Relation parse(String where, Path file, CSVRecord rec, Map<String, Integer> c) {
        for (String col : REQUIRED) {
            Integer i = c.get(col);
            if (i == null) {
                throw new RelationMapException(file + ": no column \"" + col + "\" in the header");
            }
            if (i >= rec.size()) {
                throw new RelationMapException(where + ": " + rec.size() + " fields, no \"" + col + "\"");
            }
        }
        long spc = oid(where, "reltablespace", get(rec, c, "reltablespace"));
        long db = oid(where, "reldatabase", get(rec, c, "reldatabase"));
        long rel = oid(where, "relfilenode", get(rec, c, "relfilenode"));
        String oidText = get(rec, c, "oid");
        long oid = oidText == null || oidText.isEmpty() ? 0 : oid(where, "oid", oidText);
        String name = get(rec, c, "relation");
        if (name.isEmpty()) {
            throw new RelationMapException(where + ": empty relation name");
        }
        String kind = get(rec, c, "kind");
        if (kind != null && kind.length() > 1) {
            throw new RelationMapException(where + ": kind \"" + kind + "\" is not one relkind letter");
        }
        String parent = get(rec, c, "parent");
        return new Relation(spc, db, rel, oid, name, kind == null || kind.isEmpty() ? '?' : kind.charAt(0),
                parent == null || parent.isEmpty() ? null : parent, get(rec, c, "database"));
    }

    private static String get(CSVRecord rec, Map<String, Integer> c, String col) {
        Integer i = c.get(col);
        return i == null || i >= rec.size() ? null : rec.get(i);
    }

    private static long oid(String where, String col, String text) {
        try {
            long v = Long.parseLong(text);
            if (v >= 0 && v <= 0xFFFFFFFFL) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new RelationMapException(where + ": " + col + " \"" + text + "\" is not an OID (0 .. 4294967295)");
    }

    /**
     * Adds a relation. A relation learned from the WAL ({@code learned}) takes the place of what was known of the
     * same file, and keeps the loaded name when it brings none of its own.
     */
    public void add(Relation r, boolean learned) {
        Key file = new Key(r.spc(), r.db(), r.relfilenode());
        if (!learned && byFile.containsKey(file)) {
            return;
        }
        if (!learned) {
            fromMap.add(r);
        }
        byFile.put(file, r);
        Key dbFile = new Key(-1, r.db(), r.relfilenode());
        if (byDbFile.containsKey(dbFile) && !learned) {
            Relation old = byDbFile.get(dbFile);
            if (old != null && old.spc() != r.spc()) {
                byDbFile.put(dbFile, null);  // the same number in two tablespaces: only exact look-ups
            }
        } else {
            byDbFile.put(dbFile, r);
        }
        if (r.oid() != 0) {
            Relation known = byOid.get(new Key(-1, r.db(), r.oid()));
            if (known == null || learned) {
                byOid.put(new Key(-1, r.db(), r.oid()), r);
            }
        }
        // a name the WAL taught points at the relation's newer file (a rewrite's), which parent() then gives
        Map<String, Relation> byName = nameIndex.computeIfAbsent(r.db(), k -> new HashMap<>());
        if (learned) {
            byName.put(r.name(), r);
        } else {
            byName.putIfAbsent(r.name(), r);
        }
    }


    /** Whether {@code r} came from the map (a file or a server), not from the WAL. */
    public boolean fromMap(Relation r) {
        return fromMap.contains(r);
    }

    /** The relation stored in {@code (spc, db, relfilenode)}, or null; {@code spc} -1 matches any tablespace. */
    public Relation find(long spc, long db, long relfilenode) {
        if (spc >= 0) {
            Relation r = byFile.get(new Key(spc, db, relfilenode));
            if (r != null) {
                return r;
            }
        }
        return byDbFile.get(new Key(-1, db, relfilenode));
    }

    /**
     * How per-relation output names a file: the relation's name, else {@code spc/db/relfilenode} as pg_waldump
     * prints it.
     */
    public String label(long spc, long db, long relfilenode) {
        Relation r = find(spc, db, relfilenode);
        return r != null ? r.name() : spc + "/" + db + "/" + relfilenode;
    }

    /** The relation with {@code oid} in database {@code db} (0: shared catalogs), or null. */
    public Relation byOid(long db, long oid) {
        return byOid.get(new Key(-1, db, oid));
    }

    /** The relation named {@code name} in {@code db}, or null. */
    public Relation byName(long db, String name) {
        Map<String, Relation> m = nameIndex.get(db);
        return m == null ? null : m.get(name);
    }

    /** The parent of an index or TOAST table, or null. */
    public Relation parent(Relation r) {
        return r == null || r.parent() == null ? null : byName(r.db(), r.parent());
    }

    /**
     * The table {@code r} rolls up under: an index's table, a TOAST table's table, a TOAST index's table (two
     * steps); {@code r} itself when it has no parent.
     */
    public Relation table(Relation r) {
        Relation t = r;
        for (int i = 0; i < 4 && t != null; i++) {
            Relation p = parent(t);
            if (p == null) {
                return t;
            }
            t = p;
        }
        return t;
    }

    /** Every relation known, loaded and learned. */
    public List<Relation> all() {
        return new ArrayList<>(byFile.values());
    }
}
