package org.walprism.analyzer.dump;

import org.walprism.analyzer.RecordNames;

import java.util.Locale;
import org.walprism.analyzer.desc.Describers;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;

/**
 * pg_waldump's per-record text ({@code XLogDumpDisplayRecord} in src/bin/pg_waldump/pg_waldump.c) and the
 * block-reference text of {@code XLogRecGetBlockRefInfo} (src/backend/access/rmgrdesc/xlogdesc.c), which
 * pg_walinspect also uses for its {@code block_ref} column.
 *
 * <p>Line: {@code rmgr: %-11s len (rec/tot): %6u/%6u, tx: %10u, lsn: %X/%08X, prev %X/%08X, desc: NAME DESC}
 * then the block references, short ({@code , blkref #N: rel S/D/R [fork F ]blk B[ FPW]}) or detailed
 * ({@code -b}: one TAB-indented line per block with hole and compression details).
 */
public final class WalDumpFormatter {
    /** The full pg_waldump output of {@code r}, including the final newline. */
    public String format(DecodedRecord r, boolean bkpDetails) {
        StringBuilder sb = new StringBuilder(160);
        header(sb, r);
        sb.append(Describers.describe(r));
        blockRefs(sb, r, true, bkpDetails);
        return sb.toString();
    }

    /** {@code rmgr: ... desc: NAME } (with the trailing space), without the desc text. */
    public void header(StringBuilder sb, DecodedRecord r) {
        sb.append("rmgr: ");
        padRight(sb, RecordNames.rmgrName(r.version(), r.rmid()), 11);
        sb.append(" len (rec/tot): ");
        padLeft(sb, Integer.toUnsignedString(r.recordLength()), 6);
        sb.append('/');
        padLeft(sb, Integer.toUnsignedString(r.totalLength()), 6);
        sb.append(", tx: ");
        padLeft(sb, Long.toString(r.xid()), 10);
        sb.append(", lsn: ").append(Lsn.format(r.lsn(), true));
        sb.append(", prev ").append(Lsn.format(r.prev(), true));
        sb.append(", desc: ").append(typeName(r)).append(' ');
    }

    /** {@code rm_identify(info)}, or {@code UNKNOWN (%x)} of {@code info & 0xF0}. */
    public String typeName(DecodedRecord r) {
        String id = RecordNames.identify(r.version(), r.rmid(), r.info());
        return id != null ? id : "UNKNOWN (" + Integer.toHexString(r.info() & 0xF0) + ")";
    }

    /** pg_walinspect's {@code block_ref}: detailed, not pretty; empty when the record has no blocks. */
    public static String walinspectBlockRef(DecodedRecord r) {
        StringBuilder sb = new StringBuilder();
        blockRefs(sb, r, false, true);
        return sb.toString();
    }

    /** {@code XLogRecGetBlockRefInfo(record, pretty, detailed_format, buf, NULL)}. */
    public static void blockRefs(StringBuilder sb, DecodedRecord r, boolean pretty, boolean detailed) {
        if (detailed && pretty) {
            sb.append('\n');
        }
        for (BlockRef b : r.blocks()) {
            if (detailed) {
                if (pretty) {
                    sb.append('\t');
                } else if (b.id() > 0) {
                    sb.append(' ');
                }
                sb.append("blkref #").append(b.id()).append(": rel ").append(b.rel()).append(" fork ")
                        .append(b.forkName()).append(" blk ").append(b.blockNumber());
                BlockImage img = b.image();
                if (img != null) {
                    sb.append(" (FPW").append(img.apply() ? "" : " for WAL verification").append("); hole: offset: ")
                            .append(img.holeOffset()).append(", length: ").append(img.holeLength());
                    if (img.isCompressed()) {
                        sb.append(", compression saved: ")
                                .append(BlockImage.BLCKSZ - img.holeLength() - img.length());
                        if (printsMethod(r.version())) {
                            sb.append(", method: ").append(method(r.version(), img.info()));
                        }
                    }
                }
                if (pretty) {
                    sb.append('\n');
                }
            } else {
                sb.append(", blkref #").append(b.id()).append(": rel ").append(b.rel());
                if (b.forkNumber() != 0) {
                    sb.append(" fork ").append(b.forkName());
                }
                sb.append(" blk ").append(b.blockNumber());
                if (b.image() != null) {
                    sb.append(b.image().apply() ? " FPW" : " FPW for WAL verification");
                }
            }
        }
        if (!detailed && pretty) {
            sb.append('\n');
        }
    }

    /** Whether {@code -b} names the compression method (15+; 13/14 only had pglz). */
    private static boolean printsMethod(WalVersion v) {
        return switch (v) {
            case PG13, PG14 -> false;
            case PG15, PG16, PG17, PG18, PG19, MASTER -> true;
        };
    }

    /** The method word, {@code unknown} when no 15+ compression bit is set. */
    private static String method(WalVersion v, int info) {
        return switch (BlockImage.compressionOf(v, info)) {
            case PGLZ -> "pglz";
            case LZ4 -> "lz4";
            case ZSTD -> "zstd";
            case NONE -> "unknown";
        };
    }

    private static void padRight(StringBuilder sb, String s, int width) {
        sb.append(s);
        for (int i = s.length(); i < width; i++) {
            sb.append(' ');
        }
    }

    private static void padLeft(StringBuilder sb, String s, int width) {
        for (int i = s.length(); i < width; i++) {
            sb.append(' ');
        }
        sb.append(s);
    }

    /** Lower-case hex without prefix, as C {@code %x}. */
    static String hex(int v) {
        return Integer.toHexString(v).toLowerCase(Locale.ROOT);
    }
}
