package org.walprism.analyzer.report;

import java.util.Locale;
import org.walprism.analyzer.json.Json;
import org.walprism.analyzer.replay.CompressionEstimate;

/**
 * The {@code wal_compression} estimate ({@link CompressionEstimate}) as text, JSON and CSV, with the same keys:
 * {@code method, images, compressed, stored_bytes, would_store_bytes, hole_field_bytes, saved_bytes,
 * saved_percent, cpu_ms, mib_per_s}, plus the range's {@code range_bytes}, {@code uncompressed_images},
 * {@code compressed_images}, {@code status} and {@code cpu_measure}. {@code status} is {@code estimated},
 * {@code already_compressed} (the range stores images compressed: no estimate) or {@code no_images}.
 */
public final class CompressionFormatter {
    private CompressionFormatter() {
    }

    /** What the outputs say about the range as a whole. */
    public static String status(CompressionEstimate.Result r) {
        if (r.compressedAlready()) {
            return "already_compressed";
        }
        return r.uncompressed() == 0 ? "no_images" : "estimated";
    }

    /** One sentence for a range with nothing to estimate, or null when there is an estimate. */
    public static String sentence(CompressionEstimate.Result r) {
        return switch (status(r)) {
            case "already_compressed" -> String.format(Locale.ROOT, "the range's images are already compressed "
                            + "(%d of %d stored with %s): it was written with wal_compression on; no estimate",
                    r.alreadyCompressed(), r.alreadyCompressed() + r.uncompressed(), r.alreadyMethod().label());
            case "no_images" -> "the range has no full-page images: wal_compression would save nothing";
            default -> null;
        };
    }

    /** The estimate as a text table, then how CPU was measured. */
    public static String text(CompressionEstimate.Result r) {
        StringBuilder b = new StringBuilder("wal_compression estimate: ");
        String sentence = sentence(r);
        if (sentence != null) {
            return b.append(sentence).append('\n').toString();
        }
        b.append(String.format(Locale.ROOT, "the range's %d uncompressed images compressed as PostgreSQL %s would "
                + "(XLogCompressBackupBlock)%n", r.uncompressed(), r.version().label()));
        b.append(String.format(Locale.ROOT, "%-6s %9s %11s %13s %13s %13s %8s %10s %9s%n", "Method", "Images",
                "Compressed", "Stored now", "Would store", "Saved", "(%)", "CPU ms", "MiB/s"));
        for (CompressionEstimate.Method m : r.methods()) {
            b.append(String.format(Locale.ROOT, "%-6s %9d %11d %13d %13d %13d %8s %10.1f %9.1f%n",
                    m.method().label(), m.images(), m.compressed(), m.storedBytes(),
                    m.wouldStoreBytes() + m.holeFieldBytes(), m.saved(), percent(m, r), m.cpuNanos() / 1e6,
                    m.mibPerSecond()));
        }
        if (r.methods().size() == 1) {
            b.append("lz4 and zstd: PostgreSQL ").append(r.version().label()).append(" has neither (15 and later)\n");
        }
        b.append(String.format(Locale.ROOT, "Saved: record bytes, in percent of the range's %d; would store: image "
                + "bytes with their hole_length fields.%n", r.rangeBytes()));
        b.append("CPU: ").append(r.cpuMeasure()).append(".\n");
        return b.toString();
    }

    /** Writes the estimate as the value of the current key of {@code j}: one object. */
    public static void json(Json j, CompressionEstimate.Result r) {
        j.beginObject().field("status", status(r)).field("range_bytes", r.rangeBytes())
                .field("uncompressed_images", r.uncompressed()).field("compressed_images", r.alreadyCompressed());
        if (r.compressedAlready()) {
            j.field("compressed_with", r.alreadyMethod().label());
        }
        j.field("cpu_measure", r.cpuMeasure());
        j.key("methods").beginArray();
        if (!r.compressedAlready()) {
            for (CompressionEstimate.Method m : r.methods()) {
                j.beginObject().field("method", m.method().label()).field("images", m.images())
                        .field("compressed", m.compressed()).field("stored_bytes", m.storedBytes())
                        .field("would_store_bytes", m.wouldStoreBytes()).field("hole_field_bytes", m.holeFieldBytes())
                        .field("saved_bytes", m.saved()).field("saved_percent", m.savedPercent(r.rangeBytes()))
                        .field("cpu_ms", m.cpuNanos() / 1e6).field("mib_per_s", m.mibPerSecond())
                        .endObject();
            }
        }
        j.endArray().endObject();
    }

    /** The estimate as rows of the long CSV format {@code section,name,metric,value}. */
    public static void csv(StringBuilder sb, CompressionEstimate.Result r) {
        String s = "compression_estimate";
        sb.append(Csv.row(s, "all", "status", status(r)));
        sb.append(Csv.row(s, "all", "range_bytes", r.rangeBytes()));
        sb.append(Csv.row(s, "all", "uncompressed_images", r.uncompressed()));
        sb.append(Csv.row(s, "all", "compressed_images", r.alreadyCompressed()));
        if (r.compressedAlready()) {
            sb.append(Csv.row(s, "all", "compressed_with", r.alreadyMethod().label()));
        }
        sb.append(Csv.row(s, "all", "cpu_measure", r.cpuMeasure()));
        if (r.compressedAlready()) {
            return;
        }
        for (CompressionEstimate.Method m : r.methods()) {
            String n = m.method().label();
            sb.append(Csv.row(s, n, "images", m.images()));
            sb.append(Csv.row(s, n, "compressed", m.compressed()));
            sb.append(Csv.row(s, n, "stored_bytes", m.storedBytes()));
            sb.append(Csv.row(s, n, "would_store_bytes", m.wouldStoreBytes()));
            sb.append(Csv.row(s, n, "hole_field_bytes", m.holeFieldBytes()));
            sb.append(Csv.row(s, n, "saved_bytes", m.saved()));
            sb.append(Csv.row(s, n, "saved_percent", percent(m, r)));
            sb.append(Csv.row(s, n, "cpu_ms", String.format(Locale.ROOT, "%.2f", m.cpuNanos() / 1e6)));
            sb.append(Csv.row(s, n, "mib_per_s", String.format(Locale.ROOT, "%.2f", m.mibPerSecond())));
        }
    }

    private static String percent(CompressionEstimate.Method m, CompressionEstimate.Result r) {
        return String.format(Locale.ROOT, "%.2f", m.savedPercent(r.rangeBytes()));
    }
}
