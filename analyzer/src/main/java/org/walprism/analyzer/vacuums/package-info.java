/**
 * Vacuum runs found in WAL: each run's phases (heap scan, index vacuum, heap vacuum, visibility map) and its
 * figures.
 */
package org.walprism.analyzer.vacuums;
