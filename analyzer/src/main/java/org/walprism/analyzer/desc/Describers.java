package org.walprism.analyzer.desc;

import org.walprism.codec.record.DecodedRecord;

/**
 * The describer of each resource manager id, as PostgreSQL's RmgrDescTable pairs {@code rm_desc} with
 * each id (src/bin/pg_waldump/rmgrdesc.c).
 */
public final class Describers {
    private Describers() {
    }

    /** For resource managers without a walprism describer yet: prints nothing after the type name. */
    public static final RmgrDescriber NONE = r -> "";

    private static final RmgrDescriber HEAP = new HeapDescriber();
    private static final RmgrDescriber XLOG = new XlogDescriber();
    private static final RmgrDescriber XACT = new XactDescriber();
    private static final RmgrDescriber STANDBY = new StandbyDescriber();
    private static final RmgrDescriber BTREE = new BtreeDescriber();

    /** The describer for {@code rmid}; {@link #NONE} where none is implemented. */
    public static RmgrDescriber forRmgr(int rmid) {
        return switch (rmid) {
            case 0 -> XLOG;
            case 1 -> XACT;
            case 2 -> CatalogDescribers.STORAGE;
            case 3 -> CatalogDescribers.CLOG;
            case 4 -> CatalogDescribers.DATABASE;
            case 5 -> CatalogDescribers.TABLESPACE;
            case 6 -> CatalogDescribers.MULTIXACT;
            case 7 -> CatalogDescribers.RELMAP;
            case 8 -> STANDBY;
            case 10 -> HEAP;
            case 11 -> BTREE;
            case 15 -> CatalogDescribers.SEQUENCE;
            case 22 -> XlogDescriber.XLOG2;
            default -> NONE;
        };
    }

    /** Whether {@code rmid} has a real describer (not {@link #NONE}). */
    public static boolean isDescribed(int rmid) {
        return forRmgr(rmid) != NONE;
    }

    /** The desc text of {@code r}. */
    public static String describe(DecodedRecord r) {
        return forRmgr(r.rmid()).describe(r);
    }
}
