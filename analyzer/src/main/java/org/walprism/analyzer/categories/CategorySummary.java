package org.walprism.analyzer.categories;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;

/**
 * A {@link CategoryStats} flattened into sections of named rows of named metrics, the shape every output
 * (text, JSON, CSV, HTML) and the diff work from. Sections and their metrics:
 * <ul>
 * <li>{@code totals}: row {@code all} with records, bytes, fpi_bytes, images, vm_set_records, vm_clear_records,
 * vm_clear_bytes, vm_clear_images (the VM page references of heap DML, counted in category vm)</li>
 * <li>{@code category}: one row per {@link Category} key: records, bytes, fpi_bytes, images</li>
 * <li>{@code record_type}: one row per {@code Rmgr/TYPE} seen: records, bytes, fpi_bytes, images</li>
 * <li>{@code part}: one row per non-empty {@link Parts part}: bytes</li>
 * <li>{@code fpi_cause}: one row per {@link FpiCause} key: images, stored_bytes</li>
 * <li>{@code fpi_compression}: none, pglz, lz4, zstd: images, stored_bytes, raw_bytes</li>
 * <li>{@code fpi_fork}: main, fsm, vm, init: images, stored_bytes</li>
 * <li>{@code fpi}: row {@code all}: images, stored_bytes, raw_bytes, hole_bytes</li>
 * <li>{@code layout}: row {@code all}: span_bytes, record_bytes, page_header_bytes, padding_bytes, skipped_bytes</li>
 * <li>{@code table}, only when relations are named ({@link CategoryStats#names()}): one row per table with its
 * indexes and TOAST rolled up ({@link TableRollup}), largest WAL bytes first: files, records, bytes, fpi_bytes,
 * images, vacuum_bytes, heap_bytes, index_bytes, toast_bytes</li>
 * </ul>
 */
public final class CategorySummary {
    /** The sections in output order (those present). */
    public static final java.util.List<String> SECTIONS = java.util.List.of("totals", "category", "record_type",
            "part", "fpi_cause", "fpi_compression", "fpi_fork", "fpi", "layout", "table");

    private final CategoryStats stats;
    private final WalVersion version;
    private final long startLsn;
    private final long endLsn;
    private final Map<String, Map<String, Map<String, Long>>> sections = new LinkedHashMap<>();
    /** Section -> row -> its place in the section (record types: rmid * 16 + type key; parts: the part index). */
    private final Map<String, Map<String, Integer>> order = new LinkedHashMap<>();
    private int ordinal;

    /** The summary of {@code s}: every figure in named sections. */
    public CategorySummary(CategoryStats s) {
        this.stats = s;
        this.version = s.version();
        this.startLsn = s.startLsn();
        this.endLsn = s.endLsn();
        Map<String, Long> t = row("totals", "all");
        t.put("records", s.records());
        t.put("bytes", s.bytes());
        t.put("fpi_bytes", s.partBytes(Parts.FPI));
        t.put("images", s.images());
        t.put("vm_set_records", s.vmSetRecords());
        t.put("vm_clear_records", s.vmClearRecords());
        t.put("vm_clear_bytes", s.vmClearBytes());
        t.put("vm_clear_images", s.vmClearImages());
        for (Category c : Category.values()) {
            Map<String, Long> r = row("category", c.key());
            r.put("records", s.categoryRecords(c));
            r.put("bytes", s.categoryBytes(c));
            r.put("fpi_bytes", s.categoryFpiBytes(c));
            r.put("images", s.categoryImages(c));
        }
        for (int type = 0; type < CategoryStats.TYPES; type++) {
            if (s.typeRecords(type) == 0) {
                continue;
            }
            ordinal = type;
            Map<String, Long> r = row("record_type", s.typeName(type));
            r.put("records", s.typeRecords(type));
            r.put("bytes", s.typeBytes(type));
            r.put("fpi_bytes", s.typeFpiBytes(type));
            r.put("images", s.typeImages(type));
        }
        for (int p = 0; p < Parts.COUNT; p++) {
            ordinal = p;
            if (s.partBytes(p) != 0 || p < Parts.PAYLOAD_BASE) {
                row("part", Parts.name(s.version(), p)).put("bytes", s.partBytes(p));
            }
        }
        for (FpiCause c : FpiCause.values()) {
            Map<String, Long> r = row("fpi_cause", c.key());
            r.put("images", s.causeImages(c));
            r.put("stored_bytes", s.causeStoredBytes(c));
        }
        for (BlockImage.Compression c : BlockImage.Compression.values()) {
            Map<String, Long> r = row("fpi_compression", c.label());
            r.put("images", s.compressionImages(c));
            r.put("stored_bytes", s.compressionStoredBytes(c));
            r.put("raw_bytes", s.compressionRawBytes(c));
        }
        for (int f = 0; f < BlockRef.FORK_COUNT; f++) {
            Map<String, Long> r = row("fpi_fork", BlockRef.forkName(f));
            r.put("images", s.forkImages(f));
            r.put("stored_bytes", s.forkStoredBytes(f));
        }
        Map<String, Long> f = row("fpi", "all");
        f.put("images", s.images());
        f.put("stored_bytes", s.imageStoredBytes());
        f.put("raw_bytes", s.imageRawBytes());
        f.put("hole_bytes", s.imageHoleBytes());
        Map<String, Long> l = row("layout", "all");
        l.put("span_bytes", s.spanBytes());
        l.put("record_bytes", s.bytes());
        l.put("page_header_bytes", s.pageHeaderBytes());
        l.put("padding_bytes", s.paddingBytes());
        l.put("skipped_bytes", s.skippedBytes());
        if (s.names() != null) {
            for (TableRollup.Table tb : TableRollup.tables(s, TableRollup.Metric.WAL)) {
                Map<String, Long> r = row("table", tb.name);
                r.put("files", (long) tb.files);
                r.put("records", tb.records);
                r.put("bytes", tb.walBytes);
                r.put("fpi_bytes", tb.fpiBytes);
                r.put("images", tb.images);
                r.put("vacuum_bytes", tb.vacuumBytes);
                r.put("heap_bytes", tb.heapBytes);
                r.put("index_bytes", tb.indexBytes);
                r.put("toast_bytes", tb.toastBytes);
            }
        }
    }

    private Map<String, Long> row(String section, String name) {
        Map<String, Integer> o = order.computeIfAbsent(section, k -> new LinkedHashMap<>());
        if (!o.containsKey(name)) {
            o.put(name, section.equals("record_type") || section.equals("part") ? ordinal : o.size());
        }
        return sections.computeIfAbsent(section, k -> new LinkedHashMap<>())
                .computeIfAbsent(name, k -> new LinkedHashMap<>());
    }

    /**
     * One figure of a summary in long form: what {@link #rows()} lists and {@link #of} reads back; {@code order}
     * places the row in its section (record types: {@code rmid * 16 + type key}; parts: the part index).
     */
    public record Row(String section, String name, int order, String metric, long value) {
    }

    /** Every figure, section by section in output order, each row's metrics in order. */
    public java.util.List<Row> rows() {
        java.util.List<Row> out = new java.util.ArrayList<>();
        for (Map.Entry<String, Map<String, Map<String, Long>>> sec : sections.entrySet()) {
            for (Map.Entry<String, Map<String, Long>> row : sec.getValue().entrySet()) {
                int o = order.get(sec.getKey()).get(row.getKey());
                for (Map.Entry<String, Long> m : row.getValue().entrySet()) {
                    out.add(new Row(sec.getKey(), row.getKey(), o, m.getKey(), m.getValue()));
                }
            }
        }
        return out;
    }

    private CategorySummary(WalVersion version, long startLsn, long endLsn) {
        this.stats = null;
        this.version = version;
        this.startLsn = startLsn;
        this.endLsn = endLsn;
    }

    /**
     * A summary read back from {@link #rows()} (as a fleet job stores them), several summaries' rows adding up: the
     * figures of the same section, row and metric are summed (every metric is a count or a byte total), and the
     * rows are put in the order the constructor makes them. {@link #stats()} is null on such a summary.
     *
     * @param startLsn first record of the range ({@code endLsn}: the aligned end of its last)
     */
    public static CategorySummary of(WalVersion version, long startLsn, long endLsn, Iterable<Row> rows) {
        CategorySummary s = new CategorySummary(version, startLsn, endLsn);
        java.util.TreeMap<Integer, java.util.TreeMap<Integer, String>> placed = new java.util.TreeMap<>();
        Map<String, Map<String, Map<String, Long>>> sums = new java.util.HashMap<>();
        for (Row r : rows) {
            int sec = SECTIONS.indexOf(r.section());
            if (sec < 0) {
                throw new IllegalArgumentException("no section " + r.section());
            }
            placed.computeIfAbsent(sec, k -> new java.util.TreeMap<>()).putIfAbsent(r.order(), r.name());
            sums.computeIfAbsent(r.section(), k -> new java.util.HashMap<>())
                    .computeIfAbsent(r.name(), k -> new LinkedHashMap<>()).merge(r.metric(), r.value(), Long::sum);
        }
        for (Map.Entry<Integer, java.util.TreeMap<Integer, String>> sec : placed.entrySet()) {
            String section = SECTIONS.get(sec.getKey());
            for (String name : sec.getValue().values()) {
                s.ordinal = s.order.getOrDefault(section, Map.of()).size();
                s.row(section, name).putAll(sums.get(section).get(name));
            }
        }
        // the orders read back, not re-counted
        for (Row r : rows) {
            s.order.get(r.section()).put(r.name(), r.order());
        }
        return s;
    }

    /** The statistics summarized (null on a summary read back by {@link #of}). */
    public CategoryStats stats() {
        return stats;
    }

    /** The WAL version of the summarized range. */
    public WalVersion version() {
        return version;
    }

    /** The LSN of the range's first record (-1: none). */
    public long startLsn() {
        return startLsn;
    }

    /** The aligned end of the range's last record. */
    public long endLsn() {
        return endLsn;
    }

    /** The rows of {@code section} by name (empty when absent). */
    public Map<String, Map<String, Long>> section(String section) {
        return Collections.unmodifiableMap(sections.getOrDefault(section, Map.of()));
    }

    /** One metric, 0 when the row or metric is absent. */
    public long get(String section, String name, String metric) {
        Map<String, Long> r = sections.getOrDefault(section, Map.of()).get(name);
        return r == null ? 0 : r.getOrDefault(metric, 0L);
    }

    /** Section names, in output order. */
    public Iterable<String> sectionNames() {
        return sections.keySet();
    }

    /** LSN text in the version's pg_waldump format. */
    public String lsn(long lsn) {
        return Lsn.of(lsn).format(version);
    }
}
