package org.walprism.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.walprism.analyzer.RecordNames;
import org.walprism.analyzer.categories.Category;
import org.walprism.analyzer.categories.CategoryStats;
import org.walprism.analyzer.categories.Parts;
import org.walprism.analyzer.categories.WalTime;
import org.walprism.analyzer.desc.Describers;
import org.walprism.analyzer.dump.BlockRows;
import org.walprism.analyzer.dump.WalDumpFormatter;
import org.walprism.analyzer.relmap.RelationEvents;
import org.walprism.analyzer.relmap.RelationMap;
import org.walprism.analyzer.relmap.RelationTracker;
import org.walprism.codec.WalVersion;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.read.TimelineHistory;
import org.walprism.codec.read.WalReader;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;

/**
 * Fills walprism's tables in a DuckDB database from a WAL reader, row by row through DuckDB's appender (nothing is
 * kept in Java memory beyond the record being read): the rows of pg_walinspect's {@code pg_get_wal_records_info}
 * and {@code pg_get_wal_block_info} (contrib/pg_walinspect/pg_walinspect.c, GetWALRecordInfo and GetWALBlockInfo)
 * with walprism's columns beside them, and what walprism adds: the category of each record and its bytes per part
 * ({@link CategoryStats}), the record's time, relation names.
 *
 * <p>LSNs are {@code UBIGINT} columns, and no other column of these tables is: {@link LsnSql} prints every
 * {@code UBIGINT} of a result as {@code pg_lsn} text of the WAL's major.
 *
 * <p>Tables ({@link #SCHEMA}): {@code wal_range} (one row: the range read), {@code wal_rmgrs} (the built-in resource
 * managers of the major), {@code wal_records}, {@code wal_blocks}, {@code wal_block_data} (block data and restored
 * pages, only when {@link Contents#blockData}), {@code wal_record_parts}, {@code relations}; {@link VacuumTable} adds
 * {@code vacuum_runs}.
 */
public final class WalTables {

    /**
     * What to fill besides {@code wal_records}; {@code texts}: the {@code description} and {@code block_ref} text
     * columns (false: NULL, for a query that names neither); {@code fleet}: the Spark job's tables, for the source
     * named {@code cluster} at {@code path}, split by {@code buckets}; {@code noRecords}: {@code wal_records} left
     * empty, for a query over the block relations alone (pg_get_wal_block_info reads only {@code wal_blocks}).
     */
    public record Contents(boolean blocks, boolean blockData, boolean categories, boolean parts, boolean vacuums,
                           boolean fleet, String cluster, boolean texts, String path, FleetTables.Buckets buckets,
                           TimelineHistory history, boolean noRecords) {
        /** Whole-range rows only in the Spark job's tables. */
        public Contents(boolean blocks, boolean blockData, boolean categories, boolean parts, boolean vacuums,
                        boolean fleet, String cluster, boolean texts) {
            this(blocks, blockData, categories, parts, vacuums, fleet, cluster, texts, null, FleetTables.Buckets.NONE,
                    null, false);
        }

        /** Without the Spark job's tables ({@link FleetTables}), with the text columns. */
        public Contents(boolean blocks, boolean blockData, boolean categories, boolean parts, boolean vacuums) {
            this(blocks, blockData, categories, parts, vacuums, false, null, true);
        }

        /** With the text columns. */
        public Contents(boolean blocks, boolean blockData, boolean categories, boolean parts, boolean vacuums,
                        boolean fleet, String cluster) {
            this(blocks, blockData, categories, parts, vacuums, fleet, cluster, true);
        }

        /** Everything (export). */
        public static Contents all(boolean blockData) {
            return new Contents(true, blockData, true, true, true, true, null, true);
        }

        /** The same, with {@code name} as the {@code cluster} of the Spark job's tables. */
        public Contents cluster(String name) {
            return new Contents(blocks, blockData, categories, parts, vacuums, fleet, name, texts, path, buckets,
                    history, noRecords);
        }

        /** The same, with {@code wal_records} left empty. */
        public Contents withoutRecords() {
            return new Contents(blocks, blockData, categories, parts, vacuums, fleet, cluster, texts, path, buckets,
                    history, true);
        }

        /**
         * The same, for the source at {@code where} ({@code ranges.path}), split by {@code split}, its records
         * given to the timelines of {@code followed} (the source's history; null: each record to the timeline of
         * the segment file it ends in) as the job gives them (timeline.c tliOfPointInHistory).
         */
        public Contents source(String where, FleetTables.Buckets split, TimelineHistory followed) {
            return new Contents(blocks, blockData, categories, parts, vacuums, fleet, cluster, texts, where, split,
                    followed, noRecords);
        }
    }

    /** The DDL of every table, in order. */
    static final List<String> SCHEMA = List.of(
            "CREATE TYPE pg_lsn AS UBIGINT",
            "CREATE TABLE wal_range (start_lsn UBIGINT, end_lsn UBIGINT, major VARCHAR, timeline INTEGER, "
                    + "segment_size INTEGER, records BIGINT)",
            "CREATE TABLE wal_rmgrs (rmid SMALLINT, resource_manager VARCHAR)",
            "CREATE TABLE wal_records (start_lsn UBIGINT, end_lsn UBIGINT, prev_lsn UBIGINT, xid BIGINT, "
                    + "resource_manager VARCHAR, record_type VARCHAR, record_length INTEGER, main_data_length INTEGER, "
                    + "fpi_length INTEGER, description VARCHAR, block_ref VARCHAR, rmid SMALLINT, info SMALLINT, "
                    + "stats_key SMALLINT, stats_name VARCHAR, timeline INTEGER, record_time TIMESTAMPTZ, "
                    + "category VARCHAR)",
            "CREATE TABLE wal_blocks (start_lsn UBIGINT, end_lsn UBIGINT, prev_lsn UBIGINT, block_id SMALLINT, "
                    + "reltablespace BIGINT, reldatabase BIGINT, relfilenode BIGINT, relforknumber SMALLINT, "
                    + "relblocknumber BIGINT, xid BIGINT, resource_manager VARCHAR, record_type VARCHAR, "
                    + "record_length INTEGER, main_data_length INTEGER, block_data_length INTEGER, "
                    + "block_fpi_length INTEGER, block_fpi_info VARCHAR[], description VARCHAR, hole_offset INTEGER, "
                    + "hole_length INTEGER, compression VARCHAR, apply BOOLEAN, relation VARCHAR, fpi_cause VARCHAR, "
                    + "record_time TIMESTAMPTZ)",
            "CREATE TABLE wal_block_data (start_lsn UBIGINT, block_id SMALLINT, block_data BLOB, block_fpi_data BLOB)",
            "CREATE TABLE wal_record_parts (start_lsn UBIGINT, category VARCHAR, part VARCHAR, part_group VARCHAR, "
                    + "bytes BIGINT)",
            "CREATE TABLE relations (reltablespace BIGINT, reldatabase BIGINT, relfilenode BIGINT, oid BIGINT, "
                    + "relation VARCHAR, kind VARCHAR, parent VARCHAR, database VARCHAR)");

    private static final int VM = Category.VM.ordinal();

    private final Connection conn;
    private final Contents contents;
    private final RelationMap names;
    /** With {@code follow}: the range's changes of which file holds which relation, followed as it is read. */
    private final RelationTracker tracker;
    /** With {@link #tracker}: the files of the range's block references, named once the range is read. */
    private final Set<FileKey> files = new HashSet<>();

    private record FileKey(long spc, long db, long rel) {
    }

    /** With {@link #tracker}: the databases of the range's block references. */
    private final Set<Long> databases = new java.util.TreeSet<>();
    private long lastDb = -1;

    /** Tables in {@code conn} (created by {@link #create}), filled with {@code contents}, names from {@code names}. */
    public WalTables(Connection conn, Contents contents, RelationMap names) {
        this(conn, contents, names, false);
    }

    /**
     * The same; with {@code follow}, the names of {@code names} follow the range's own changes of which file holds
     * which relation (VACUUM FULL, CLUSTER, TRUNCATE, REINDEX; {@link RelationTracker}) in the same pass that fills
     * the tables: {@code names} is completed as the range is read, and the {@code relation} column of
     * {@code wal_blocks} is filled once it has been, since a rewrite writes a new file's blocks before the pg_class
     * row that names it.
     */
    public WalTables(Connection conn, Contents contents, RelationMap names, boolean follow) {
        this.conn = conn;
        this.contents = contents;
        this.names = names == null ? RelationMap.empty() : names;
        this.tracker = follow ? new RelationTracker(this.names).withInplace() : null;
    }

    /** Creates the tables. */
    public static void create(Connection conn) throws SQLException {
        try (Statement s = conn.createStatement()) {
            for (String ddl : SCHEMA) {
                s.execute(ddl);
            }
        }
        FleetTables.create(conn);
    }

    /** The result of {@link #fill}. */
    /** {@code databases}: with {@code follow}, the databases the range's block references touch (else empty). */
    public record Filled(WalVersion version, long startLsn, long endLsn, long records,
                         List<org.walprism.codec.WalMessage> notices, Set<Long> databases) {
    }

    /**
     * Reads every record of {@code reader} into the tables; {@code start} and {@code end} are the range asked for
     * (0: from the first record's segment, to the end of the last record), what the relations' range checks allow.
     */
    public Filled fill(WalReader reader, long start, long end) throws SQLException {
        DuckDBConnection dc = conn.unwrap(DuckDBConnection.class);
        long n = 0;
        WalVersion version = null;
        try (DuckDBAppender rec = dc.createAppender("wal_records");
             DuckDBAppender blk = dc.createAppender("wal_blocks");
             DuckDBAppender data = dc.createAppender("wal_block_data");
             DuckDBAppender parts = dc.createAppender("wal_record_parts")) {
            Row row = new Row();
            String cluster = contents.cluster() == null ? "" : contents.cluster();
            FleetTables fleet = contents.fleet() ? new FleetTables(contents.buckets() == null
                    ? FleetTables.Buckets.NONE : contents.buckets(), conn, cluster, contents.history()) : null;
            RecordView v;
            while ((v = reader.nextView()) != null) {
                if (version == null) {
                    version = v.version();
                    row.start(version, reader.segmentSize());
                }
                if (tracker != null) {
                    tracker.observe(v);
                    for (int b = 0; b < v.blockCount(); b++) {
                        long db = v.dbOid(b);
                        if (db != lastDb) {
                            databases.add(db);
                            lastDb = db;
                        }
                    }
                }
                // the decoded copy only for what needs it (block rows, texts); the record's columns come from v
                DecodedRecord r = contents.blocks() || contents.texts() ? v.toDecoded() : null;
                row.record(v, r, reader.endOfLastRecord(), reader.lastRecordTimeline());
                if (!contents.noRecords()) {
                    row.appendRecord(rec);
                }
                if (contents.blocks()) {
                    row.appendBlocks(blk, contents.blockData() ? data : null);
                }
                if (contents.parts()) {
                    row.appendParts(parts);
                }
                if (fleet != null) {
                    fleet.accept(v, reader.lastRecordTimeline(), reader.segmentSize(), reader.systemIdentifier());
                }
                n++;
            }
            if (fleet != null) {
                fleet.write(new FleetTables.Source(cluster, contents.path() == null ? cluster : contents.path(),
                        reader.systemIdentifier(), reader.timeline(), version != null ? version : reader.version(),
                        reader.firstRecordLsn(), reader.endOfLastRecord(), n,
                        reader.notices().stream().map(org.walprism.codec.WalMessage::toString).toList()));
            }
        }
        if (version == null) {
            version = reader.version();
        }
        long lo = start;
        if (lo == 0) {
            long first = reader.firstRecordLsn();
            lo = first == 0 ? 0 : first - Long.remainderUnsigned(first, reader.segmentSize());
        }
        long hi = end != 0 ? end : reader.endOfLastRecord();
        fillRange(lo, hi, version, reader, n);
        fillRmgrs(version);
        List<org.walprism.codec.WalMessage> notices = new ArrayList<>(reader.notices());
        if (tracker != null) {
            tracker.finish();
            notices.addAll(RelationEvents.unnamedNotes(tracker));
            nameBlocks();
        }
        fillRelations();
        return new Filled(version, lo, hi, n, List.copyOf(notices), Set.copyOf(databases));
    }

    /** With {@link #tracker}: the {@code relation} of {@code wal_blocks}, from the names as the range left them. */
    private void nameBlocks() throws SQLException {
        boolean any = false;
        try (Statement s = conn.createStatement()) {
            s.execute("CREATE TABLE wal_block_names (reltablespace BIGINT, reldatabase BIGINT, "
                    + "relfilenode BIGINT, relation VARCHAR)");
        }
        try (DuckDBAppender a = conn.unwrap(DuckDBConnection.class).createAppender("wal_block_names")) {
            for (FileKey k : files) {
                RelationMap.Relation rel = names.find(k.spc(), k.db(), k.rel());
                if (rel != null) {
                    a.beginRow().append(k.spc()).append(k.db()).append(k.rel()).append(rel.name()).endRow();
                    any = true;
                }
            }
        }
        try (Statement s = conn.createStatement()) {
            if (any) {
                s.execute("UPDATE wal_blocks SET relation = n.relation FROM wal_block_names n "
                        + "WHERE wal_blocks.reltablespace = n.reltablespace AND wal_blocks.reldatabase = n.reldatabase "
                        + "AND wal_blocks.relfilenode = n.relfilenode");
            }
            s.execute("DROP TABLE wal_block_names");
        }
    }

    /** The one row of {@code wal_range}: {@code lo} to {@code hi}, {@code n} records. */
    private void fillRange(long lo, long hi, WalVersion version, WalReader reader, long n) throws SQLException {
        try (var ps = conn.prepareStatement("INSERT INTO wal_range VALUES (?, ?, ?, ?, ?, ?)")) {
            ps.setObject(1, java.math.BigInteger.valueOf(lo));
            ps.setObject(2, new java.math.BigInteger(Long.toUnsignedString(hi)));
            ps.setString(3, version.label());
            ps.setInt(4, reader.timeline());
            ps.setInt(5, reader.segmentSize());
            ps.setLong(6, n);
            ps.execute();
        }
    }

    private void fillRmgrs(WalVersion version) throws SQLException {
        try (DuckDBAppender a = conn.unwrap(DuckDBConnection.class).createAppender("wal_rmgrs")) {
            for (int id = 0; id <= RmgrTable.maxBuiltinId(version); id++) {
                if (RmgrTable.isBuiltin(version, id)) {
                    a.beginRow().append((short) id).append(RecordNames.rmgrName(version, id)).endRow();
                }
            }
        }
    }

    private void fillRelations() throws SQLException {
        try (DuckDBAppender a = conn.unwrap(DuckDBConnection.class).createAppender("relations")) {
            for (RelationMap.Relation r : names.all()) {
                // a file the WAL named in the database's default tablespace (pg_class.reltablespace 0): not known
                a.beginRow();
                if (r.spc() < 0) {
                    a.appendNull();
                } else {
                    a.append(r.spc());
                }
                a.append(r.db()).append(r.relfilenode()).append(r.oid()).append(r.name());
                if (r.kind() == 0) {
                    a.appendNull();
                } else {
                    a.append(String.valueOf(r.kind()));
                }
                nullable(a, r.parent());
                nullable(a, r.database());
                a.endRow();
            }
        }
    }

    private static void nullable(DuckDBAppender a, String s) throws SQLException {
        if (s == null) {
            a.appendNull();
        } else {
            a.append(s);
        }
    }

    /** The values of the record being appended, and what carries over from one record to the next. */
    private final class Row {
        private WalVersion version;
        private CategoryStats categories;
        private long[][] partsBefore;
        private boolean heapDml;
        private final String[] statsNames = new String[256 * 16];
        private final PageImages images = new PageImages();
        private final String[] typeNames = new String[256 * 256];
        private long time;
        private java.time.OffsetDateTime timeValue;
        /** The decoded record, when {@link Contents#blocks} or {@link Contents#texts} need it; else null. */
        private DecodedRecord r;
        private long lsn;
        private long prev;
        private long xid;
        private int totalLength;
        private int mainDataLength;
        private int fpiLength;
        private int rmid;
        private int info;
        private int blockCount;
        private long end;
        private int timeline;
        private String rmgr;
        private String type;
        private String description;
        private int category = -1;
        private final List<int[]> changed = new ArrayList<>();

        void start(WalVersion v, int segmentSize) {
            version = v;
            if (contents.categories() || contents.parts()) {
                categories = new CategoryStats(v, segmentSize, 0);
                partsBefore = new long[Category.COUNT][Parts.COUNT];
            }
        }

        void record(RecordView v, DecodedRecord d, long endLsn, int tli) {
            r = d;
            lsn = v.lsn();
            prev = v.prev();
            xid = v.xid();
            totalLength = v.totalLength();
            mainDataLength = v.mainDataLength();
            fpiLength = v.fpiLength();
            rmid = v.rmid();
            info = v.info();
            blockCount = v.blockCount();
            end = endLsn;
            timeline = tli;
            long t = WalTime.of(v);
            if (t != 0 && t != time) {
                time = t;
                timeValue = java.time.OffsetDateTime.ofInstant(java.time.Instant.EPOCH.plusNanos(time * 1000L),
                        java.time.ZoneOffset.UTC);
            }
            rmgr = RecordNames.rmgrName(version, rmid);
            type = typeName(rmid, info);
            description = contents.texts() ? Describers.describeBackend(d) : null;
            heapDml = CategoryStats.heapDml(v);
            if (categories != null) {
                categories.add(v);
                attribute();
            }
        }

        /** The category {@link CategoryStats#add} gave the record, and the parts whose bytes it added to. */
        private void attribute() {
            Category last = categories.lastCategory();
            category = last == null ? -1 : last.ordinal();
            changed.clear();
            if (!contents.parts() || category < 0) {
                return;
            }
            for (int c : category == VM ? new int[] {VM} : new int[] {category, VM}) {
                Category cat = Category.of(c);
                long[] before = partsBefore[c];
                for (int p = 0; p < Parts.COUNT; p++) {
                    long now = categories.categoryPartBytes(cat, p);
                    if (now != before[p]) {
                        changed.add(new int[] {c, p, (int) (now - before[p])});
                        before[p] = now;
                    }
                }
            }
        }

        /** The record type's name as pg_walinspect prints it, once per rmid and xl_info. */
        private String typeName(int rmid, int info) {
            int i = rmid * 256 + info;
            String s = typeNames[i];
            if (s == null) {
                String id = RecordNames.identify(version, rmid, info);
                s = id != null ? id : RmgrTable.unknownName(info);
                typeNames[i] = s;
            }
            return s;
        }

        private String statsName(int rmid, int info) {
            int key = RmgrTable.statsRecordId(rmid, info);
            int i = rmid * 16 + key;
            String s = statsNames[i];
            if (s == null) {
                s = rmgr + "/" + RmgrTable.recordTypeName(version, rmid, key << 4);
                statsNames[i] = s;
            }
            return s;
        }

        void appendRecord(DuckDBAppender a) throws SQLException {
            a.beginRow();
            a.append(lsn).append(end).append(prev).append(xid);
            a.append(rmgr).append(type);
            a.append(totalLength).append(mainDataLength).append(fpiLength);
            nullable(a, description);
            if (blockCount == 0 || !contents.texts()) {
                a.appendNull();
            } else {
                a.append(WalDumpFormatter.walinspectBlockRef(r));
            }
            a.append((short) rmid).append((short) info);
            a.append((short) RmgrTable.statsRecordId(rmid, info)).append(statsName(rmid, info));
            a.append(timeline);
            appendTime(a);
            if (category < 0) {
                a.appendNull();
            } else {
                a.append(Category.of(category).key());
            }
            a.endRow();
        }

        private void appendTime(DuckDBAppender a) throws SQLException {
            if (time == 0) {
                a.appendNull();
            } else {
                a.append(timeValue);
            }
        }

        void appendBlocks(DuckDBAppender a, DuckDBAppender data) throws SQLException {
            for (BlockRef b : r.blocks()) {
                BlockImage img = b.image();
                a.beginRow();
                a.append(r.recordLsn().value()).append(end).append(r.prev());
                a.append((short) b.id()).append(b.rel().spcOid()).append(b.rel().dbOid()).append(b.rel().relNumber());
                a.append((short) b.forkNumber()).append(b.blockNumber()).append(r.xid());
                a.append(rmgr).append(type).append(r.totalLength()).append(r.mainDataLength());
                a.append(b.hasData() ? b.dataLength() : 0).append(img != null ? img.length() : 0);
                if (img == null) {
                    a.appendNull();
                } else {
                    a.append(List.of(BlockRows.fpiInfo(version, img)));
                }
                nullable(a, description);
                if (img == null) {
                    a.appendNull().appendNull().appendNull().appendNull();
                } else {
                    a.append(img.holeOffset()).append(img.holeLength()).append(img.compression().label())
                            .append(img.apply());
                }
                if (tracker != null) {
                    // named when the range is read (nameBlocks)
                    fileSeen(b.rel().spcOid(), b.rel().dbOid(), b.rel().relNumber());
                    a.appendNull();
                } else {
                    RelationMap.Relation rel = names.find(b.rel().spcOid(), b.rel().dbOid(), b.rel().relNumber());
                    nullable(a, rel == null ? null : rel.name());
                }
                if (img == null || category < 0) {
                    a.appendNull();
                } else {
                    // an image's cause is its record's category, but the VM page of heap DML (CategoryStats)
                    a.append(heapDml && b.forkNumber() == BlockRef.VISIBILITYMAP_FORKNUM ? "vm"
                            : Category.of(category).key());
                }
                appendTime(a);
                a.endRow();
                if (data != null) {
                    data.beginRow().append(r.recordLsn().value()).append((short) b.id());
                    if (b.hasData()) {
                        data.append(b.data());
                    } else {
                        data.appendNull();
                    }
                    if (img != null) {
                        data.append(images.restore(r, b));
                    } else {
                        data.appendNull();
                    }
                    data.endRow();
                }
            }
        }

        private long lastSpc = -1;
        private long lastDb = -1;
        private long lastRel = -1;

        private void fileSeen(long spc, long db, long rel) {
            if (spc != lastSpc || db != lastDb || rel != lastRel) {
                files.add(new FileKey(spc, db, rel));
                lastSpc = spc;
                lastDb = db;
                lastRel = rel;
            }
        }

        void appendParts(DuckDBAppender a) throws SQLException {
            for (int[] c : changed) {
                a.beginRow().append(lsn).append(Category.of(c[0]).key()).append(Parts.name(version, c[1]))
                        .append(Parts.group(c[1])).append((long) c[2]).endRow();
            }
        }

    }
}
