package org.walprism.codec.rmgr.heap2;

import org.walprism.codec.record.BlockImage;

/**
 * A typed Heap2 record with what its block 0 carried: when block 0 holds a full-page image, PostgreSQL leaves
 * out its block data (no {@code REGBUF_KEEP_DATA}), so the value's block-data fields (offset arrays, freeze
 * plans, tuples) are empty and the page the record changed is in {@link #block0Image()} instead. Decode with
 * {@link Heap2Codec#decodeWithImage}.
 *
 * @param value       the typed record (its block-data fields empty when {@link #dataInImage()})
 * @param block0Image block 0's full-page image, or null when block 0 has none (or the record has no block 0)
 * @param dataInImage true when block 0 carries an image and no block data: read the page from
 *                    {@link #block0Image()}, not the value's block-data fields
 * @param typeName    the record-type name pg_waldump prints ({@code PRUNE_VACUUM_SCAN}, {@code MULTI_INSERT+INIT})
 */
public record Heap2Decoded(Heap2Record value, BlockImage block0Image, boolean dataInImage, String typeName) {
}
