package org.walprism.analyzer.report;

/** Output formats of the category and diff reports. */
public enum OutputFormat {
    TEXT, JSON, CSV
}
