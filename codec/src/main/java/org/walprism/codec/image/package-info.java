/**
 * Full-page images: restoring a page from its stored image (hole and compression), and the pglz decompressor,
 * hand-written from {@code common/pg_lzcompress.c} since no maintained JVM library reads pglz.
 */
package org.walprism.codec.image;
