/**
 * Typed Btree records ({@code access/nbtxlog.h}): insertions, splits, deduplication, vacuum and deletion, page
 * deletion and the metapage as one sealed family with per-version layouts, with their decoder and encoder
 * ({@link org.walprism.codec.rmgr.btree.BtreeCodec}).
 */
package org.walprism.codec.rmgr.btree;
