package org.walprism.analyzer.report;

/** Output formats of the category and diff reports. */
public enum OutputFormat {
    /** Aligned text. */
    TEXT,
    /** One JSON document. */
    JSON,
    /** Comma-separated values. */
    CSV
}
