package org.walprism.analyzer.dump;

import java.util.HexFormat;
import java.util.List;
import org.walprism.analyzer.RecordNames;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;

/**
 * One row per block reference, as pg_walinspect's {@code pg_get_wal_block_info(start, end, show_data)} returns
 * them (contrib/pg_walinspect/pg_walinspect.c, GetWALBlockInfo), plus how the image is stored.
 *
 * <p>Columns, named as pg_walinspect names them where it has them: {@code start_lsn, end_lsn, prev_lsn,
 * block_id, reltablespace, reldatabase, relfilenode, relforknumber, relblocknumber, xid, resource_manager,
 * record_type, record_length} ({@code xl_tot_len}), {@code main_data_length, block_data_length,
 * block_fpi_length} ({@code bimg_len}, 0 without an image), {@code block_fpi_info} (the {@code bimg_info} flags:
 * {@code HAS_HOLE, APPLY, COMPRESS_PGLZ, COMPRESS_LZ4, COMPRESS_ZSTD}; 13 and 14 name their pglz bit
 * {@code IS_COMPRESSED}); then walprism's {@code hole_offset, hole_length, compression} ({@code none},
 * {@code pglz}, {@code lz4}, {@code zstd}) and {@code apply}, all null without an image; with data,
 * {@code block_data} (null without data) and {@code block_fpi_data} (the restored {@code BLCKSZ} page, null
 * without an image).
 *
 * <p>Formats: {@code text} is psql's unaligned output ({@code psql -A -F '\t'}): a header line, tab-separated
 * values, empty for null, arrays as {@code {A,B}}, bytes as {@code \x} and hex. {@code csv} is the same with
 * commas and RFC 4180 quoting. {@code json} is one object per row, arrays as arrays, bytes as hex strings.
 *
 * <p>Not thread-safe (one {@link PageImages} per instance).
 */
public final class BlockRows {

    /** Output formats. */
    public enum Format {
        /** Aligned text. */
        TEXT,
        /** Comma-separated values with a header line. */
        CSV,
        /** One JSON document. */
        JSON
    }

    private static final List<String> COLUMNS = List.of("start_lsn", "end_lsn", "prev_lsn", "block_id",
            "reltablespace", "reldatabase", "relfilenode", "relforknumber", "relblocknumber", "xid",
            "resource_manager", "record_type", "record_length", "main_data_length", "block_data_length",
            "block_fpi_length", "block_fpi_info", "hole_offset", "hole_length", "compression", "apply");

    private static final HexFormat HEX = HexFormat.of();

    private final Format format;
    private final boolean withData;
    private final PageImages images = new PageImages();

    /** Rows in {@code format}, with the block data and restored page when {@code withData}. */
    public BlockRows(Format format, boolean withData) {
        this.format = format;
        this.withData = withData;
    }

    /** The column names in order. */
    public List<String> columns() {
        if (!withData) {
            return COLUMNS;
        }
        List<String> all = new java.util.ArrayList<>(COLUMNS);
        all.add("block_data");
        all.add("block_fpi_data");
        return List.copyOf(all);
    }

    /** The header line (text and csv; empty for json), with its newline. */
    public String header() {
        return switch (format) {
            case TEXT -> String.join("\t", columns()) + "\n";
            case CSV -> String.join(",", columns()) + "\n";
            case JSON -> "";
        };
    }

    /**
     * Appends one line per block reference of {@code r}; {@code endLsn} is the end of the record (pg_walinspect's
     * {@code end_lsn}, where the next record starts).
     *
     * @throws org.walprism.codec.WalFormatException when {@code withData} and an image does not restore
     */
    public void append(StringBuilder out, DecodedRecord r, long endLsn) {
        for (BlockRef b : r.blocks()) {
            Object[] v = values(r, endLsn, b);
            switch (format) {
                case TEXT -> delimited(out, v, '\t');
                case CSV -> delimited(out, v, ',');
                case JSON -> json(out, v);
            }
        }
    }

    private Object[] values(DecodedRecord r, long endLsn, BlockRef b) {
        WalVersion ver = r.version();
        String type = RecordNames.identify(ver, r.rmid(), r.info());
        BlockImage img = b.image();
        Object[] v = new Object[COLUMNS.size() + (withData ? 2 : 0)];
        int i = 0;
        // pg_lsn's text in the WAL's major: %X/%X up to 18, %X/%08X from 19
        v[i++] = Lsn.of(r.recordLsn().value()).format(ver);
        v[i++] = Lsn.of(endLsn).format(ver);
        v[i++] = Lsn.of(r.prev()).format(ver);
        v[i++] = (long) b.id();
        v[i++] = b.rel().spcOid();
        v[i++] = b.rel().dbOid();
        v[i++] = b.rel().relNumber();
        v[i++] = (long) b.forkNumber();
        v[i++] = b.blockNumber();
        v[i++] = r.xid();
        v[i++] = RecordNames.rmgrName(ver, r.rmid());
        v[i++] = type != null ? type : "UNKNOWN (" + Integer.toHexString(r.info() & 0xF0) + ")";
        v[i++] = (long) r.totalLength();
        v[i++] = (long) r.mainDataLength();
        v[i++] = (long) (b.hasData() ? b.dataLength() : 0);
        v[i++] = (long) (img != null ? img.length() : 0);
        v[i++] = img != null ? fpiInfo(ver, img) : null;
        v[i++] = img != null ? (Object) (long) img.holeOffset() : null;
        v[i++] = img != null ? (Object) (long) img.holeLength() : null;
        v[i++] = img != null ? img.compression().label() : null;
        v[i++] = img != null ? (Object) img.apply() : null;
        if (withData) {
            v[i++] = b.hasData() ? b.data() : null;
            v[i++] = img != null ? images.restore(r, b) : null;
        }
        return v;
    }

    /** pg_walinspect's {@code block_fpi_info}: the set flags in its order (also walprism sql's column). */
    public static String[] fpiInfo(WalVersion v, BlockImage img) {
        List<String> flags = new java.util.ArrayList<>(3);
        if (img.hasHole()) {
            flags.add("HAS_HOLE");
        }
        if (img.apply()) {
            flags.add("APPLY");
        }
        switch (img.compression()) {
            case NONE -> { }
            case PGLZ -> flags.add(switch (v) {
                case PG13, PG14 -> "IS_COMPRESSED";
                case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> "COMPRESS_PGLZ";
            });
            case LZ4 -> flags.add("COMPRESS_LZ4");
            case ZSTD -> flags.add("COMPRESS_ZSTD");
        }
        return flags.toArray(new String[0]);
    }

    private static void delimited(StringBuilder out, Object[] v, char sep) {
        for (int i = 0; i < v.length; i++) {
            if (i > 0) {
                out.append(sep);
            }
            String s = plain(v[i]);
            if (sep == ',' && (s.indexOf(',') >= 0 || s.indexOf('"') >= 0)) {
                out.append('"').append(s.replace("\"", "\"\"")).append('"');
            } else {
                out.append(s);
            }
        }
        out.append('\n');
    }

    /** psql's unaligned text of a value: empty for null, {@code {A,B}} for arrays, {@code t/f}, {@code \x} hex. */
    private static String plain(Object o) {
        if (o == null) {
            return "";
        }
        if (o instanceof String[] a) {
            return "{" + String.join(",", a) + "}";
        }
        if (o instanceof Boolean b) {
            return b ? "t" : "f";
        }
        if (o instanceof byte[] b) {
            return "\\x" + HEX.formatHex(b);
        }
        return o.toString();
    }

    private void json(StringBuilder out, Object[] v) {
        out.append('{');
        List<String> cols = columns();
        for (int i = 0; i < v.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            RecordJson.quote(out, cols.get(i)).append(':');
            Object o = v[i];
            if (o == null || o instanceof Long || o instanceof Boolean) {
                out.append(o);
            } else if (o instanceof String s) {
                RecordJson.quote(out, s);
            } else if (o instanceof String[] a) {
                out.append('[');
                for (int j = 0; j < a.length; j++) {
                    if (j > 0) {
                        out.append(',');
                    }
                    RecordJson.quote(out, a[j]);
                }
                out.append(']');
            } else if (o instanceof byte[] b) {
                out.append('"').append(HEX.formatHex(b)).append('"');
            } else {
                throw new AssertionError(o.getClass());
            }
        }
        out.append("}\n");
    }
}
