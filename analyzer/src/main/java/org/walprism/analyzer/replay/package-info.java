/**
 * Replaying WAL onto page images and rewriting it for another version, step by step.
 */
package org.walprism.analyzer.replay;
