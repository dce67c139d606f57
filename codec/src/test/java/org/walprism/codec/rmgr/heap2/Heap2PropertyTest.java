package org.walprism.codec.rmgr.heap2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.RelFileLocator;

/**
 * Generated typed values encode then decode back equal (for every version that uses their layout), and
 * random or truncated payloads fail only with WalFormatException. Seeds are fixed so failures reproduce.
 */
class Heap2PropertyTest {
    private static final int ROUNDS = 300;

    /** A value with a version and info code that decode it. */
    record Case(WalVersion version, int info, Heap2Record value) {
    }

    private static OffsetArray offsets(Random r, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = 1 + r.nextInt(0xFFFF);
        }
        return OffsetArray.of(a);
    }

    private static long u32(Random r) {
        return r.nextLong() & 0xFFFFFFFFL;
    }

    private static FreezePlan plan(Random r) {
        return new FreezePlan(u32(r), r.nextInt(0x10000), r.nextInt(0x10000), r.nextInt(256), r.nextInt(256),
                offsets(r, r.nextInt(6)));
    }

    private static List<FreezePlan> plans(Random r, int n) {
        List<FreezePlan> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(plan(r));
        }
        return out;
    }

    private static PruneFreeze.Body body(Random r, int flags) {
        if ((flags & PruneFreeze.HAS_ANY_SUBRECORD) == 0 || r.nextInt(4) == 0) {
            return PruneFreeze.Body.NONE; // as when block 0 carries an image
        }
        boolean hasPlans = (flags & PruneFreeze.XLHP_HAS_FREEZE_PLANS) != 0;
        return new PruneFreeze.Body(true, hasPlans ? r.nextInt(0x10000) : 0, hasPlans ? plans(r, 1 + r.nextInt(4)) : List.of(),
                (flags & PruneFreeze.XLHP_HAS_REDIRECTIONS) != 0 ? offsets(r, 2 * (1 + r.nextInt(5))) : null,
                (flags & PruneFreeze.XLHP_HAS_DEAD_ITEMS) != 0 ? offsets(r, 1 + r.nextInt(5)) : null,
                (flags & PruneFreeze.XLHP_HAS_NOW_UNUSED_ITEMS) != 0 ? offsets(r, 1 + r.nextInt(5)) : null);
    }

    private static Heap2Record prunePg13or16(Random r, boolean pg16) {
        boolean data = r.nextBoolean();
        int nred = r.nextInt(4);
        int ndead = r.nextInt(4);
        OffsetArray red = data ? offsets(r, 2 * nred) : null;
        OffsetArray dead = data ? offsets(r, ndead) : null;
        OffsetArray unused = data ? offsets(r, (nred + ndead == 0 ? 1 : 0) + r.nextInt(4)) : null;
        return pg16 ? new HeapPrune.Pg16(u32(r), nred, ndead, r.nextBoolean(), data, red, dead, unused)
                : new HeapPrune.Pg13(u32(r), nred, ndead, data, red, dead, unused);
    }

    static List<Case> generate(Random r) {
        List<Case> out = new ArrayList<>();
        Heap2Record p13 = prunePg13or16(r, false);
        out.add(new Case(WalVersion.PG13, 0x10, p13));
        out.add(new Case(WalVersion.PG15, 0x10, p13));
        out.add(new Case(WalVersion.PG16, 0x10, prunePg13or16(r, true)));
        boolean data = r.nextBoolean();
        int nunused = data ? 1 + r.nextInt(8) : r.nextInt(8);
        out.add(new Case(WalVersion.PG14, 0x20, new HeapVacuum.Pg14(nunused, data, data ? offsets(r, nunused) : null)));
        List<FreezeTuple> tuples = new ArrayList<>();
        int nt = 1 + r.nextInt(5);
        for (int i = 0; i < nt; i++) {
            tuples.add(new FreezeTuple(u32(r), r.nextInt(0x10000), r.nextInt(0x10000), r.nextInt(0x10000),
                    r.nextInt(256), r.nextInt(256)));
        }
        FreezePage f13 = r.nextBoolean() ? new FreezePage.Pg13(u32(r), nt, true, tuples)
                : new FreezePage.Pg13(u32(r), nt, false, List.of());
        out.add(new Case(WalVersion.PG13, 0x20, f13));
        out.add(new Case(WalVersion.PG14, 0x30, f13));
        int np = 1 + r.nextInt(4);
        out.add(new Case(WalVersion.PG16, 0x30, r.nextBoolean()
                ? new FreezePage.Pg16(u32(r), np, r.nextBoolean(), true, plans(r, np))
                : new FreezePage.Pg16(u32(r), np, r.nextBoolean(), false, List.of())));
        out.add(new Case(WalVersion.PG13, 0x30,
                new CleanupInfo.Pg13(new RelFileLocator(u32(r), u32(r), u32(r)), u32(r))));
        Visible vis = new Visible.Pg13(u32(r), r.nextInt(256));
        out.add(new Case(WalVersion.PG13, 0x40, vis));
        out.add(new Case(WalVersion.PG18, 0x40, vis));
        int flags17 = r.nextInt(256);
        PruneFreeze.Reason reason = PruneFreeze.Reason.values()[r.nextInt(3)];
        PruneFreeze p17 = new PruneFreeze.Pg17(reason, r.nextInt(256), flags17,
                (flags17 & PruneFreeze.XLHP_HAS_CONFLICT_HORIZON) != 0 ? u32(r) : 0, body(r, flags17));
        out.add(new Case(WalVersion.PG17, reason.info(), p17));
        out.add(new Case(WalVersion.PG18, reason.info(), p17));
        int flags19 = r.nextInt(0x10000);
        PruneFreeze p19 = new PruneFreeze.Pg19(reason, flags19,
                (flags19 & PruneFreeze.XLHP_HAS_CONFLICT_HORIZON) != 0 ? u32(r) : 0, body(r, flags19));
        out.add(new Case(WalVersion.PG19, reason.info(), p19));
        out.add(new Case(WalVersion.PG19_BETA3, reason.info(), p19));
        boolean init = r.nextBoolean();
        int ntup = r.nextInt(6);
        byte[] tupleData = new byte[r.nextInt(40)];
        r.nextBytes(tupleData);
        MultiInsert mi = new MultiInsert.Pg13(init, r.nextInt(256), r.nextInt(256), ntup,
                init ? null : offsets(r, ntup), tupleData);
        for (WalVersion v : WalVersion.values()) {
            out.add(new Case(v, init ? 0xD0 : 0x50, mi));
        }
        out.add(new Case(WalVersion.PG16, 0x60, new LockUpdated.Pg13(u32(r), r.nextInt(0x10000), r.nextInt(256),
                r.nextInt(256))));
        out.add(new Case(WalVersion.PG19_BETA3, 0x70, new NewCid.Pg13(u32(r), u32(r), u32(r), u32(r),
                new RelFileLocator(u32(r), u32(r), u32(r)), u32(r), r.nextInt(0x10000))));
        int nm = r.nextInt(3);
        byte[] mappings = new byte[nm * Rewrite.Pg13.MAPPING_SIZE];
        r.nextBytes(mappings);
        out.add(new Case(WalVersion.PG13, 0x00, new Rewrite.Pg13(u32(r), u32(r), u32(r), u32(r), r.nextLong(), nm,
                u32(r), r.nextLong(), mappings)));
        return out;
    }

    @Test
    void generatedValuesEncodeThenDecodeBackEqual() {
        Random r = new Random(20260822L);
        int checked = 0;
        for (int round = 0; round < ROUNDS; round++) {
            for (Case c : generate(r)) {
                Heap2Payload p = Heap2Codec.encode(c.value());
                Heap2Record back = Heap2Codec.decode(c.version(), c.info(), p.mainData(), p.block0Data());
                assertEquals(c.value(), back, c.version() + " info " + c.info());
                assertEquals(p.mainData().length + p.block0Data().length, back.parts().total(), c.toString());
                checked++;
            }
        }
        assertEquals(ROUNDS * generate(new Random(1)).size(), checked);
    }

    private static void decodeOnlyFailsCleanly(WalVersion v, int info, byte[] main, byte[] block) {
        try {
            Heap2Record rec = Heap2Codec.decode(v, info, main, block);
            // whatever decodes must encode back to the same bytes
            Heap2Payload p = rec.encode();
            if (!Arrays.equals(main, p.mainData()) || !Arrays.equals(block, p.block0Data())) {
                fail("decoded value does not encode back: " + v + " info " + info + " " + rec);
            }
        } catch (WalFormatException expected) {
            // the only allowed failure
        }
    }

    @Test
    void randomPayloadsFailOnlyWithWalFormatException() {
        Random r = new Random(7L);
        for (int round = 0; round < 4000; round++) {
            WalVersion v = WalVersion.values()[r.nextInt(WalVersion.values().length)];
            int info = r.nextInt(16) << 4;
            byte[] main = new byte[r.nextInt(48)];
            byte[] block = new byte[r.nextInt(4) == 0 ? 0 : r.nextInt(160)];
            r.nextBytes(main);
            r.nextBytes(block);
            // keep bools valid half of the time so deeper paths are reached
            decodeOnlyFailsCleanly(v, info, main, block);
        }
    }

    @Test
    void truncatedAndExtendedValidPayloadsFailOnlyWithWalFormatException() {
        Random r = new Random(11L);
        for (int round = 0; round < 60; round++) {
            for (Case c : generate(r)) {
                Heap2Payload p = c.value().encode();
                byte[] main = p.mainData();
                byte[] block = p.block0Data();
                for (int cut = 0; cut < main.length; cut++) {
                    decodeOnlyFailsCleanly(c.version(), c.info(), Arrays.copyOf(main, cut), block);
                }
                for (int cut = 0; cut < block.length; cut++) {
                    decodeOnlyFailsCleanly(c.version(), c.info(), main, Arrays.copyOf(block, cut));
                }
                decodeOnlyFailsCleanly(c.version(), c.info(), Arrays.copyOf(main, main.length + 1), block);
                decodeOnlyFailsCleanly(c.version(), c.info(), main, Arrays.copyOf(block, block.length + 3));
                if (main.length > 0) {
                    byte[] flipped = main.clone();
                    flipped[r.nextInt(main.length)] ^= (byte) (1 << r.nextInt(8));
                    decodeOnlyFailsCleanly(c.version(), c.info(), flipped, block);
                }
            }
        }
    }
}
