/**
 * Typed Transaction records ({@code access/xact.h}): COMMIT, ABORT, PREPARE, ASSIGNMENT, INVALIDATIONS and their
 * prepared variants as one sealed family with per-version layouts, with their decoder and encoder
 * ({@link org.walprism.codec.rmgr.xact.XactCodec}).
 */
package org.walprism.codec.rmgr.xact;
