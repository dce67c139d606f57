/**
 * Vacuum byte attribution ({@code stats --categories}): each record's bytes split into categories (prune, freeze,
 * visibility, images by cause), per LSN bucket.
 */
package org.walprism.analyzer.categories;
