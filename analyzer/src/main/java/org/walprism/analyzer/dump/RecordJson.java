package org.walprism.analyzer.dump;

import org.walprism.analyzer.RecordNames;

import org.walprism.analyzer.desc.Describers;
import org.walprism.analyzer.json.Json;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;

/**
 * One record as a single-line JSON object: the header, length and block-reference fields taken from the
 * decoded record (typed values, never parsed back from text).
 *
 * <p>Keys follow pg_walinspect's {@code pg_get_wal_records_info} columns where one exists, with its values:
 * {@code start_lsn}, {@code end_lsn}, {@code prev_lsn} (the {@code pg_lsn} text of the WAL's major: {@code %X/%X} up
 * to 18, {@code %X/%08X} from 19), {@code xid}, {@code resource_manager}, {@code record_type},
 * {@code record_length}, {@code main_data_length}, {@code fpi_length}, {@code description} (the backend's text, as
 * pg_walinspect prints it), {@code block_ref} (null when the record has no block); {@code pg_get_wal_block_info}'s
 * for each block. With block details ({@code -b}) each block also carries its {@code image} (hole, compression,
 * {@code bimg_info}). Heap2 and XLOG records also carry their typed payload under {@code fields}
 * ({@link TypedJson}).
 */
public final class RecordJson {
    private final org.walprism.analyzer.relmap.RelationMap names;

    /** Records as JSON, block references without names. */
    public RecordJson() {
        this(null);
    }

    /**
     * Records as JSON; with {@code names} ({@code dump --names}), each block reference also has {@code relation}
     * (the relation's name, null when the map does not name the file) after {@code relfilenode}.
     */
    public RecordJson(org.walprism.analyzer.relmap.RelationMap names) {
        this.names = names;
    }

    /** The JSON object of {@code r}, ending at {@code endLsn}, without block details or a trailing newline. */
    public String format(DecodedRecord r, long endLsn) {
        return format(r, endLsn, false);
    }

    /**
     * The JSON object of {@code r} (without a trailing newline), ending at {@code endLsn} (the reader's
     * {@code EndRecPtr}, {@link RecordEnds}); {@code blockDetails}: each block's image as an {@code image} object.
     */
    public String format(DecodedRecord r, long endLsn, boolean blockDetails) {
        StringBuilder sb = new StringBuilder(256);
        WalVersion v = r.version();
        sb.append('{');
        str(sb, "start_lsn", Lsn.of(r.recordLsn().value()).format(v)).append(',');
        str(sb, "end_lsn", Lsn.of(endLsn).format(v)).append(',');
        str(sb, "prev_lsn", Lsn.of(r.prev()).format(v)).append(',');
        num(sb, "xid", r.xid()).append(',');
        num(sb, "rmid", r.rmid()).append(',');
        str(sb, "resource_manager", RecordNames.rmgrName(v, r.rmid())).append(',');
        num(sb, "info", r.info()).append(',');
        String id = RecordNames.identify(v, r.rmid(), r.info());
        str(sb, "record_type", id != null ? id : "UNKNOWN (" + Integer.toHexString(r.info() & 0xF0) + ")")
                .append(',');
        num(sb, "record_length", r.totalLength()).append(',');
        num(sb, "rec_length", r.recordLength()).append(',');
        num(sb, "main_data_length", r.mainDataLength()).append(',');
        num(sb, "fpi_length", r.fpiLength()).append(',');
        num(sb, "crc", r.crc()).append(',');
        if (r.origin() >= 0) {
            num(sb, "origin", r.origin()).append(',');
        }
        if (r.toplevelXid() >= 0) {
            num(sb, "toplevel_xid", r.toplevelXid()).append(',');
        }
        str(sb, "description", Describers.describeBackend(r)).append(',');
        if (r.blocks().isEmpty()) {
            sb.append("\"block_ref\":null,");
        } else {
            str(sb, "block_ref", WalDumpFormatter.walinspectBlockRef(r)).append(',');
        }
        if (TypedJson.append(sb, r)) {
            sb.append(',');
        }
        sb.append("\"blocks\":[");
        boolean first = true;
        for (BlockRef b : r.blocks()) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            block(sb, b, blockDetails);
        }
        sb.append("]}");
        return sb.toString();
    }

    private void block(StringBuilder sb, BlockRef b, boolean details) {
        sb.append('{');
        num(sb, "block_id", b.id()).append(',');
        num(sb, "reltablespace", b.rel().spcOid()).append(',');
        num(sb, "reldatabase", b.rel().dbOid()).append(',');
        num(sb, "relfilenode", b.rel().relNumber()).append(',');
        if (names != null) {
            org.walprism.analyzer.relmap.RelationMap.Relation r = names.find(b.rel().spcOid(), b.rel().dbOid(),
                    b.rel().relNumber());
            if (r == null) {
                sb.append("\"relation\":null,");
            } else {
                str(sb, "relation", r.name()).append(',');
            }
        }
        num(sb, "relforknumber", b.forkNumber()).append(',');
        str(sb, "fork", b.forkName()).append(',');
        num(sb, "relblocknumber", b.blockNumber()).append(',');
        sb.append("\"will_init\":").append(b.willInit()).append(',');
        num(sb, "block_data_length", b.hasData() ? b.dataLength() : 0).append(',');
        BlockImage img = b.image();
        num(sb, "block_fpi_length", img == null ? 0 : img.length());
        if (!details) {
            sb.append('}');
            return;
        }
        sb.append(',');
        if (img == null) {
            sb.append("\"image\":null");
        } else {
            sb.append("\"image\":{");
            num(sb, "block_fpi_length", img.length()).append(',');
            num(sb, "hole_offset", img.holeOffset()).append(',');
            num(sb, "hole_length", img.holeLength()).append(',');
            num(sb, "bimg_info", img.info()).append(',');
            sb.append("\"apply\":").append(img.apply()).append(',');
            str(sb, "compression", img.compression().label());
            sb.append('}');
        }
        sb.append('}');
    }

    private static StringBuilder num(StringBuilder sb, String key, long v) {
        return sb.append('"').append(key).append("\":").append(v);
    }

    static StringBuilder str(StringBuilder sb, String key, String v) {
        sb.append('"').append(key).append("\":");
        return quote(sb, v);
    }

    /** {@code v} as a JSON string literal. */
    static StringBuilder quote(StringBuilder sb, String v) {
        return Json.quote(sb, v);
    }
}
