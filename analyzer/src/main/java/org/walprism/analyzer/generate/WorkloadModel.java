package org.walprism.analyzer.generate;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import org.walprism.analyzer.json.Json;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.RelFileLocator;

/**
 * A page-level workload model of VACUUM and pruning, read from a properties file.
 *
 * <p>The heap is described either by its <em>table shape</em> ({@code table.*}: rows, tuple length,
 * fillfactor, the updates run before the vacuum), from which {@link TableShape} derives the pages as
 * PostgreSQL would fill them, or directly by <em>page groups</em> ({@code group.N.*}, see {@link PageGroup}).
 * Keys, with the allowed values and [defaults]; a value outside its range is an error naming the key, the value
 * and the range (the upper limits keep the generated stream, which is held in memory, of a size a model needs):
 * <pre>
 * name                       label [model]
 * relation                   spcOid/dbOid/relNumber of the heap, each uint32, spcOid and relNumber &gt; 0 [1663/5/16391]
 * table.rows                 rows inserted: 1 .. 10000000 (required with table.*)
 * table.tupleLength          t_len of one row (header + data, before MAXALIGN): 24 .. 8160 (required with table.*)
 * table.fillfactor           10 .. 100 [100]
 * table.updatedRows          rows updated once before the vacuum, spread evenly: 0 .. table.rows [0]
 * table.updateIndexed        the update changes an indexed column, so it is never HOT [true if indexes &gt; 0]
 * table.hotUpdates           HOT updates before the vacuum, with on-access pruning: 0 .. 10000000 [0]
 * table.hotStride            row of the i-th HOT update = (i * stride) % rows: 1 .. 2147483647 [1]
 * group.N.pages              0 .. 1000000, all groups together at most 1000000 [1]
 * group.N.tupleLength        24 .. 8160 (required)
 * group.N.linePointers       0 .. 291 (MaxHeapTuplesPerPage) [0]
 * group.N.live, .dead, .redirects, .unused   0 .. 291, together at most linePointers [0]
 * group.N.freeze             0 .. live [live]
 * group.N.allFrozen          [true]
 * vacuum                     run VACUUM after the updates [true]
 * vacuum.freeze              VACUUM (FREEZE): freeze every live tuple [true]
 * indexes                    number of btree indexes: 0 .. 1000 [0]
 * index.leafPages            leaf pages per index holding dead entries: 0 .. 1000000 [0]
 * index.leafImageBytes       stored bytes of one leaf page image (its pd_lower; 8192: no hole): 24 .. 8192 [8192]
 * index.deletedPerLeaf       entries removed per leaf page: 0 .. 408 (MaxIndexTuplesPerPage) [0 = dead tuples / leaf pages]
 * maintenanceWorkMemKb       maintenance_work_mem, from which index passes follow: 1024 .. 2147483647 [65536]
 * indexPasses                force this many index passes: 0 .. 1000000, at most the pages left with LP_DEAD
 *                            items [0 = derive from maintenanceWorkMemKb]
 * fpi                        pages get their first change after a checkpoint (full-page images) [true]
 * checksums                  data checksums [false]
 * walLogHints                wal_log_hints [false]
 * hintBitsPending            VACUUM sets hint bits first (FPI_FOR_HINT with checksums) [true]
 * walCompression             off | pglz | lz4 | zstd (lz4 and zstd from 15 on) [off]
 * compressionRatio           assumed compressed/raw size of an image when compressed: &gt; 0 and &lt;= 1 [0.35]
 * horizon                    snapshot conflict horizon xid written in records: 0 .. 4294967295 [700]
 * </pre>
 * Booleans are true/false, on/off, yes/no or 1/0. The file is UTF-8 (at most 1 MiB).
 */
public record WorkloadModel(String name, RelFileLocator relation, TableShape table, List<PageGroup> groups,
                            boolean vacuum, boolean freezeAll, int indexes, int indexLeafPages,
                            int indexLeafImageBytes, int indexDeletedPerLeaf, long maintenanceWorkMemKb,
                            int indexPasses, boolean fpi, boolean checksums, boolean walLogHints,
                            boolean hintBitsPending, BlockImage.Compression walCompression,
                            double compressionRatio, long horizon) {

    /** MaxHeapTupleSize for 8 kB pages: BLCKSZ - MAXALIGN(SizeOfPageHeaderData + sizeof(ItemIdData)). */
    public static final int MAX_TUPLE_LENGTH = 8160;
    /** MaxIndexTuplesPerPage for 8 kB pages. */
    public static final int MAX_INDEX_TUPLES_PER_PAGE = 408;
    /** The most rows a table shape may have. */
    public static final int MAX_ROWS = 10_000_000;
    /** The most heap pages the page groups may describe. */
    public static final int MAX_PAGES = 1_000_000;
    /** The largest model file read. */
    public static final int MAX_FILE_BYTES = 1 << 20;

    /** Checks the model's numbers. */
    public WorkloadModel {
        groups = List.copyOf(groups);
        if ((table == null) == groups.isEmpty()) {
            throw new IllegalArgumentException("a model needs either table.* keys or group.N.* keys, not both");
        }
        if (indexes < 0 || indexLeafPages < 0 || maintenanceWorkMemKb < 1024 || indexPasses < 0) {
            throw new IllegalArgumentException("indexes, index.leafPages, indexPasses must be >= 0; "
                    + "maintenanceWorkMemKb >= 1024");
        }
        if (indexLeafImageBytes < 24 || indexLeafImageBytes > BlockImage.BLCKSZ) {
            throw new IllegalArgumentException("index.leafImageBytes must be in 24 .. "
                    + String.valueOf(BlockImage.BLCKSZ));
        }
        if (indexDeletedPerLeaf < 0 || indexDeletedPerLeaf > MAX_INDEX_TUPLES_PER_PAGE) {
            throw new IllegalArgumentException("index.deletedPerLeaf must be in 0 .. " + MAX_INDEX_TUPLES_PER_PAGE);
        }
        if (!(compressionRatio > 0 && compressionRatio <= 1)) {  // written so that NaN fails too
            throw new IllegalArgumentException("compressionRatio must be > 0 and <= 1");
        }
        if (horizon < 0 || horizon > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("horizon must be in 0 .. 4294967295");
        }
    }

    /** XLogHintBitIsNeeded(): checksums or wal_log_hints. */
    public boolean hintBitsLogged() {
        return checksums || walLogHints;
    }

    /**
     * Reads a model file: UTF-8, at most {@link #MAX_FILE_BYTES}.
     *
     * @throws IllegalArgumentException on a value out of its range, an unknown key, or bytes that are not UTF-8
     *                                  (the message names the byte offset and line)
     */
    public static WorkloadModel load(Path file) throws IOException {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_FILE_BYTES + 1);
        }
        if (bytes.length > MAX_FILE_BYTES) {
            throw new IllegalArgumentException("model file larger than " + MAX_FILE_BYTES + " bytes");
        }
        Properties p = new Properties();
        p.load(new StringReader(utf8(bytes)));
        String fallback = file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        return parse(p, fallback);
    }

    /** {@code bytes} decoded as UTF-8; an invalid sequence is an error naming its byte offset and line. */
    static String utf8(byte[] bytes) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = d.decode(in, out, true);
        if (!r.isError()) {
            r = d.flush(out);
        }
        if (r.isError()) {
            int at = in.position();
            int line = 1;
            for (int i = 0; i < at; i++) {
                line += bytes[i] == '\n' ? 1 : 0;
            }
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "not valid UTF-8: byte 0x%02X at offset %d (line %d)", bytes[at] & 0xFF, at, line));
        }
        return out.flip().toString();
    }

    /** Builds a model from properties; {@code defaultName} when {@code name} is absent. */
    public static WorkloadModel parse(Properties p, String defaultName) {
        Keys k = new Keys(p);
        int indexes = k.integer("indexes", 0, 0, 1000);
        RelFileLocator relation = relation(p.getProperty("relation", "1663/5/16391"));
        if (relation.relNumber() + 2 + indexes > 0xFFFFFFFFL) {
            throw new IllegalArgumentException("relation = " + relation + ": relNumber + 2 + indexes must be <= "
                    + "4294967295 (the index relations follow the heap's relNumber)");
        }
        TableShape table = null;
        if (p.stringPropertyNames().stream().anyMatch(key -> key.startsWith("table."))) {
            int rows = k.required("table.rows", 1, MAX_ROWS);
            int updatedRows = k.integer("table.updatedRows", 0, 0, rows);
            int hotUpdates = k.integer("table.hotUpdates", 0, 0, 10_000_000);
            if (updatedRows > 0 && hotUpdates > 0) {
                throw new IllegalArgumentException("table.updatedRows = " + updatedRows + " and table.hotUpdates = "
                        + hotUpdates + ": give one of them, not both");
            }
            table = new TableShape(rows, k.required("table.tupleLength", 24, MAX_TUPLE_LENGTH),
                    k.integer("table.fillfactor", 100, 10, 100), updatedRows,
                    k.bool("table.updateIndexed", indexes > 0), hotUpdates,
                    k.integer("table.hotStride", 1, 1, Integer.MAX_VALUE));
        }
        List<PageGroup> groups = groups(p, k);
        boolean checksums = k.bool("checksums", false);
        boolean logHints = k.bool("walLogHints", false);
        boolean vacuum = k.bool("vacuum", true);
        boolean freeze = k.bool("vacuum.freeze", true);
        int leafPages = k.integer("index.leafPages", 0, 0, 1_000_000);
        int leafImageBytes = k.integer("index.leafImageBytes", BlockImage.BLCKSZ, 24, BlockImage.BLCKSZ);
        int deletedPerLeaf = k.integer("index.deletedPerLeaf", 0, 0, MAX_INDEX_TUPLES_PER_PAGE);
        long workMem = k.longValue("maintenanceWorkMemKb", 65536, 1024, Integer.MAX_VALUE);
        int indexPasses = k.integer("indexPasses", 0, 0, 1_000_000);
        boolean fpi = k.bool("fpi", true);
        boolean pending = k.bool("hintBitsPending", true);
        double ratio = k.ratio("compressionRatio", 0.35);
        long horizon = k.longValue("horizon", 700, 0, 0xFFFFFFFFL);
        // every key read: an unknown one (a misspelt table.* key, say) is named before the checks across keys
        k.checkAllUsed();
        WorkloadModel m = new WorkloadModel(p.getProperty("name", defaultName), relation, table, groups,
                vacuum, freeze, indexes, leafPages, leafImageBytes, deletedPerLeaf, workMem, indexPasses, fpi,
                checksums, logHints, pending, compression(p.getProperty("walCompression", "off")), ratio, horizon);
        if (m.indexPasses() > 0 && (!m.vacuum() || indexes == 0)) {
            throw new IllegalArgumentException("indexPasses = " + m.indexPasses()
                    + " needs vacuum = true and indexes > 0 (allowed otherwise: 0)");
        }
        return m;
    }

    /** The {@code group.N.*} page groups, in ascending N, each checked to fit in an 8 kB heap page. */
    private static List<PageGroup> groups(Properties p, Keys k) {
        TreeSet<Integer> ids = new TreeSet<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith("group.")) {
                String[] parts = key.split("\\.", -1);
                if (parts.length != 3 || !parts[1].matches("[0-9]{1,9}")) {
                    throw new IllegalArgumentException("bad key " + key + " (expected group.N.field, N a number)");
                }
                ids.add(Integer.parseInt(parts[1]));
            }
        }
        List<PageGroup> groups = new ArrayList<>();
        long pages = 0;
        for (int id : ids) {
            String g = "group." + id + ".";
            int lps = k.integer(g + "linePointers", 0, 0, PageGroup.MAX_HEAP_TUPLES_PER_PAGE);
            int live = k.integer(g + "live", 0, 0, lps);
            int dead = k.integer(g + "dead", 0, 0, lps);
            int redirects = k.integer(g + "redirects", 0, 0, lps);
            int unused = k.integer(g + "unused", 0, 0, lps);
            if (live + dead + redirects + unused > lps) {
                throw new IllegalArgumentException(g + "live + dead + redirects + unused = "
                        + (live + dead + redirects + unused) + " exceeds " + g + "linePointers = " + lps);
            }
            int tupleLength = k.required(g + "tupleLength", 24, MAX_TUPLE_LENGTH);
            // before VACUUM the page holds every line pointer and the live, dead and dead heap-only tuples
            long used = HeapPage.lower(lps) + (long) (live + dead + unused) * HeapPage.maxAlign(tupleLength);
            if (used > BlockImage.BLCKSZ) {
                throw new IllegalArgumentException(g + "*: " + lps + " line pointers and " + (live + dead + unused)
                        + " tuples of " + tupleLength + " bytes need " + used + " bytes (allowed: at most the "
                        + BlockImage.BLCKSZ + "-byte page)");
            }
            int n = k.integer(g + "pages", 1, 0, MAX_PAGES);
            pages += n;
            if (pages > MAX_PAGES) {
                throw new IllegalArgumentException("the page groups describe more than " + MAX_PAGES + " pages");
            }
            groups.add(new PageGroup(n, tupleLength, lps, live, k.integer(g + "freeze", live, 0, live), dead,
                    redirects, unused, k.bool(g + "allFrozen", true)));
        }
        return groups;
    }

    private static RelFileLocator relation(String text) {
        String[] parts = text.trim().split("/", -1);
        long[] v = new long[3];
        boolean ok = parts.length == 3;
        for (int i = 0; ok && i < 3; i++) {
            ok = parts[i].trim().matches("[0-9]{1,10}") && (v[i] = Long.parseLong(parts[i].trim())) <= 0xFFFFFFFFL;
        }
        if (!ok || v[0] == 0 || v[2] == 0) {
            throw new IllegalArgumentException("relation = \"" + text + "\" is not a relation (allowed: "
                    + "spcOid/dbOid/relNumber, each 0 .. 4294967295, spcOid and relNumber > 0)");
        }
        return new RelFileLocator(v[0], v[1], v[2]);
    }

    private static BlockImage.Compression compression(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "off", "none", "false" -> BlockImage.Compression.NONE;
            case "pglz", "on", "true" -> BlockImage.Compression.PGLZ;
            case "lz4" -> BlockImage.Compression.LZ4;
            case "zstd" -> BlockImage.Compression.ZSTD;
            default -> throw new IllegalArgumentException("walCompression = \"" + text
                    + "\" is not a compression method (allowed: off, pglz, lz4, zstd)");
        };
    }

    /** The model as JSON, with the page groups it resolves to (derived ones included). */
    public String toJson(Derivation derived) {
        Json j = new Json().beginObject();
        j.field("name", name).field("relation", relation.toString());
        if (table != null) {
            j.key("table").beginObject().field("rows", table.rows()).field("tupleLength", table.tupleLength())
                    .field("fillfactor", table.fillfactor()).field("updatedRows", table.updatedRows())
                    .key("updateIndexed").value(table.updateIndexed()).field("hotUpdates", table.hotUpdates())
                    .field("hotStride", table.hotStride()).endObject();
        }
        j.key("vacuum").value(vacuum).key("freezeAll").value(freezeAll).field("indexes", indexes)
                .field("indexLeafPages", indexLeafPages).field("indexLeafImageBytes", indexLeafImageBytes)
                .field("indexDeletedPerLeaf", indexDeletedPerLeaf)
                .field("maintenanceWorkMemKb", maintenanceWorkMemKb).field("indexPasses", indexPasses)
                .key("fpi").value(fpi).key("checksums").value(checksums).key("walLogHints").value(walLogHints)
                .key("hintBitsPending").value(hintBitsPending).field("walCompression", walCompression.label())
                .field("compressionRatio", compressionRatio).field("horizon", horizon);
        j.field("heapPages", derived.pages().size()).field("onAccessPrunes", Derivation.PruneEvent.prunes(derived.onAccess()));
        j.key("pageGroups").beginArray();
        for (PageGroup g : Derivation.groups(derived.pages())) {
            j.beginObject().field("pages", g.pages()).field("tupleLength", g.tupleLength())
                    .field("linePointers", g.linePointers()).field("live", g.live()).field("freeze", g.freeze())
                    .field("dead", g.dead()).field("redirects", g.redirects()).field("unused", g.unused())
                    .key("allFrozen").value(g.allFrozen()).endObject();
        }
        j.endArray().endObject();
        return j.toString();
    }

    /** Typed access to properties that remembers which keys were read, so typos are reported. */
    private static final class Keys {
        private final Properties p;
        private final TreeSet<String> used = new TreeSet<>(List.of("name", "relation", "walCompression"));

        Keys(Properties p) {
            this.p = p;
        }

        private String raw(String key) {
            used.add(key);
            String v = p.getProperty(key);
            return v == null ? null : v.trim();
        }

        /** An integer in {@code min .. max}, {@code dflt} when absent. */
        int integer(String key, int dflt, int min, int max) {
            return (int) longValue(key, dflt, min, max);
        }

        /** An integer in {@code min .. max} that must be given. */
        int required(String key, int min, int max) {
            if (raw(key) == null) {
                throw new IllegalArgumentException(key + " is missing (allowed: " + min + " .. " + max + ")");
            }
            return integer(key, 0, min, max);
        }

        long longValue(String key, long dflt, long min, long max) {
            String v = raw(key);
            if (v == null) {
                return dflt;
            }
            long n;
            try {
                n = Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " = \"" + v + "\" is not an integer (allowed: " + min + " .. "
                        + max + ")");
            }
            if (n < min || n > max) {
                throw new IllegalArgumentException(key + " = " + v + " is out of range (allowed: " + min + " .. "
                        + max + ")");
            }
            return n;
        }

        /** A number {@code > 0} and {@code <= 1}. */
        double ratio(String key, double dflt) {
            String v = raw(key);
            if (v == null) {
                return dflt;
            }
            double d;
            try {
                d = Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " = \"" + v + "\" is not a number (allowed: > 0 and <= 1)");
            }
            if (!(d > 0 && d <= 1)) {  // written so that NaN fails too
                throw new IllegalArgumentException(key + " = " + v + " is out of range (allowed: > 0 and <= 1)");
            }
            return d;
        }

        boolean bool(String key, boolean dflt) {
            String v = raw(key);
            if (v == null) {
                return dflt;
            }
            return switch (v.toLowerCase(Locale.ROOT)) {
                case "true", "on", "yes", "1" -> true;
                case "false", "off", "no", "0" -> false;
                default -> throw new IllegalArgumentException(key + " = \"" + v
                        + "\" is not a boolean (allowed: true, false, on, off, yes, no, 1, 0)");
            };
        }

        void checkAllUsed() {
            for (String key : p.stringPropertyNames()) {
                if (!used.contains(key)) {
                    throw new IllegalArgumentException("unknown model key: " + key);
                }
            }
        }
    }
}
