package org.walprism.analyzer.dump;

import java.nio.charset.StandardCharsets;
import org.walprism.analyzer.RecordNames;
import org.walprism.analyzer.desc.DescRecord;
import org.walprism.analyzer.desc.Describers;
import org.walprism.analyzer.desc.TextBuffer;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;

/**
 * pg_waldump's per-record text ({@code XLogDumpDisplayRecord} in src/bin/pg_waldump/pg_waldump.c) and the
 * block-reference text of {@code XLogRecGetBlockRefInfo} (src/backend/access/rmgrdesc/xlogdesc.c), which
 * pg_walinspect also uses for its {@code block_ref} column.
 *
 * <p>Line: {@code rmgr: %-11s len (rec/tot): %6u/%6u, tx: %10u, lsn: %X/%08X, prev %X/%08X, desc: NAME DESC}
 * then the block references, short ({@code , blkref #N: rel S/D/R [fork F ]blk B[ FPW]}) or detailed
 * ({@code -b}: one TAB-indented line per block with hole and compression details).
 *
 * <p>The hot path ({@link #format(RecordView, boolean, TextBuffer)}) writes ASCII straight into a reusable
 * buffer and allocates nothing per record once the names it prints are cached. One instance per thread.
 */
public final class WalDumpFormatter {
    private static final int RMGR_WIDTH = 11;
    private static final byte[] RMGR = ascii("rmgr: ");
    private static final byte[] LEN = ascii(" len (rec/tot): ");
    private static final byte[] TX = ascii(", tx: ");
    private static final byte[] LSN = ascii(", lsn: ");
    private static final byte[] PREV = ascii(", prev ");
    private static final byte[] DESC = ascii(", desc: ");
    private static final byte[] BLKREF = ascii(", blkref #");
    private static final byte[] DETAILED_BLKREF = ascii("blkref #");
    private static final byte[] REL = ascii(": rel ");
    private static final byte[] FORK = ascii(" fork ");
    private static final byte[] BLK = ascii(" blk ");
    private static final byte[] FPW = ascii(" FPW");
    private static final byte[] FPW_VERIFY = ascii(" FPW for WAL verification");

    private final DescRecord rec = new DescRecord();
    private WalVersion namesOf;
    private final byte[][] rmgrNames = new byte[256][];
    /** {@code [rmid][info]}: the type name and the space after it; rows made on first use. */
    private final byte[][][] typeNames = new byte[256][][];

    /** The full pg_waldump output of {@code r}, including the final newline. */
    public String format(DecodedRecord r, boolean bkpDetails) {
        TextBuffer out = new TextBuffer(160);
        format(DescRecord.of(r), bkpDetails, out);
        return out.toString();
    }

    /** Appends the full pg_waldump output of {@code v} (with the final newline) to {@code out}. */
    public void format(RecordView v, boolean bkpDetails, TextBuffer out) {
        format(rec.load(v), bkpDetails, out);
    }

    /** Appends the full pg_waldump output of {@code r} (with the final newline) to {@code out}. */
    public void format(DescRecord r, boolean bkpDetails, TextBuffer out) {
        header(out, r);
        Describers.describe(r, out);
        blockRefs(out, r, true, bkpDetails);
    }

    /** {@code rmgr: ... desc: NAME } (with the trailing space), without the desc text. */
    public void header(TextBuffer out, DescRecord r) {
        if (r.version() != namesOf) {
            java.util.Arrays.fill(rmgrNames, null);
            java.util.Arrays.fill(typeNames, null);
            namesOf = r.version();
        }
        int rmid = r.rmid();
        byte[] rmgr = rmgrNames[rmid];
        if (rmgr == null) {
            rmgr = ascii(RecordNames.rmgrName(r.version(), rmid));
            rmgrNames[rmid] = rmgr;
        }
        out.appendBytes(RMGR).appendPaddedRight(rmgr, RMGR_WIDTH).appendBytes(LEN)
                .appendPadded(r.recordLength() & 0xFFFFFFFFL, 6).append('/')
                .appendPadded(r.totalLength() & 0xFFFFFFFFL, 6).appendBytes(TX).appendPadded(r.xid(), 10)
                .appendBytes(LSN).appendLsn(r.lsn(), true).appendBytes(PREV).appendLsn(r.prev(), true)
                .appendBytes(DESC);
        byte[][] row = typeNames[rmid];
        if (row == null) {
            row = new byte[256][];
            typeNames[rmid] = row;
        }
        int info = r.info();
        byte[] type = row[info];
        if (type == null) {
            type = ascii(typeName(r.version(), rmid, info) + " ");
            row[info] = type;
        }
        out.appendBytes(type);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code rm_identify(info)}, or {@code UNKNOWN (%x)} of {@code info & 0xF0}. */
    public String typeName(DecodedRecord r) {
        return typeName(r.version(), r.rmid(), r.info());
    }

    private static String typeName(WalVersion version, int rmid, int info) {
        String id = RecordNames.identify(version, rmid, info);
        return id != null ? id : "UNKNOWN (" + Integer.toHexString(info & 0xF0) + ")";
    }

    /** pg_walinspect's {@code block_ref}: detailed, not pretty; empty when the record has no blocks. */
    public static String walinspectBlockRef(DecodedRecord r) {
        TextBuffer out = new TextBuffer();
        blockRefs(out, DescRecord.of(r), false, true);
        return out.toString();
    }

    /** {@code XLogRecGetBlockRefInfo(record, pretty, detailed_format, buf, NULL)}. */
    public static void blockRefs(TextBuffer sb, DescRecord r, boolean pretty, boolean detailed) {
        if (detailed && pretty) {
            sb.append('\n');
        }
        int n = r.blockCount();
        for (int i = 0; i < n; i++) {
            int id = r.blockId(i);
            if (detailed) {
                if (pretty) {
                    sb.append('\t');
                } else if (id > 0) {
                    sb.append(' ');
                }
                sb.appendBytes(DETAILED_BLKREF).append(id).appendBytes(REL);
                rel(sb, r, i).appendBytes(FORK);
                fork(sb, r.forkNumber(i)).appendBytes(BLK).append(r.blockNumber(i));
                if (r.hasImage(i)) {
                    sb.append(" (FPW").append(r.imageApplies(i) ? "" : " for WAL verification")
                            .append("); hole: offset: ").append(r.holeOffset(i)).append(", length: ")
                            .append(r.holeLength(i));
                    BlockImage.Compression c = r.compression(i);
                    if (c != BlockImage.Compression.NONE) {
                        // an int printed with %u, as pg_waldump does: a hostile image prints 2^32 - n, not -n
                        sb.append(", compression saved: ").appendUnsigned(
                                (BlockImage.BLCKSZ - r.holeLength(i) - r.imageLength(i)) & 0xFFFFFFFFL);
                        if (printsMethod(r.version())) {
                            sb.append(", method: ").append(method(c));
                        }
                    }
                }
                if (pretty) {
                    sb.append('\n');
                }
            } else {
                sb.appendBytes(BLKREF).append(id).appendBytes(REL);
                rel(sb, r, i);
                int f = r.forkNumber(i);
                if (f != 0) {
                    fork(sb.appendBytes(FORK), f);
                }
                sb.appendBytes(BLK).append(r.blockNumber(i));
                if (r.hasImage(i)) {
                    sb.appendBytes(r.imageApplies(i) ? FPW : FPW_VERIFY);
                }
            }
        }
        if (!detailed && pretty) {
            sb.append('\n');
        }
    }

    private static TextBuffer rel(TextBuffer sb, DescRecord r, int i) {
        return sb.append(r.spcOid(i)).append('/').append(r.dbOid(i)).append('/').append(r.relNumber(i));
    }

    /** {@code forkNames[fork]}, {@code fork%d} past the four known forks. */
    private static TextBuffer fork(TextBuffer sb, int f) {
        if (f < BlockRef.FORK_COUNT) {
            return sb.append(BlockRef.forkName(f));
        }
        return sb.append("fork").append(f);
    }

    /** Whether {@code -b} names the compression method (15+; 13/14 only had pglz). */
    private static boolean printsMethod(WalVersion v) {
        return switch (v) {
            case PG13, PG14 -> false;
            case PG15, PG16, PG17, PG18, PG19_BETA1, PG19_BETA3, PG19 -> true;
        };
    }

    /** The method word, {@code unknown} when no 15+ compression bit is set. */
    private static String method(BlockImage.Compression c) {
        return switch (c) {
            case PGLZ -> "pglz";
            case LZ4 -> "lz4";
            case ZSTD -> "zstd";
            case NONE -> "unknown";
        };
    }
}
