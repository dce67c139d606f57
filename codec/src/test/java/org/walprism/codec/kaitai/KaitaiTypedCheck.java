package org.walprism.codec.kaitai;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.rmgr.InvalidationMessage;
import org.walprism.codec.rmgr.btree.BtreeDedup;
import org.walprism.codec.rmgr.btree.BtreeDelete;
import org.walprism.codec.rmgr.btree.BtreeInsert;
import org.walprism.codec.rmgr.btree.BtreeMarkPageHalfdead;
import org.walprism.codec.rmgr.btree.BtreeMetaCleanup;
import org.walprism.codec.rmgr.btree.BtreeMetadata;
import org.walprism.codec.rmgr.btree.BtreeNewroot;
import org.walprism.codec.rmgr.btree.BtreeRecord;
import org.walprism.codec.rmgr.btree.BtreeReusePage;
import org.walprism.codec.rmgr.btree.BtreeSplit;
import org.walprism.codec.rmgr.btree.BtreeUnlinkPage;
import org.walprism.codec.rmgr.btree.BtreeVacuum;
import org.walprism.codec.rmgr.btree.DeletedItems;
import org.walprism.codec.rmgr.btree.MetaBlock;
import org.walprism.codec.rmgr.heap.HeapConfirm;
import org.walprism.codec.rmgr.heap.HeapDelete;
import org.walprism.codec.rmgr.heap.HeapInplace;
import org.walprism.codec.rmgr.heap.HeapInsert;
import org.walprism.codec.rmgr.heap.HeapLock;
import org.walprism.codec.rmgr.heap.HeapRecord;
import org.walprism.codec.rmgr.heap.HeapTruncate;
import org.walprism.codec.rmgr.heap.HeapUpdate;
import org.walprism.codec.rmgr.heap.LoggedTuple;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.xact.DroppedStats;
import org.walprism.codec.rmgr.xact.XactAbort;
import org.walprism.codec.rmgr.xact.XactAssignment;
import org.walprism.codec.rmgr.xact.XactCommit;
import org.walprism.codec.rmgr.xact.XactInvalidations;
import org.walprism.codec.rmgr.xact.XactPrepare;
import org.walprism.codec.rmgr.xact.XactRecord;
import org.walprism.testdata.kaitai.PostgresqlWal;
import org.walprism.testdata.kaitai.PostgresqlWal.BtreeLayout;
import org.walprism.testdata.kaitai.PostgresqlWal.HeapLayout;
import org.walprism.testdata.kaitai.PostgresqlWal.XactLayout;

/**
 * Field-by-field comparison of Heap, Transaction and Btree records typed by the codec ({@code HeapCodec},
 * {@code XactCodec}, {@code BtreeCodec}) with the Kaitai parse of the same record: the layout each side chose, every
 * main-data field, and the typed block data (Heap tuples, Btree VACUUM/DELETE items, DEDUP intervals, the metapage
 * metadata of META_CLEANUP, INSERT_META, NEWROOT and UNLINK_PAGE_META), including whether the data is there or
 * replaced by an image.
 */
final class KaitaiTypedCheck {
    private KaitaiTypedCheck() {
    }

    @SuppressWarnings("unchecked")
    private static <T> T as(Object o, Class<T> type, String at) {
        assertNotNull(o, type.getSimpleName() + " of " + at);
        assertTrue(type.isInstance(o), "Kaitai parsed " + o.getClass().getSimpleName() + ", expected "
                + type.getSimpleName() + " for " + at);
        return (T) o;
    }

    // ---------------------------------------------------------------- Heap

    static void heap(HeapRecord typed, PostgresqlWal.XlogRecord k, String at) {
        PostgresqlWal.HeapMainData main = k.heapMain();
        assertNotNull(main, "Kaitai Heap main data of " + at);
        assertTrue(main._io().isEof(), "Kaitai consumed all main data of " + at);
        PostgresqlWal.HeapBlockData block = k.heapBlock0();
        if (typed instanceof HeapInsert t) {
            assertEquals(HeapLayout.INSERT, main.layout(), "layout of " + at);
            assertEquals(t.init(), main.isInitPage(), "INIT_PAGE of " + at);
            PostgresqlWal.HeapInsert m = as(main.body(), PostgresqlWal.HeapInsert.class, at);
            assertEquals(t.offnum(), m.offnum(), "offnum of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
            assertEquals(t.block0() == BlockDataPresence.PRESENT, block != null, "block 0 data of " + at);
            if (block != null) {
                tuple(t.tuple(), as(block.body(), PostgresqlWal.HeapLoggedTuple.class, at), "tuple of " + at);
            }
        } else if (typed instanceof HeapDelete t) {
            assertEquals(HeapLayout.DELETE, main.layout(), "layout of " + at);
            PostgresqlWal.HeapDelete m = as(main.body(), PostgresqlWal.HeapDelete.class, at);
            assertEquals(t.xmax(), m.xmax(), "xmax of " + at);
            assertEquals(t.offnum(), m.offnum(), "offnum of " + at);
            assertEquals(t.infobitsSet(), m.infobitsSet(), "infobits_set of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
            optionalTuple(t.oldTuple(), m.oldTuple(), "old tuple of " + at);
        } else if (typed instanceof HeapUpdate t) {
            assertEquals(HeapLayout.UPDATE, main.layout(), "layout of " + at);
            assertEquals(t.hot() ? 0x40 : 0x20, main.opcode().intValue(), "opcode of " + at);
            assertEquals(t.init(), main.isInitPage(), "INIT_PAGE of " + at);
            PostgresqlWal.HeapUpdate m = as(main.body(), PostgresqlWal.HeapUpdate.class, at);
            assertEquals(t.oldXmax(), m.oldXmax(), "old_xmax of " + at);
            assertEquals(t.oldOffnum(), m.oldOffnum(), "old_offnum of " + at);
            assertEquals(t.oldInfobitsSet(), m.oldInfobitsSet(), "old_infobits_set of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
            assertEquals(t.newXmax(), m.newXmax(), "new_xmax of " + at);
            assertEquals(t.newOffnum(), m.newOffnum(), "new_offnum of " + at);
            optionalTuple(t.oldTuple(), m.oldTuple(), "old tuple of " + at);
            assertEquals(t.block0() == BlockDataPresence.PRESENT, block != null, "block 0 data of " + at);
            if (block != null) {
                PostgresqlWal.HeapUpdateBlock b = as(block.body(), PostgresqlWal.HeapUpdateBlock.class, at);
                assertEquals(t.prefixLen(), b.lenPrefix() == null ? 0 : b.lenPrefix().intValue(), "prefixlen of " + at);
                assertEquals(t.suffixLen(), b.lenSuffix() == null ? 0 : b.lenSuffix().intValue(), "suffixlen of " + at);
                tuple(t.newTuple(), b.tuple(), "new tuple of " + at);
            }
        } else if (typed instanceof HeapTruncate t) {
            assertEquals(HeapLayout.TRUNCATE, main.layout(), "layout of " + at);
            PostgresqlWal.HeapTruncate m = as(main.body(), PostgresqlWal.HeapTruncate.class, at);
            assertEquals(t.dbId(), m.dbId(), "dbId of " + at);
            assertEquals(t.nrelids(), m.numRelids(), "nrelids of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
            assertEquals(t.relids(), m.relids(), "relids of " + at);
        } else if (typed instanceof HeapConfirm t) {
            assertEquals(HeapLayout.CONFIRM, main.layout(), "layout of " + at);
            assertEquals(t.offnum(), as(main.body(), PostgresqlWal.HeapConfirm.class, at).offnum(), "offnum of " + at);
        } else if (typed instanceof HeapLock t) {
            assertEquals(HeapLayout.LOCK, main.layout(), "layout of " + at);
            PostgresqlWal.HeapLock m = as(main.body(), PostgresqlWal.HeapLock.class, at);
            assertEquals(t.xmax(), m.xmax(), "xmax of " + at);
            assertEquals(t.offnum(), m.offnum(), "offnum of " + at);
            assertEquals(t.infobitsSet(), m.infobitsSet(), "infobits_set of " + at);
            assertEquals(t.flags(), m.flags(), "flags of " + at);
        } else if (typed instanceof HeapInplace t) {
            if (t instanceof HeapInplace.Pg18 n) {
                assertEquals(HeapLayout.INPLACE_PG18, main.layout(), "layout of " + at);
                PostgresqlWal.HeapInplacePg18 m = as(main.body(), PostgresqlWal.HeapInplacePg18.class, at);
                assertEquals(n.offnum(), m.offnum(), "offnum of " + at);
                assertEquals(n.dbId(), m.dbId(), "dbId of " + at);
                assertEquals(n.tsId(), m.tsId(), "tsId of " + at);
                assertEquals(n.relcacheInitFileInval() ? 1 : 0, m.relcacheInitFileInval(), "relcacheInitFileInval of "
                        + at);
                assertEquals(n.msgs().size(), m.numMsgs(), "nmsgs of " + at);
                msgs(n.msgs(), m.msgs(), at);
            } else {
                assertEquals(HeapLayout.INPLACE_PG13, main.layout(), "layout of " + at);
                assertEquals(t.offnum(), as(main.body(), PostgresqlWal.HeapInplacePg13.class, at).offnum(),
                        "offnum of " + at);
            }
            assertEquals(t.block0() == BlockDataPresence.PRESENT, block != null, "block 0 data of " + at);
            if (block != null) {
                assertArrayEquals(t.tupleData().toByteArray(),
                        as(block.body(), PostgresqlWal.HeapInplaceBlock.class, at).data(), "tuple data of " + at);
            }
        } else {
            fail("unchecked Heap type " + typed + " at " + at);
        }
    }

    private static void tuple(LoggedTuple t, PostgresqlWal.HeapLoggedTuple k, String at) {
        assertNotNull(t, at);
        assertEquals(t.header().infomask2(), k.header().infomask2(), "t_infomask2 of " + at);
        assertEquals(t.header().infomask(), k.header().infomask(), "t_infomask of " + at);
        assertEquals(t.header().hoff(), k.header().hoff(), "t_hoff of " + at);
        assertArrayEquals(t.data().toByteArray(), k.data(), "tuple bytes of " + at);
    }

    private static void optionalTuple(LoggedTuple t, PostgresqlWal.HeapLoggedTuple k, String at) {
        if (t == null) {
            assertNull(k, at);
        } else {
            tuple(t, k, at);
        }
    }

    private static void msgs(List<InvalidationMessage> typed, List<PostgresqlWal.SharedInvalMsg> k, String at) {
        assertEquals(typed.size(), k.size(), "message count of " + at);
        for (int i = 0; i < typed.size(); i++) {
            InvalidationMessage m = typed.get(i);
            PostgresqlWal.SharedInvalMsg km = k.get(i);
            String mat = "message " + i + " of " + at;
            assertEquals(m.id(), km.id(), "id of " + mat);
            assertEquals(m.dbId(), km.word1(), "dbId of " + mat);
            assertEquals(m.objectId(), km.word2(), "object id of " + mat);
            assertEquals(m.smgrLocator()[2], km.word3(), "word 3 of " + mat);
        }
    }

    // ---------------------------------------------------------------- Transaction

    static void xact(XactRecord typed, PostgresqlWal.XlogRecord k, String at) {
        PostgresqlWal.XactMainData main = k.xactMain();
        assertNotNull(main, "Kaitai Transaction main data of " + at);
        assertTrue(main._io().isEof(), "Kaitai consumed all main data of " + at);
        if (typed instanceof XactCommit c) {
            assertEquals(XactLayout.COMMIT, main.layout(), "layout of " + at);
            PostgresqlWal.XactEnd m = as(main.body(), PostgresqlWal.XactEnd.class, at);
            end(m, c.xactTime(), c.hasXinfo(), c.xinfo(), c.dbId(), c.tsId(), c.subxacts(), c.rels(), c.droppedStats(),
                    c.twophaseXid(), c.gid(), c.originLsn(), c.originTimestamp(), at);
            msgs(c.msgs(), m.msgs() == null ? List.of() : m.msgs(), at);
        } else if (typed instanceof XactAbort a) {
            assertEquals(XactLayout.ABORT, main.layout(), "layout of " + at);
            PostgresqlWal.XactEnd m = as(main.body(), PostgresqlWal.XactEnd.class, at);
            end(m, a.xactTime(), a.hasXinfo(), a.xinfo(), a.dbId(), a.tsId(), a.subxacts(), a.rels(), a.droppedStats(),
                    a.twophaseXid(), a.gid(), a.originLsn(), a.originTimestamp(), at);
            assertNull(m.msgs(), "abort has no invalidation messages: " + at);
        } else if (typed instanceof XactPrepare p) {
            assertEquals(XactLayout.PREPARE, main.layout(), "layout of " + at);
            PostgresqlWal.XactPrepare m = as(main.body(), PostgresqlWal.XactPrepare.class, at);
            assertEquals(p.magic(), m.magic(), "magic of " + at);
            assertEquals(p.totalLen(), m.lenTotal(), "total_len of " + at);
            assertEquals(p.xid(), m.xid(), "xid of " + at);
            assertEquals(p.database(), m.database(), "database of " + at);
            assertEquals(p.preparedAt(), m.preparedAt(), "prepared_at of " + at);
            assertEquals(p.owner(), m.owner(), "owner of " + at);
            assertEquals(p.initfileinval() ? 1 : 0, m.initfileinval(), "initfileinval of " + at);
            assertEquals(p.pad(), m.pad()[0] & 0xFF, "pad of " + at);
            assertEquals(p.gid().length() + 1, m.lenGid(), "gidlen of " + at);
            assertEquals(p.gid(), m.gid(), "gid of " + at);
            assertEquals(p.originLsn(), m.originLsn(), "origin_lsn of " + at);
            assertEquals(p.originTimestamp(), m.originTimestamp(), "origin_timestamp of " + at);
            assertEquals(p.subxacts(), m.subxacts(), "subxacts of " + at);
            rels(p.commitRels(), m.commitRels(), "commit rels of " + at);
            rels(p.abortRels(), m.abortRels(), "abort rels of " + at);
            stats(p.commitStats(), m.commitStats(), "commit stats of " + at);
            stats(p.abortStats(), m.abortStats(), "abort stats of " + at);
            msgs(p.msgs(), m.msgs(), at);
            assertArrayEquals(p.rmgrData().toByteArray(), m.rmgrData(), "two-phase records of " + at);
        } else if (typed instanceof XactAssignment a) {
            assertEquals(XactLayout.ASSIGNMENT, main.layout(), "layout of " + at);
            PostgresqlWal.XactAssignment m = as(main.body(), PostgresqlWal.XactAssignment.class, at);
            assertEquals(a.xtop(), m.xtop(), "xtop of " + at);
            assertEquals(a.xsub(), m.xsub(), "xsub of " + at);
        } else if (typed instanceof XactInvalidations i) {
            assertEquals(XactLayout.INVALIDATIONS, main.layout(), "layout of " + at);
            msgs(i.msgs(), as(main.body(), PostgresqlWal.XactInvals.class, at).msgs(), at);
        } else {
            fail("unchecked Transaction type " + typed + " at " + at);
        }
    }

    private static void end(PostgresqlWal.XactEnd m, long xactTime, boolean hasXinfo, long xinfo, long dbId, long tsId,
                            List<Long> subxacts, List<RelFileLocator> rels, List<DroppedStats> stats, long twophaseXid,
                            String gid, long originLsn, long originTimestamp, String at) {
        assertEquals(xactTime, m.xactTime(), "xact_time of " + at);
        assertEquals(hasXinfo, m.xinfo() != null, "xinfo stored in " + at);
        assertEquals(xinfo, m.xinfoBits().longValue(), "xinfo of " + at);
        assertEquals(dbId, m.dbId() == null ? 0 : m.dbId(), "dbId of " + at);
        assertEquals(tsId, m.tsId() == null ? 0 : m.tsId(), "tsId of " + at);
        assertEquals(subxacts, m.subxacts() == null ? List.of() : m.subxacts(), "subxacts of " + at);
        rels(rels, m.rels() == null ? List.of() : m.rels(), "rels of " + at);
        stats(stats, m.stats() == null ? List.of() : m.stats(), "dropped stats of " + at);
        assertEquals(twophaseXid, m.twophaseXid() == null ? 0 : m.twophaseXid(), "twophase xid of " + at);
        assertEquals(gid, m.gid(), "gid of " + at);
        assertEquals(originLsn, m.originLsn() == null ? 0 : m.originLsn(), "origin_lsn of " + at);
        assertEquals(originTimestamp, m.originTimestamp() == null ? 0 : m.originTimestamp(), "origin_timestamp of "
                + at);
    }

    private static void rels(List<RelFileLocator> typed, List<PostgresqlWal.RelFileLocator> k, String at) {
        assertEquals(typed.size(), k.size(), "count of " + at);
        for (int i = 0; i < typed.size(); i++) {
            assertEquals(typed.get(i), new RelFileLocator(k.get(i).spcOid(), k.get(i).dbOid(), k.get(i).relNumber()),
                    "relation " + i + " of " + at);
        }
    }

    private static void stats(List<DroppedStats> typed, List<PostgresqlWal.XactStatsItem> k, String at) {
        List<PostgresqlWal.XactStatsItem> ks = k == null ? List.of() : k;
        assertEquals(typed.size(), ks.size(), "count of " + at);
        for (int i = 0; i < typed.size(); i++) {
            PostgresqlWal.XactStatsItem s = ks.get(i);
            long objId = s.objHi() == null ? s.objLo() : s.objHi() << 32 | s.objLo();
            assertEquals(typed.get(i), new DroppedStats(s.kind(), s.dbOid(), objId), "item " + i + " of " + at);
        }
    }

    // ---------------------------------------------------------------- Btree

    static void btree(BtreeRecord typed, PostgresqlWal.XlogRecord k, String at) {
        PostgresqlWal.BtreeMainData main = k.btreeMain();
        if (typed instanceof BtreeMetaCleanup c) {
            assertNull(main, "META_CLEANUP has no main data: " + at);
            PostgresqlWal.BtreeMetadata km = k.btreeMeta0();
            assertEquals(c.meta().presence() == BlockDataPresence.PRESENT, km != null, "metadata of " + at);
            if (km != null) {
                metadata(c.meta().metadata(), km, at);
            }
            return;
        }
        assertNotNull(main, "Kaitai Btree main data of " + at);
        assertTrue(main._io().isEof(), "Kaitai consumed all main data of " + at);
        PostgresqlWal.BtreeBlockData block = k.btreeBlock0();
        metaLast(typed, k.btreeMetaLast(), at);
        if (typed instanceof BtreeInsert t) {
            assertEquals(BtreeLayout.INSERT, main.layout(), "layout of " + at);
            assertEquals(t.offnum(), as(main.body(), PostgresqlWal.BtreeInsert.class, at).offnum(), "offnum of " + at);
        } else if (typed instanceof BtreeSplit t) {
            assertEquals(BtreeLayout.SPLIT, main.layout(), "layout of " + at);
            PostgresqlWal.BtreeSplit m = as(main.body(), PostgresqlWal.BtreeSplit.class, at);
            assertEquals(t.level(), m.level(), "level of " + at);
            assertEquals(t.firstrightoff(), m.firstrightoff(), "firstrightoff of " + at);
            assertEquals(t.newitemoff(), m.newitemoff(), "newitemoff of " + at);
            assertEquals(t.postingoff(), m.postingoff(), "postingoff of " + at);
        } else if (typed instanceof BtreeDedup t) {
            assertEquals(BtreeLayout.DEDUP, main.layout(), "layout of " + at);
            assertEquals(t.nintervals(), as(main.body(), PostgresqlWal.BtreeDedup.class, at).numIntervals(),
                    "nintervals of " + at);
            assertEquals(t.block0() == BlockDataPresence.PRESENT, block != null, "block 0 data of " + at);
            if (block != null) {
                List<PostgresqlWal.BtreeDedupInterval> ki = as(block.body(), PostgresqlWal.BtreeDedupIntervals.class,
                        at).intervals();
                assertEquals(t.intervals().size(), ki.size(), "intervals of " + at);
                for (int i = 0; i < ki.size(); i++) {
                    assertEquals(t.intervals().get(i), new BtreeDedup.Interval(ki.get(i).baseoff(),
                            ki.get(i).numItems()), "interval " + i + " of " + at);
                }
            }
        } else if (typed instanceof BtreeVacuum t) {
            assertEquals(BtreeLayout.VACUUM, main.layout(), "layout of " + at);
            PostgresqlWal.BtreeVacuum m = as(main.body(), PostgresqlWal.BtreeVacuum.class, at);
            assertEquals(t.ndeleted(), m.numDeleted(), "ndeleted of " + at);
            assertEquals(t.nupdated(), m.numUpdated(), "nupdated of " + at);
            items(t.items(), block, at);
        } else if (typed instanceof BtreeDelete t) {
            if (t instanceof BtreeDelete.Pg13) {
                assertEquals(BtreeLayout.DELETE_PG13, main.layout(), "layout of " + at);
                PostgresqlWal.BtreeDeletePg13 m = as(main.body(), PostgresqlWal.BtreeDeletePg13.class, at);
                assertEquals(t.snapshotConflictHorizon(), m.latestRemovedXid(), "latestRemovedXid of " + at);
                assertEquals(t.ndeleted(), m.numDeleted(), "ndeleted of " + at);
            } else if (t instanceof BtreeDelete.Pg14) {
                assertEquals(BtreeLayout.DELETE_PG14, main.layout(), "layout of " + at);
                PostgresqlWal.BtreeDeletePg14 m = as(main.body(), PostgresqlWal.BtreeDeletePg14.class, at);
                assertEquals(t.snapshotConflictHorizon(), m.latestRemovedXid(), "latestRemovedXid of " + at);
                assertEquals(t.ndeleted(), m.numDeleted(), "ndeleted of " + at);
                assertEquals(t.nupdated(), m.numUpdated(), "nupdated of " + at);
            } else {
                assertEquals(BtreeLayout.DELETE_PG16, main.layout(), "layout of " + at);
                PostgresqlWal.BtreeDeletePg16 m = as(main.body(), PostgresqlWal.BtreeDeletePg16.class, at);
                assertEquals(t.snapshotConflictHorizon(), m.snapshotConflictHorizon(), "horizon of " + at);
                assertEquals(t.ndeleted(), m.numDeleted(), "ndeleted of " + at);
                assertEquals(t.nupdated(), m.numUpdated(), "nupdated of " + at);
                assertEquals(t.isCatalogRel() ? 1 : 0, m.isCatalogRel(), "isCatalogRel of " + at);
            }
            items(t.items(), block, at);
        } else if (typed instanceof BtreeMarkPageHalfdead t) {
            assertEquals(BtreeLayout.MARK_PAGE_HALFDEAD, main.layout(), "layout of " + at);
            PostgresqlWal.BtreeMarkPageHalfdead m = as(main.body(), PostgresqlWal.BtreeMarkPageHalfdead.class, at);
            assertEquals(t.poffset(), m.poffset(), "poffset of " + at);
            assertEquals(t.leafblk(), m.leafblk(), "leafblk of " + at);
            assertEquals(t.leftblk(), m.leftblk(), "leftblk of " + at);
            assertEquals(t.rightblk(), m.rightblk(), "rightblk of " + at);
            assertEquals(t.topparent(), m.topparent(), "topparent of " + at);
        } else if (typed instanceof BtreeUnlinkPage t) {
            if (t instanceof BtreeUnlinkPage.Pg13 o) {
                assertEquals(BtreeLayout.UNLINK_PAGE_PG13, main.layout(), "layout of " + at);
                PostgresqlWal.BtreeUnlinkPagePg13 m = as(main.body(), PostgresqlWal.BtreeUnlinkPagePg13.class, at);
                assertEquals(o.leftsib(), m.leftsib(), "leftsib of " + at);
                assertEquals(o.rightsib(), m.rightsib(), "rightsib of " + at);
                assertEquals(o.leaftopparent(), m.topparent(), "topparent of " + at);
                assertEquals(o.btpoXact(), m.btpoXact(), "btpo_xact of " + at);
            } else {
                BtreeUnlinkPage.Pg14 n = (BtreeUnlinkPage.Pg14) t;
                assertEquals(BtreeLayout.UNLINK_PAGE_PG14, main.layout(), "layout of " + at);
                PostgresqlWal.BtreeUnlinkPagePg14 m = as(main.body(), PostgresqlWal.BtreeUnlinkPagePg14.class, at);
                assertEquals(n.leftsib(), m.leftsib(), "leftsib of " + at);
                assertEquals(n.rightsib(), m.rightsib(), "rightsib of " + at);
                assertEquals(n.level(), m.level(), "level of " + at);
                assertEquals(n.safexid(), m.safexid(), "safexid of " + at);
                assertEquals(n.leafleftsib(), m.leafleftsib(), "leafleftsib of " + at);
                assertEquals(n.leafrightsib(), m.leafrightsib(), "leafrightsib of " + at);
                assertEquals(n.leaftopparent(), m.leaftopparent(), "leaftopparent of " + at);
            }
        } else if (typed instanceof BtreeNewroot t) {
            assertEquals(BtreeLayout.NEWROOT, main.layout(), "layout of " + at);
            PostgresqlWal.BtreeNewroot m = as(main.body(), PostgresqlWal.BtreeNewroot.class, at);
            assertEquals(t.rootblk(), m.rootblk(), "rootblk of " + at);
            assertEquals(t.level(), m.level(), "level of " + at);
        } else if (typed instanceof BtreeReusePage t) {
            PostgresqlWal.RelFileLocator loc;
            if (t instanceof BtreeReusePage.Pg13) {
                PostgresqlWal.BtreeReusePagePg13 m = as(main.body(), PostgresqlWal.BtreeReusePagePg13.class, at);
                loc = m.locator();
                assertEquals(t.snapshotConflictHorizon(), m.latestRemovedXid(), "horizon of " + at);
                assertEquals(t.block(), m.block(), "block of " + at);
            } else if (t instanceof BtreeReusePage.Pg14) {
                PostgresqlWal.BtreeReusePagePg14 m = as(main.body(), PostgresqlWal.BtreeReusePagePg14.class, at);
                loc = m.locator();
                assertEquals(t.snapshotConflictHorizon(), m.latestRemovedFullXid(), "horizon of " + at);
                assertEquals(t.block(), m.block(), "block of " + at);
            } else {
                PostgresqlWal.BtreeReusePagePg16 m = as(main.body(), PostgresqlWal.BtreeReusePagePg16.class, at);
                loc = m.locator();
                assertEquals(t.snapshotConflictHorizon(), m.snapshotConflictHorizon(), "horizon of " + at);
                assertEquals(t.block(), m.block(), "block of " + at);
                assertEquals(t.isCatalogRel() ? 1 : 0, m.isCatalogRel(), "isCatalogRel of " + at);
            }
            rels(List.of(t.locator()), List.of(loc), "locator of " + at);
        } else {
            fail("unchecked Btree type " + typed + " at " + at);
        }
    }

    /** The metapage block of INSERT_META, NEWROOT (block 2) and UNLINK_PAGE_META (block 4). */
    private static void metaLast(BtreeRecord typed, PostgresqlWal.BtreeMetadata k, String at) {
        MetaBlock meta = typed instanceof BtreeInsert i ? i.meta() : typed instanceof BtreeNewroot n ? n.meta()
                : typed instanceof BtreeUnlinkPage u ? u.meta() : MetaBlock.ABSENT;
        assertEquals(meta.presence() == BlockDataPresence.PRESENT, k != null, "metapage data of " + at);
        if (k != null) {
            assertTrue(k._io().isEof(), "Kaitai consumed all metapage data of " + at);
            metadata(meta.metadata(), k, "metapage of " + at);
        }
    }

    private static void items(DeletedItems items, PostgresqlWal.BtreeBlockData block, String at) {
        assertEquals(items.presence() == BlockDataPresence.PRESENT, block != null, "block 0 data of " + at);
        if (block == null) {
            return;
        }
        assertTrue(block._io().isEof(), "Kaitai consumed all block 0 data of " + at);
        PostgresqlWal.BtreeDeletedItems k = as(block.body(), PostgresqlWal.BtreeDeletedItems.class, at);
        offsets(items.deleted(), k.deleted(), "deleted of " + at);
        assertEquals(items.updates().size(), k.updates().size(), "updates of " + at);
        for (int i = 0; i < items.updates().size(); i++) {
            assertEquals(items.updates().get(i).offset(), k.updatedOffsets().get(i).intValue(), "updated offset " + i
                    + " of " + at);
            offsets(items.updates().get(i).ptids(), k.updates().get(i).ptids(), "ptids " + i + " of " + at);
        }
    }

    private static void offsets(OffsetArray expected, List<Integer> actual, String what) {
        assertArrayEquals(expected.toArray(), actual.stream().mapToInt(Integer::intValue).toArray(), what);
    }

    private static void metadata(BtreeMetadata m, PostgresqlWal.BtreeMetadata k, String at) {
        assertEquals(m.version(), k.version(), "version of " + at);
        assertEquals(m.root(), k.root(), "root of " + at);
        assertEquals(m.level(), k.level(), "level of " + at);
        assertEquals(m.fastroot(), k.fastroot(), "fastroot of " + at);
        assertEquals(m.fastlevel(), k.fastlevel(), "fastlevel of " + at);
        assertEquals(m.allequalimage() ? 1 : 0, k.allequalimage(), "allequalimage of " + at);
        if (m instanceof BtreeMetadata.Pg13 o) {
            assertEquals(o.oldestBtpoXact(), k.oldestBtpoXact(), "oldest_btpo_xact of " + at);
            assertEquals(Double.longBitsToDouble(o.lastCleanupNumHeapTuples()), k.lastCleanupNumHeapTuples(),
                    "last_cleanup_num_heap_tuples of " + at);
        } else {
            assertEquals(((BtreeMetadata.Pg14) m).lastCleanupNumDelpages(), k.lastCleanupNumDelpages(),
                    "last_cleanup_num_delpages of " + at);
        }
    }
}
