package org.walprism.codec.rmgr.btree;

import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.rmgr.BlockDataPresence;
import org.walprism.codec.internal.BlockInputs;
import org.walprism.codec.rmgr.Bytes;
import org.walprism.codec.rmgr.FieldChecks;
import org.walprism.codec.internal.PayloadCursor;
import org.walprism.codec.internal.PayloadWriter;
import org.walprism.codec.rmgr.heap2.OffsetArray;

/**
 * Block 0 data of VACUUM (13+) and DELETE (14+; 13 logs only the deleted offsets): {@code deleted:
 * uint16[ndeleted], updatedoffsets: uint16[nupdated], then nupdated xl_btree_update entries}, nothing aligned.
 * Absent (with {@code presence} IMAGE_INSTEAD) when the page is logged as an image. Mirrors the comments on
 * {@code xl_btree_vacuum} and {@code xl_btree_delete}, src/include/access/nbtxlog.h, and btree_xlog_updates.
 *
 * @param deleted offsets of the tuples removed
 * @param updates the posting-list tuples shrunk (empty in 13 DELETE)
 */
public record DeletedItems(BlockDataPresence presence, OffsetArray deleted, List<PostingUpdate> updates) {

    /** Checks each field against its C type's range and the fields against each other. */
    public DeletedItems {
        FieldChecks.that(presence != null && deleted != null, "presence and deleted are required");
        updates = List.copyOf(updates);
        FieldChecks.that(presence == BlockDataPresence.PRESENT || (deleted.isEmpty() && updates.isEmpty()),
                "items only when block 0 data is PRESENT");
    }

    /** Reads the block 0 data of {@code blocks} for {@code ndeleted} and {@code nupdated} from the main data. */
    static DeletedItems decode(BlockInputs blocks, int ndeleted, int nupdated) {
        BlockDataPresence p = blocks.presence(0);
        if (p != BlockDataPresence.PRESENT) {
            return new DeletedItems(p, OffsetArray.EMPTY, List.of());
        }
        PayloadCursor c = blocks.cursor(0);
        OffsetArray deleted = OffsetArray.of(c.u16Array(ndeleted, "deleted[ndeleted]"));
        int[] updated = c.u16Array(nupdated, "updatedoffsets[nupdated]");
        List<PostingUpdate> ups = new ArrayList<>(updated.length);
        for (int off : updated) {
            int n = c.u16("xl_btree_update.ndeletedtids");
            ups.add(new PostingUpdate(off, OffsetArray.of(c.u16Array(n, "xl_btree_update.ptids"))));
        }
        c.expectEnd("the xl_btree_update entries");
        return new DeletedItems(p, deleted, ups);
    }

    Bytes bytes() {
        if (presence != BlockDataPresence.PRESENT) {
            return Bytes.EMPTY;
        }
        PayloadWriter w = new PayloadWriter(deleted.byteSize() + 4 * updates.size());
        for (int i = 0; i < deleted.size(); i++) {
            w.u16(deleted.get(i));
        }
        for (PostingUpdate u : updates) {
            w.u16(u.offset());
        }
        for (PostingUpdate u : updates) {
            w.u16(u.ptids().size());
            for (int i = 0; i < u.ptids().size(); i++) {
                w.u16(u.ptids().get(i));
            }
        }
        return Bytes.of(w.toByteArray());
    }
}
