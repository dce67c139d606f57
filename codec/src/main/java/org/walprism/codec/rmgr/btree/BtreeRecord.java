package org.walprism.codec.rmgr.btree;

import org.walprism.codec.rmgr.RecordPayload;

/**
 * A typed Btree ({@code RM_BTREE_ID}, rmid 11) record. Main data is typed field by field; block data is typed
 * where it carries fields (VACUUM/DELETE offsets and posting-list updates, DEDUP intervals, the metapage's
 * {@code xl_btree_metadata}) and carried opaquely where it is index tuples or page contents (inserts, splits,
 * a new root's items). Where a record's block data is replaced by a full-page image, the value says so.
 * {@link #encode()} gives back the exact main data and block data. Decode with {@link BtreeCodec#decode}.
 */
public sealed interface BtreeRecord permits BtreeInsert, BtreeSplit, BtreeDedup, BtreeDelete, BtreeVacuum,
        BtreeMarkPageHalfdead, BtreeUnlinkPage, BtreeNewroot, BtreeReusePage, BtreeMetaCleanup {

    /** The record kind. */
    BtreeType type();

    /** The bytes of this record: main data and the data of each block that carries data. */
    RecordPayload encode();
}
