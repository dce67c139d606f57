package org.walprism.analyzer.generate;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import org.walprism.analyzer.report.Json;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.RelFileLocator;

/**
 * A page-level workload model of VACUUM and pruning, read from a properties file.
 *
 * <p>The heap is described either by its <em>table shape</em> ({@code table.*}: rows, tuple length,
 * fillfactor, the updates run before the vacuum), from which {@link TableShape} derives the pages as
 * PostgreSQL would fill them, or directly by <em>page groups</em> ({@code group.N.*}, see {@link PageGroup}).
 * Keys (defaults in brackets):
 * <pre>
 * name                       label [model]
 * relation                   spcOid/dbOid/relNumber of the heap [1663/5/16391]
 * table.rows                 rows inserted
 * table.tupleLength          t_len of one row (header + data, before MAXALIGN)
 * table.fillfactor           [100]
 * table.updatedRows          rows updated once before the vacuum, spread evenly [0]
 * table.updateIndexed        the update changes an indexed column, so it is never HOT [true if indexes &gt; 0]
 * table.hotUpdates           HOT updates before the vacuum, with on-access pruning [0]
 * table.hotStride            row of the i-th HOT update = (i * stride) % rows [1]
 * group.N.pages, .tupleLength, .linePointers, .live, .freeze, .dead, .redirects, .unused, .allFrozen
 * vacuum                     run VACUUM after the updates [true]
 * vacuum.freeze              VACUUM (FREEZE): freeze every live tuple [true]
 * indexes                    number of btree indexes [0]
 * index.leafPages            leaf pages per index holding dead entries [0]
 * index.leafImageBytes       stored bytes of one leaf page image [8192]
 * index.deletedPerLeaf       entries removed per leaf page [0 = dead tuples / leaf pages]
 * maintenanceWorkMemKb       maintenance_work_mem, from which index passes follow [65536]
 * indexPasses                force this many index passes [0 = derive]
 * fpi                        pages get their first change after a checkpoint (full-page images) [true]
 * checksums                  data checksums [false]
 * walLogHints                wal_log_hints [false]
 * hintBitsPending            VACUUM sets hint bits first (FPI_FOR_HINT with checksums) [true]
 * walCompression             off | pglz | lz4 | zstd [off]
 * compressionRatio           assumed compressed/raw size of an image when compressed [0.35]
 * horizon                    snapshot conflict horizon xid written in records [700]
 * </pre>
 */
public record WorkloadModel(String name, RelFileLocator relation, TableShape table, List<PageGroup> groups,
                            boolean vacuum, boolean freezeAll, int indexes, int indexLeafPages,
                            int indexLeafImageBytes, int indexDeletedPerLeaf, long maintenanceWorkMemKb,
                            int indexPasses, boolean fpi, boolean checksums, boolean walLogHints,
                            boolean hintBitsPending, BlockImage.Compression walCompression,
                            double compressionRatio, long horizon) {

    public WorkloadModel {
        groups = List.copyOf(groups);
        if ((table == null) == groups.isEmpty()) {
            throw new IllegalArgumentException("a model needs either table.* keys or group.N.* keys, not both");
        }
        if (indexes < 0 || indexLeafPages < 0 || maintenanceWorkMemKb < 64 || indexPasses < 0) {
            throw new IllegalArgumentException("indexes, index.leafPages, indexPasses must be >= 0; "
                    + "maintenanceWorkMemKb >= 64");
        }
        if (compressionRatio <= 0 || compressionRatio > 1) {
            throw new IllegalArgumentException("compressionRatio must be in (0, 1]");
        }
    }

    /** XLogHintBitIsNeeded(): checksums or wal_log_hints. */
    public boolean hintBitsLogged() {
        return checksums || walLogHints;
    }

    /** Reads a model file. */
    public static WorkloadModel load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        String fallback = file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        return parse(p, fallback);
    }

    /** Builds a model from properties; {@code defaultName} when {@code name} is absent. */
    public static WorkloadModel parse(Properties p, String defaultName) {
        Keys k = new Keys(p);
        int indexes = k.integer("indexes", 0);
        TableShape table = null;
        if (p.containsKey("table.rows")) {
            table = new TableShape(k.integer("table.rows", 0), k.integer("table.tupleLength", 0),
                    k.integer("table.fillfactor", 100), k.integer("table.updatedRows", 0),
                    k.bool("table.updateIndexed", indexes > 0), k.integer("table.hotUpdates", 0),
                    k.integer("table.hotStride", 1));
        }
        List<PageGroup> groups = new ArrayList<>();
        TreeSet<Integer> ids = new TreeSet<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith("group.")) {
                String[] parts = key.split("\\.");
                if (parts.length != 3) {
                    throw new IllegalArgumentException("bad key " + key + " (expected group.N.field)");
                }
                ids.add(Integer.parseInt(parts[1]));
            }
        }
        for (int id : ids) {
            String g = "group." + id + ".";
            int live = k.integer(g + "live", 0);
            groups.add(new PageGroup(k.integer(g + "pages", 1), k.integer(g + "tupleLength", 0),
                    k.integer(g + "linePointers", 0), live, k.integer(g + "freeze", live), k.integer(g + "dead", 0),
                    k.integer(g + "redirects", 0), k.integer(g + "unused", 0), k.bool(g + "allFrozen", true)));
        }
        boolean checksums = k.bool("checksums", false);
        boolean logHints = k.bool("walLogHints", false);
        WorkloadModel m = new WorkloadModel(p.getProperty("name", defaultName), relation(p.getProperty("relation",
                "1663/5/16391")), table, groups, k.bool("vacuum", true), k.bool("vacuum.freeze", true), indexes,
                k.integer("index.leafPages", 0), k.integer("index.leafImageBytes", BlockImage.BLCKSZ),
                k.integer("index.deletedPerLeaf", 0), k.longValue("maintenanceWorkMemKb", 65536),
                k.integer("indexPasses", 0), k.bool("fpi", true), checksums, logHints,
                k.bool("hintBitsPending", true), compression(p.getProperty("walCompression", "off")),
                k.decimal("compressionRatio", 0.35), k.longValue("horizon", 700));
        k.checkAllUsed();
        return m;
    }

    private static RelFileLocator relation(String text) {
        String[] parts = text.trim().split("/");
        if (parts.length != 3) {
            throw new IllegalArgumentException("relation must be spcOid/dbOid/relNumber: " + text);
        }
        return new RelFileLocator(Long.parseLong(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2]));
    }

    private static BlockImage.Compression compression(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "off", "none", "false" -> BlockImage.Compression.NONE;
            case "pglz", "on", "true" -> BlockImage.Compression.PGLZ;
            case "lz4" -> BlockImage.Compression.LZ4;
            case "zstd" -> BlockImage.Compression.ZSTD;
            default -> throw new IllegalArgumentException("walCompression must be off, pglz, lz4 or zstd: " + text);
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

        int integer(String key, int dflt) {
            String v = raw(key);
            try {
                return v == null ? dflt : Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " must be an integer: " + v);
            }
        }

        long longValue(String key, long dflt) {
            String v = raw(key);
            try {
                return v == null ? dflt : Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " must be an integer: " + v);
            }
        }

        double decimal(String key, double dflt) {
            String v = raw(key);
            try {
                return v == null ? dflt : Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " must be a number: " + v);
            }
        }

        boolean bool(String key, boolean dflt) {
            String v = raw(key);
            if (v == null) {
                return dflt;
            }
            return switch (v.toLowerCase(Locale.ROOT)) {
                case "true", "on", "yes", "1" -> true;
                case "false", "off", "no", "0" -> false;
                default -> throw new IllegalArgumentException(key + " must be true or false: " + v);
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
