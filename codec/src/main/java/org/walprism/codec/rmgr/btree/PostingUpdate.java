package org.walprism.codec.rmgr.btree;

import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.rmgr.heap2.OffsetArray;

/**
 * One posting-list tuple shrunk by VACUUM or DELETE: its page offset, and the positions of the TIDs removed from
 * its posting list ({@code xl_btree_update => ndeletedtids: uint16, ptids: uint16[ndeletedtids]}).
 *
 * @param offset the updated tuple's offset number (from the {@code updatedoffsets} array)
 * @param ptids  positions inside the posting list of the TIDs deleted
 */
public record PostingUpdate(int offset, OffsetArray ptids) {
    /** Checks each field against its C type's range and the fields against each other. */
    public PostingUpdate {
        FieldChecks.u16(offset, "updatedoffsets");
        FieldChecks.that(ptids != null, "ptids are required");
    }
}
