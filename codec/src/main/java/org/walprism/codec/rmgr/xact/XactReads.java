package org.walprism.codec.rmgr.xact;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/** Reading and writing the arrays shared by the transaction records; every count is checked before use. */
final class XactReads {
    private XactReads() {
    }

    /** A C {@code int} count read from the record: negative is invalid, and the bytes must back it. */
    static int count(PayloadCursor c, long n, int itemSize, String field) {
        if (n < 0) {
            throw new InvalidPayloadException(c.part(), c.position(), field + " count is negative: " + n);
        }
        c.require(n * itemSize, field);
        return (int) n;
    }

    static List<Long> xids(PayloadCursor c, long n, String field) {
        int k = count(c, n, 4, field);
        List<Long> out = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            out.add(c.u32(field));
        }
        return out;
    }

    static List<RelFileLocator> rels(PayloadCursor c, long n, String field) {
        int k = count(c, n, 12, field);
        List<RelFileLocator> out = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            out.add(new RelFileLocator(c.u32(field + ".spcOid"), c.u32(field + ".dbOid"),
                    c.u32(field + ".relNumber")));
        }
        return out;
    }

    static List<DroppedStats> stats(XactLayout layout, PayloadCursor c, long n, String field) {
        int k = count(c, n, layout.statsItemSize(), field);
        List<DroppedStats> out = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            out.add(DroppedStats.read(layout, c));
        }
        return out;
    }

    static void writeXids(PayloadWriter w, List<Long> xids) {
        for (long x : xids) {
            w.u32(x);
        }
    }

    static void writeRels(PayloadWriter w, List<RelFileLocator> rels) {
        for (RelFileLocator r : rels) {
            w.u32(r.spcOid()).u32(r.dbOid()).u32(r.relNumber());
        }
    }

    static void writeStats(XactLayout layout, PayloadWriter w, List<DroppedStats> stats) {
        for (DroppedStats s : stats) {
            s.write(layout, w);
        }
    }

    /** A NUL-terminated string; the text is the bytes before the NUL, one char per byte (ISO-8859-1). */
    static String cstring(PayloadCursor c, String field) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int start = c.position();
        while (true) {
            if (c.remaining() == 0) {
                throw new InvalidPayloadException(c.part(), start, field + " has no NUL terminator before the end");
            }
            int b = c.u8(field);
            if (b == 0) {
                return out.toString(StandardCharsets.ISO_8859_1);
            }
            out.write(b);
        }
    }

    static void writeCstring(PayloadWriter w, String s) {
        w.bytes(s.getBytes(StandardCharsets.ISO_8859_1)).u8(0);
    }
}
