package org.walprism.codec.rmgr.xact;

import java.util.List;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.RecordPayload;

/**
 * XLOG_XACT_PREPARE: PREPARE TRANSACTION. The main data is the two-phase state file's contents (without its
 * CRC): a header, then MAXALIGNed (8-byte) sections, then the resource managers' two-phase records.
 *
 * <p>{@code xl_xact_prepare => magic: uint32, total_len: uint32, xid: uint32, database: uint32,
 * prepared_at: int64, owner: uint32, nsubxacts: int32, ncommitrels: int32, nabortrels: int32,
 * [ncommitstats: int32, nabortstats: int32 (15+)], ninvalmsgs: int32, initfileinval: bool, pad: 1,
 * gidlen: uint16, origin_lsn: uint64, origin_timestamp: int64} (64 bytes in 13 and 14, 72 from 15), then
 * {@code gid: char[gidlen]}, {@code subxacts: uint32[nsubxacts]}, {@code commitrels: RelFileLocator[ncommitrels]},
 * {@code abortrels: RelFileLocator[nabortrels]}, [{@code commitstats, abortstats:
 * xl_xact_stats_item[]} (15+)], {@code invalmsgs: SharedInvalidationMessage[ninvalmsgs]}, each padded to 8
 * bytes; then the TwoPhaseRecordOnDisk entries (locks, predicate locks, ...), carried opaquely.
 *
 * <p>Layout used by: PG13, PG14 ({@link XactLayout#PG13}), PG15 to MASTER (with stats). Mirrors
 * {@code xl_xact_prepare}, src/include/access/xact.h, and ParsePrepareRecord in xactdesc.c.
 *
 * @param pad      the struct padding byte after {@code initfileinval} (not cleared by the server)
 * @param gid      the GID without its terminating NUL ({@code gidlen - 1} bytes), one char per byte
 * @param padding  the alignment bytes after the gid, subxacts, commitrels, abortrels and (15+) the two stats
 *                 arrays, in that order (16 and later do not clear them), kept for exact encoding
 * @param rmgrData the two-phase resource-manager records after the invalidation messages, opaque
 */
public record XactPrepare(XactLayout layout, long magic, long totalLen, long xid, long database, long preparedAt,
                          long owner, boolean initfileinval, int pad, long originLsn, long originTimestamp, String gid,
                          List<Long> subxacts, List<RelFileLocator> commitRels, List<RelFileLocator> abortRels,
                          List<DroppedStats> commitStats, List<DroppedStats> abortStats,
                          List<InvalidationMessage> msgs, Bytes padding, Bytes rmgrData) implements XactRecord {

    /** Checks each field against its C type's range and the fields against each other. */
    public XactPrepare {
        FieldChecks.that(layout != null && gid != null, "layout and gid are required");
        FieldChecks.u32(magic, "magic");
        FieldChecks.u32(totalLen, "total_len");
        FieldChecks.u32(xid, "xid");
        FieldChecks.u32(database, "database");
        FieldChecks.u32(owner, "owner");
        FieldChecks.u8(pad, "pad");
        FieldChecks.that(gid.length() < 0xFFFF, "gidlen fits uint16");
        subxacts = FieldChecks.u32List(subxacts, "subxacts");
        commitRels = List.copyOf(commitRels);
        abortRels = List.copyOf(abortRels);
        commitStats = List.copyOf(commitStats);
        abortStats = List.copyOf(abortStats);
        FieldChecks.that(layout.hasStats() || (commitStats.isEmpty() && abortStats.isEmpty()), "no stats before 15");
        XactEnd.checkStats(layout, commitStats);
        XactEnd.checkStats(layout, abortStats);
        msgs = List.copyOf(msgs);
        rmgrData = FieldChecks.nonNull(rmgrData);
        padding = FieldChecks.nonNull(padding);
        FieldChecks.that(padding.length() == paddingSize(layout, gid, subxacts, commitRels, abortRels, commitStats,
                abortStats), "padding holds the alignment bytes of every section");
    }

    private static int alignPad(long len) {
        return (int) (((len + 7) & ~7L) - len);
    }

    private static int paddingSize(XactLayout layout, String gid, List<Long> subxacts, List<RelFileLocator> commitRels,
                                   List<RelFileLocator> abortRels, List<DroppedStats> commitStats,
                                   List<DroppedStats> abortStats) {
        int n = alignPad(gid.length() + 1L) + alignPad(4L * subxacts.size()) + alignPad(12L * commitRels.size())
                + alignPad(12L * abortRels.size());
        if (layout.hasStats()) {
            n += alignPad((long) layout.statsItemSize() * commitStats.size())
                    + alignPad((long) layout.statsItemSize() * abortStats.size());
        }
        return n;
    }

    /** Size of the fixed header. */
    public static int headerSize(XactLayout layout) {
        return layout.hasStats() ? 72 : 64;
    }

    static XactPrepare decode(XactLayout layout, PayloadCursor c) {
        long magic = c.u32("magic");
        long totalLen = c.u32("total_len");
        long xid = c.u32("xid");
        long database = c.u32("database");
        long preparedAt = c.i64("prepared_at");
        long owner = c.u32("owner");
        int nsubxacts = c.i32("nsubxacts");
        int ncommitrels = c.i32("ncommitrels");
        int nabortrels = c.i32("nabortrels");
        int ncommitstats = layout.hasStats() ? c.i32("ncommitstats") : 0;
        int nabortstats = layout.hasStats() ? c.i32("nabortstats") : 0;
        int ninvalmsgs = c.i32("ninvalmsgs");
        boolean initfileinval = c.bool("initfileinval");
        int pad = c.u8("pad");
        int gidlen = c.u16("gidlen");
        long originLsn = c.i64("origin_lsn");
        long originTimestamp = c.i64("origin_timestamp");
        if (gidlen == 0) {
            throw new InvalidPayloadException(c.part(), c.position(), "gidlen is 0 (expected: >= 1, with its NUL)");
        }
        int gidAt = c.position();
        byte[] gidBytes = c.bytes(gidlen, "gid");
        if (gidBytes[gidlen - 1] != 0) {
            throw new InvalidPayloadException(c.part(), gidAt, "gid is not NUL-terminated within gidlen " + gidlen);
        }
        String gid = new String(gidBytes, 0, gidlen - 1, java.nio.charset.StandardCharsets.ISO_8859_1);
        java.io.ByteArrayOutputStream padding = new java.io.ByteArrayOutputStream();
        padding.writeBytes(c.bytes(alignPad(gidlen), "gid padding"));
        List<Long> subxacts = XactReads.xids(c, nsubxacts, "subxacts");
        padding.writeBytes(c.bytes(alignPad(4L * nsubxacts), "subxacts padding"));
        List<RelFileLocator> commitRels = XactReads.rels(c, ncommitrels, "commitrels");
        padding.writeBytes(c.bytes(alignPad(12L * ncommitrels), "commitrels padding"));
        List<RelFileLocator> abortRels = XactReads.rels(c, nabortrels, "abortrels");
        padding.writeBytes(c.bytes(alignPad(12L * nabortrels), "abortrels padding"));
        List<DroppedStats> commitStats = List.of();
        List<DroppedStats> abortStats = List.of();
        if (layout.hasStats()) {
            commitStats = XactReads.stats(layout, c, ncommitstats, "commitstats");
            padding.writeBytes(c.bytes(alignPad((long) layout.statsItemSize() * ncommitstats), "commitstats padding"));
            abortStats = XactReads.stats(layout, c, nabortstats, "abortstats");
            padding.writeBytes(c.bytes(alignPad((long) layout.statsItemSize() * nabortstats), "abortstats padding"));
        }
        List<InvalidationMessage> msgs = c.invalidationMessages(ninvalmsgs, "invalmsgs");
        Bytes rest = Bytes.of(c.rest());
        return new XactPrepare(layout, magic, totalLen, xid, database, preparedAt, owner, initfileinval, pad,
                originLsn, originTimestamp, gid, subxacts, commitRels, abortRels, commitStats, abortStats, msgs,
                Bytes.of(padding.toByteArray()), rest);
    }

    @Override
    public XactType type() {
        return XactType.PREPARE;
    }

    @Override
    public RecordPayload encode() {
        PayloadWriter w = new PayloadWriter(headerSize(layout) + 64 + rmgrData.length());
        w.u32(magic).u32(totalLen).u32(xid).u32(database).i64(preparedAt).u32(owner).u32(subxacts.size())
                .u32(commitRels.size()).u32(abortRels.size());
        if (layout.hasStats()) {
            w.u32(commitStats.size()).u32(abortStats.size());
        }
        byte[] gidBytes = gid.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        w.u32(msgs.size()).bool(initfileinval).u8(pad).u16(gidBytes.length + 1).i64(originLsn).i64(originTimestamp);
        w.bytes(gidBytes).u8(0);
        byte[] pads = padding.toByteArray();
        int[] at = {0};
        at[0] = copyPad(w, pads, at[0], alignPad(gidBytes.length + 1L));
        XactReads.writeXids(w, subxacts);
        at[0] = copyPad(w, pads, at[0], alignPad(4L * subxacts.size()));
        XactReads.writeRels(w, commitRels);
        at[0] = copyPad(w, pads, at[0], alignPad(12L * commitRels.size()));
        XactReads.writeRels(w, abortRels);
        at[0] = copyPad(w, pads, at[0], alignPad(12L * abortRels.size()));
        if (layout.hasStats()) {
            XactReads.writeStats(layout, w, commitStats);
            at[0] = copyPad(w, pads, at[0], alignPad((long) layout.statsItemSize() * commitStats.size()));
            XactReads.writeStats(layout, w, abortStats);
            at[0] = copyPad(w, pads, at[0], alignPad((long) layout.statsItemSize() * abortStats.size()));
        }
        w.invalidationMessages(msgs);
        w.bytes(rmgrData);
        return RecordPayload.mainOnly(Bytes.of(w.toByteArray()));
    }

    private static int copyPad(PayloadWriter w, byte[] pads, int from, int n) {
        for (int i = 0; i < n; i++) {
            w.u8(pads[from + i] & 0xFF);
        }
        return from + n;
    }
}
