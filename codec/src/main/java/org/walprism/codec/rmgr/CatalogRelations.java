package org.walprism.codec.rmgr;

/**
 * The OIDs of the system catalogs whose WAL a reader follows to name relations: {@code pg_class} and
 * {@code pg_index} are mapped relations (their files are named by the relation map, not by pg_class), and their
 * heap records are what a relation's rename, rewrite or new index looks like in WAL. Fixed at initdb
 * (src/include/catalog/pg_class.h, pg_index.h, pg_database.h: {@code CATALOG(pg_class,1259,RelationRelationId)},
 * {@code CATALOG(pg_index,2610,IndexRelationId)}, {@code CATALOG(pg_database,1262,DatabaseRelationId)}), the same in
 * every supported major.
 */
public final class CatalogRelations {
    /** {@code RelationRelationId}: pg_class. */
    public static final long RELATION_RELATION_ID = 1259;
    /** {@code IndexRelationId}: pg_index. */
    public static final long INDEX_RELATION_ID = 2610;
    /** {@code DatabaseRelationId}: pg_database, a shared catalog. */
    public static final long DATABASE_RELATION_ID = 1262;

    private CatalogRelations() {
    }
}
