/** Meaning: pg_waldump desc text, statistics, categories, diff, reports, generator, replay, vacuum runs, relation names. */
module org.walprism.analyzer {
    requires transitive org.walprism.codec;
    requires transitive org.walprism.source;
    requires transitive org.walprism.client;
    requires org.apache.commons.csv;
    requires java.sql;
    requires java.management;

    exports org.walprism.analyzer;
    exports org.walprism.analyzer.categories;
    exports org.walprism.analyzer.desc;
    exports org.walprism.analyzer.diff;
    exports org.walprism.analyzer.dump;
    exports org.walprism.analyzer.generate;
    exports org.walprism.analyzer.json;
    exports org.walprism.analyzer.relmap;
    exports org.walprism.analyzer.replay;
    exports org.walprism.analyzer.report;
    exports org.walprism.analyzer.stats;
    exports org.walprism.analyzer.vacuums;
}
