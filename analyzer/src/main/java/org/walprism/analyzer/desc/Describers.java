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
    public static final RmgrDescriber NONE = (r, out) -> {
    };

    private static final RmgrDescriber HEAP = new HeapDescriber();
    private static final RmgrDescriber HEAP2 = new Heap2Describer();
    private static final RmgrDescriber XLOG = new XlogDescriber(TimestampStyle.WALDUMP);
    private static final RmgrDescriber XACT = new XactDescriber(TimestampStyle.WALDUMP);
    private static final RmgrDescriber XLOG_BACKEND = new XlogDescriber(TimestampStyle.BACKEND);
    private static final RmgrDescriber XACT_BACKEND = new XactDescriber(TimestampStyle.BACKEND);
    private static final RmgrDescriber STANDBY = new StandbyDescriber();
    private static final RmgrDescriber BTREE = new BtreeDescriber();
    private static final RmgrDescriber HASH = new HashDescriber();
    private static final RmgrDescriber GIN = new GinDescriber();
    private static final RmgrDescriber GIST = new GistDescriber();
    private static final RmgrDescriber SPGIST = new SpgistDescriber();
    private static final RmgrDescriber BRIN = new BrinDescriber();

    /** The rarely needed CommitTs describers, made on first use (not at startup). */
    private static final class CommitTs {
        static final RmgrDescriber WALDUMP = MiscDescribers.commitTs(TimestampStyle.WALDUMP);
        static final RmgrDescriber BACKEND = MiscDescribers.commitTs(TimestampStyle.BACKEND);
    }

    /** The describer for {@code rmid} printing as pg_waldump; {@link #NONE} where none is implemented. */
    public static RmgrDescriber forRmgr(int rmid) {
        return forRmgr(rmid, TimestampStyle.WALDUMP);
    }

    /** The describer for {@code rmid} with timestamps in {@code ts} style. */
    public static RmgrDescriber forRmgr(int rmid, TimestampStyle ts) {
        return switch (rmid) {
            case 0 -> ts == TimestampStyle.WALDUMP ? XLOG : XLOG_BACKEND;
            case 1 -> ts == TimestampStyle.WALDUMP ? XACT : XACT_BACKEND;
            case 2 -> CatalogDescribers.STORAGE;
            case 3 -> CatalogDescribers.CLOG;
            case 4 -> CatalogDescribers.DATABASE;
            case 5 -> CatalogDescribers.TABLESPACE;
            case 6 -> CatalogDescribers.MULTIXACT;
            case 7 -> CatalogDescribers.RELMAP;
            case 8 -> STANDBY;
            case 9 -> HEAP2;
            case 10 -> HEAP;
            case 11 -> BTREE;
            case 12 -> HASH;
            case 13 -> GIN;
            case 14 -> GIST;
            case 15 -> CatalogDescribers.SEQUENCE;
            case 16 -> SPGIST;
            case 17 -> BRIN;
            case 18 -> ts == TimestampStyle.WALDUMP ? CommitTs.WALDUMP : CommitTs.BACKEND;
            case 19 -> MiscDescribers.REPLICATION_ORIGIN;
            case 20 -> MiscDescribers.GENERIC;
            case 21 -> MiscDescribers.LOGICAL_MESSAGE;
            case 22 -> XlogDescriber.XLOG2;
            default -> rmid >= 128 && rmid <= 255 && ts == TimestampStyle.WALDUMP ? MiscDescribers.CUSTOM : NONE;
        };
    }

    /** Whether {@code rmid} has a real describer (not {@link #NONE}, not the custom-rmgr placeholder). */
    public static boolean isDescribed(int rmid) {
        RmgrDescriber d = forRmgr(rmid);
        return d != NONE && d != MiscDescribers.CUSTOM;
    }

    /** The desc text of {@code r} as pg_waldump prints it. */
    public static String describe(DecodedRecord r) {
        return forRmgr(r.rmid()).describe(r);
    }

    /** Appends the desc text of {@code r} as pg_waldump prints it to {@code out}. */
    public static void describe(DescRecord r, TextBuffer out) {
        forRmgr(r.rmid()).describe(r, out);
    }

    /** The desc text of {@code r} as the server prints it (pg_walinspect's {@code description}). */
    public static String describeBackend(DecodedRecord r) {
        return forRmgr(r.rmid(), TimestampStyle.BACKEND).describe(r);
    }
}
