/**
 * JSON output: a small streaming writer and the one JSON string escaper, at the bottom of the analyzer's
 * package stack so that every layer can write JSON.
 */
package org.walprism.analyzer.json;
