package org.walprism.codec.rmgr.heap2;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;

/** Reading and writing freeze-plan arrays and their detached offset arrays (16+). */
final class FreezePlans {
    private FreezePlans() {
    }

    /** Plan headers as stored: xmax, infomask2, infomask, frzflags, pad, ntuples. */
    static long[][] readHeaders(PayloadCursor c, int nplans) {
        c.require((long) nplans * FreezePlan.SIZE, "xlhp_freeze_plan[nplans]");
        long[][] h = new long[nplans][];
        for (int i = 0; i < nplans; i++) {
            h[i] = new long[] {c.u32("xmax"), c.u16("t_infomask2"), c.u16("t_infomask"), c.u8("frzflags"),
                c.u8("pad"), c.u16("ntuples")};
        }
        return h;
    }

    /** Plans from {@link #readHeaders} with their offsets read now, plan by plan. */
    static List<FreezePlan> withOffsets(PayloadCursor c, long[][] headers) {
        long total = 0;
        for (long[] h : headers) {
            total += h[5];
        }
        c.require(2 * total, "frz_offsets[sum(ntuples) = " + total + "]");
        List<FreezePlan> plans = new ArrayList<>(headers.length);
        for (long[] h : headers) {
            OffsetArray offsets = OffsetArray.wrap(c.u16Array(h[5], "frz_offsets"));
            plans.add(new FreezePlan(h[0], (int) h[1], (int) h[2], (int) h[3], (int) h[4], offsets));
        }
        return plans;
    }

    static List<FreezePlan> read(PayloadCursor c, int nplans) {
        return withOffsets(c, readHeaders(c, nplans));
    }

    static void writePlans(PayloadWriter w, List<FreezePlan> plans) {
        for (FreezePlan p : plans) {
            w.u32(p.xmax()).u16(p.infomask2()).u16(p.infomask()).u8(p.frzflags()).u8(p.pad()).u16(p.ntuples());
        }
    }

    static void writeOffsets(PayloadWriter w, List<FreezePlan> plans) {
        for (FreezePlan p : plans) {
            w.u16Array(p.offsets().raw());
        }
    }

    static int ntuples(List<FreezePlan> plans) {
        int n = 0;
        for (FreezePlan p : plans) {
            n += p.ntuples();
        }
        return n;
    }

    static OffsetArray allOffsets(List<FreezePlan> plans) {
        int[] out = new int[ntuples(plans)];
        int i = 0;
        for (FreezePlan p : plans) {
            for (int v : p.offsets().raw()) {
                out[i++] = v;
            }
        }
        return OffsetArray.wrap(out);
    }
}
