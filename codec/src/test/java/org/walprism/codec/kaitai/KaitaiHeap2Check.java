package org.walprism.codec.kaitai;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.heap2.CleanupInfo;
import org.walprism.codec.rmgr.heap2.FreezePage;
import org.walprism.codec.rmgr.heap2.FreezePlan;
import org.walprism.codec.rmgr.heap2.FreezeTuple;
import org.walprism.codec.rmgr.heap2.Heap2Record;
import org.walprism.codec.rmgr.heap2.HeapPrune;
import org.walprism.codec.rmgr.heap2.HeapVacuum;
import org.walprism.codec.rmgr.heap2.LockUpdated;
import org.walprism.codec.rmgr.heap2.MultiInsert;
import org.walprism.codec.rmgr.heap2.NewCid;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.heap2.PruneFreeze;
import org.walprism.codec.rmgr.heap2.Rewrite;
import org.walprism.codec.rmgr.heap2.Visible;
import org.walprism.testdata.kaitai.PostgresqlWal;
import org.walprism.testdata.kaitai.PostgresqlWal.Heap2Layout;

/**
 * Field-by-field comparison of a Heap2 record typed by the codec ({@code Heap2Codec}) with the Kaitai parse of
 * the same record: the layout each side chose, then every field of the main data and of block 0's data.
 */
final class KaitaiHeap2Check {
    private KaitaiHeap2Check() {
    }

    /** Compares {@code typed} with the Kaitai parse {@code k}; {@code at} names the record in messages. */
    static void compare(Heap2Record typed, PostgresqlWal.XlogRecord k, String at) {
        PostgresqlWal.Heap2MainData main = k.heap2Main();
        assertNotNull(main, "Kaitai Heap2 main data of " + at);
        PostgresqlWal.Heap2BlockData block = k.heap2Block0();
        KaitaiStructBody b = new KaitaiStructBody(main.body(), block == null ? null : block.body());
        if (typed instanceof HeapPrune.Pg13 t) {
            assertEquals(Heap2Layout.CLEAN_PG13, main.layout(), "layout of " + at);
            PostgresqlWal.HeapCleanPg13 m = b.main();
            assertEquals(t.latestRemovedXid(), m.latestRemovedXid(), "latestRemovedXid of " + at);
            assertEquals(t.nredirected(), m.numRedirected(), "nredirected of " + at);
            assertEquals(t.ndead(), m.numDead(), "ndead of " + at);
            assertEquals(t.blockData(), block != null, "block 0 data of " + at);
            if (block != null) {
                PostgresqlWal.HeapCleanBlockPg13 d = b.block();
                assertOffsets(t.redirected(), pairs(d.redirected()), "redirected of " + at);
                assertOffsets(t.dead(), d.dead(), "dead of " + at);
                assertOffsets(t.unused(), d.unused(), "unused of " + at);
            }
        } else if (typed instanceof HeapPrune.Pg16 t) {
            assertEquals(Heap2Layout.PRUNE_PG16, main.layout(), "layout of " + at);
            PostgresqlWal.HeapPrunePg16 m = b.main();
            assertEquals(t.snapshotConflictHorizon(), m.snapshotConflictHorizon(), "horizon of " + at);
            assertEquals(t.nredirected(), m.numRedirected(), "nredirected of " + at);
            assertEquals(t.ndead(), m.numDead(), "ndead of " + at);
            assertEquals(t.isCatalogRel(), m.isCatalogRel() != 0, "isCatalogRel of " + at);
            assertEquals(t.blockData(), block != null, "block 0 data of " + at);
            if (block != null) {
                PostgresqlWal.HeapCleanBlockPg13 d = b.block();
                assertOffsets(t.redirected(), pairs(d.redirected()), "redirected of " + at);
                assertOffsets(t.dead(), d.dead(), "dead of " + at);
                assertOffsets(t.unused(), d.unused(), "unused of " + at);
            }
        } else if (typed instanceof HeapVacuum.Pg14 t) {
            assertEquals(Heap2Layout.VACUUM_PG14, main.layout(), "layout of " + at);
            PostgresqlWal.HeapVacuumPg14 m = b.main();
            assertEquals(t.nunused(), m.numUnused(), "nunused of " + at);
            assertEquals(t.blockData(), block != null, "block 0 data of " + at);
            if (block != null) {
                assertOffsets(t.unused(), b.<PostgresqlWal.HeapVacuumBlockPg14>block().unused(), "unused of " + at);
            }
        } else if (typed instanceof FreezePage.Pg13 t) {
            assertEquals(Heap2Layout.FREEZE_PAGE_PG13, main.layout(), "layout of " + at);
            PostgresqlWal.HeapFreezePagePg13 m = b.main();
            assertEquals(t.cutoffXid(), m.cutoffXid(), "cutoff_xid of " + at);
            assertEquals(t.ntuples(), m.numTuples(), "ntuples of " + at);
            assertEquals(t.blockData(), block != null, "block 0 data of " + at);
            if (block != null) {
                List<PostgresqlWal.HeapFreezeTuplePg13> kt = b.<PostgresqlWal.HeapFreezePageBlockPg13>block().tuples();
                assertEquals(t.tuples().size(), kt.size(), "freeze tuples of " + at);
                for (int i = 0; i < kt.size(); i++) {
                    FreezeTuple ft = t.tuples().get(i);
                    PostgresqlWal.HeapFreezeTuplePg13 x = kt.get(i);
                    String tat = "freeze tuple " + i + " of " + at;
                    assertEquals(ft.xmax(), x.xmax(), "xmax of " + tat);
                    assertEquals(ft.offset(), x.offset(), "offset of " + tat);
                    assertEquals(ft.infomask2(), x.tInfomask2(), "t_infomask2 of " + tat);
                    assertEquals(ft.infomask(), x.tInfomask(), "t_infomask of " + tat);
                    assertEquals(ft.frzflags(), x.frzFlags(), "frzflags of " + tat);
                    assertEquals(ft.pad(), x.pad()[0] & 0xFF, "pad of " + tat);
                }
            }
        } else if (typed instanceof FreezePage.Pg16 t) {
            assertEquals(Heap2Layout.FREEZE_PAGE_PG16, main.layout(), "layout of " + at);
            PostgresqlWal.HeapFreezePagePg16 m = b.main();
            assertEquals(t.snapshotConflictHorizon(), m.snapshotConflictHorizon(), "horizon of " + at);
            assertEquals(t.nplans(), m.numPlans(), "nplans of " + at);
            assertEquals(t.isCatalogRel(), m.isCatalogRel() != 0, "isCatalogRel of " + at);
            assertEquals(t.blockData(), block != null, "block 0 data of " + at);
            if (block != null) {
                PostgresqlWal.HeapFreezePageBlockPg16 d = b.block();
                assertPlans(t.plans(), d.plans(), d.offsets(), at);
            }
        } else if (typed instanceof PruneFreeze.Pg17 t) {
            assertEquals(Heap2Layout.PRUNE_PG17, main.layout(), "layout of " + at);
            PostgresqlWal.HeapPrunePg17 m = b.main();
            assertEquals(t.reason().info(), main.opcode(), "reason (info code) of " + at);
            assertEquals(t.reasonByte(), m.reason(), "reason byte of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
            assertEquals(t.snapshotConflictHorizon(), m.hasConflictHorizon() ? m.snapshotConflictHorizon() : 0L,
                    "horizon of " + at);
            assertPruneBody(t.body(), block == null ? null : b.block(), at);
        } else if (typed instanceof PruneFreeze.Pg19 t) {
            assertEquals(Heap2Layout.PRUNE_PG19, main.layout(), "layout of " + at);
            PostgresqlWal.HeapPrunePg19 m = b.main();
            assertEquals(t.reason().info(), main.opcode(), "reason (info code) of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
            assertEquals(t.snapshotConflictHorizon(), m.hasConflictHorizon() ? m.snapshotConflictHorizon() : 0L,
                    "horizon of " + at);
            assertEquals(t.vmFlags(), m.vmFlags(), "vm_flags of " + at);
            assertPruneBody(t.body(), block == null ? null : b.block(), at);
        } else if (typed instanceof Visible.Pg13 t) {
            assertEquals(Heap2Layout.VISIBLE_PG13, main.layout(), "layout of " + at);
            PostgresqlWal.HeapVisiblePg13 m = b.main();
            assertEquals(t.snapshotConflictHorizon(), m.snapshotConflictHorizon(), "cutoff xid of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
        } else if (typed instanceof CleanupInfo.Pg13 t) {
            assertEquals(Heap2Layout.CLEANUP_INFO_PG13, main.layout(), "layout of " + at);
            PostgresqlWal.HeapCleanupInfoPg13 m = b.main();
            assertRel(t.rel(), m.rel(), at);
            assertEquals(t.latestRemovedXid(), m.latestRemovedXid(), "latestRemovedXid of " + at);
        } else if (typed instanceof MultiInsert.Pg13 t) {
            assertEquals(Heap2Layout.MULTI_INSERT, main.layout(), "layout of " + at);
            PostgresqlWal.HeapMultiInsert m = b.main();
            assertEquals(t.init(), main.isInitPage(), "INIT_PAGE of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
            assertEquals(t.pad(), m.pad()[0] & 0xFF, "pad of " + at);
            assertEquals(t.ntuples(), m.numTuples(), "ntuples of " + at);
            assertOffsets(t.offsets(), m.offsets(), "offsets of " + at);
        } else if (typed instanceof LockUpdated.Pg13 t) {
            assertEquals(Heap2Layout.LOCK_UPDATED, main.layout(), "layout of " + at);
            PostgresqlWal.HeapLockUpdated m = b.main();
            assertEquals(t.xmax(), m.xmax(), "xmax of " + at);
            assertEquals(t.offnum(), m.offnum(), "offnum of " + at);
            assertEquals(t.infobitsSet(), m.infobitsSet(), "infobits_set of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
        } else if (typed instanceof NewCid.Pg13 t) {
            assertEquals(Heap2Layout.NEW_CID, main.layout(), "layout of " + at);
            PostgresqlWal.HeapNewCid m = b.main();
            assertEquals(t.topXid(), m.topXid(), "top_xid of " + at);
            assertEquals(t.cmin(), m.cmin(), "cmin of " + at);
            assertEquals(t.cmax(), m.cmax(), "cmax of " + at);
            assertEquals(t.combocid(), m.comboCid(), "combocid of " + at);
            assertRel(t.target(), m.targetRel(), at);
            assertEquals(t.tidBlock(), Integer.toUnsignedLong(m.targetBlockNumber()), "target_tid block of " + at);
            assertEquals(t.tidOffset(), m.targetOffset(), "target_tid offset of " + at);
        } else if (typed instanceof Rewrite.Pg13 t) {
            assertEquals(Heap2Layout.REWRITE, main.layout(), "layout of " + at);
            PostgresqlWal.HeapRewriteMapping m = b.main();
            assertEquals(t.mappedXid(), m.mappedXid(), "mapped_xid of " + at);
            assertEquals(t.mappedDb(), m.mappedDb(), "mapped_db of " + at);
            assertEquals(t.mappedRel(), m.mappedRel(), "mapped_rel of " + at);
            assertEquals(t.offset(), m.ofsMapping(), "offset of " + at);
            assertEquals(t.numMappings(), m.numMappings(), "num_mappings of " + at);
            assertEquals(t.startLsn(), m.startLsn(), "start_lsn of " + at);
            assertArrayEquals(t.mappings(), m.mappings(), "mappings of " + at);
        } else {
            throw new AssertionError("no Kaitai comparison for " + typed.getClass().getName() + " at " + at);
        }
    }

    private static void assertPruneBody(PruneFreeze.Body body, PostgresqlWal.HeapPruneBlockPg17 d, String at) {
        assertEquals(body.blockData(), d != null, "block 0 data of " + at);
        if (d == null) {
            return;
        }
        assertTrue(d._io().isEof(), "Kaitai consumed all block 0 data of " + at);
        if (d.freezePlans() == null) {
            assertTrue(body.plans().isEmpty(), "plans of " + at);
        } else {
            PostgresqlWal.HeapFreezePlans fp = d.freezePlans();
            assertEquals(body.plansPad(), (fp.pad()[0] & 0xFF) | (fp.pad()[1] & 0xFF) << 8,
                    "xlhp_freeze_plans pad of " + at);
            assertPlans(body.plans(), fp.plans(), d.frozenOffsets(), at);
        }
        assertOffsets(body.redirected(), d.redirections() == null ? List.of() : pairs(d.redirections().pairs()),
                "redirected of " + at);
        assertOffsets(body.dead(), d.dead() == null ? List.of() : d.dead().offsets(), "dead of " + at);
        assertOffsets(body.unused(), d.nowUnused() == null ? List.of() : d.nowUnused().offsets(),
                "unused of " + at);
    }

    private static void assertPlans(List<FreezePlan> plans, List<PostgresqlWal.HeapFreezePlan> kplans,
                                    List<PostgresqlWal.OffsetArray> koffsets, String at) {
        assertEquals(plans.size(), kplans.size(), "nplans of " + at);
        assertEquals(plans.size(), koffsets.size(), "offset groups of " + at);
        for (int i = 0; i < plans.size(); i++) {
            FreezePlan p = plans.get(i);
            PostgresqlWal.HeapFreezePlan k = kplans.get(i);
            String pat = "plan " + i + " of " + at;
            assertEquals(p.xmax(), k.xmax(), "xmax of " + pat);
            assertEquals(p.infomask2(), k.tInfomask2(), "t_infomask2 of " + pat);
            assertEquals(p.infomask(), k.tInfomask(), "t_infomask of " + pat);
            assertEquals(p.frzflags(), k.frzFlags(), "frzflags of " + pat);
            assertEquals(p.pad(), k.pad()[0] & 0xFF, "pad of " + pat);
            assertEquals(p.ntuples(), k.numTuples(), "ntuples of " + pat);
            assertOffsets(p.offsets(), koffsets.get(i).offsets(), "offsets of " + pat);
        }
    }

    private static void assertRel(RelFileLocator rel, PostgresqlWal.RelFileLocator k, String at) {
        assertEquals(rel.spcOid(), k.spcOid(), "spcOid of " + at);
        assertEquals(rel.dbOid(), k.dbOid(), "dbOid of " + at);
        assertEquals(rel.relNumber(), k.relNumber(), "relNumber of " + at);
    }

    /** Redirect pairs flattened to from, to, from, to... as the codec keeps them. */
    private static List<Integer> pairs(List<PostgresqlWal.RedirectPair> pairs) {
        List<Integer> out = new ArrayList<>(2 * pairs.size());
        for (PostgresqlWal.RedirectPair p : pairs) {
            out.add(p.from());
            out.add(p.to());
        }
        return out;
    }

    private static void assertOffsets(OffsetArray expected, List<Integer> actual, String what) {
        assertArrayEquals(expected.toArray(), actual.stream().mapToInt(Integer::intValue).toArray(), what);
    }

    /** The Kaitai bodies of a Heap2 record, cast to the type the layout check has just established. */
    private record KaitaiStructBody(Object mainBody, Object blockBody) {
        @SuppressWarnings("unchecked")
        <T> T main() {
            return (T) mainBody;
        }

        @SuppressWarnings("unchecked")
        <T> T block() {
            return (T) blockBody;
        }
    }
}
