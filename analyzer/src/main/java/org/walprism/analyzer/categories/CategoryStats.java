package org.walprism.analyzer.categories;

import org.walprism.analyzer.RecordNames;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.RecordView;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Type;

/**
 * Byte-exact attribution of a WAL range: every byte of every record goes to exactly one {@link Parts part}
 * (summing to {@code xl_tot_len}), every record to one {@link Category}, every full-page image to a
 * {@link FpiCause}, a compression method and a fork; plus per record type, per relation fork and per LSN bucket
 * breakdowns, and the WAL page headers, alignment padding and skipped bytes between records, so that
 * {@code records + page headers + padding + skipped} equals the bytes the range spans.
 *
 * <p>Visibility-map work inside heap DML: when a Heap record (INSERT, UPDATE, HOT_UPDATE, DELETE, LOCK, ...) or a
 * Heap2 MULTI_INSERT / LOCK_UPDATED clears visibility-map bits it registers the VM page as a block reference (19,
 * and 17/18 minor releases that back-patch it, e.g. 18.6). That block reference's bytes (its header,
 * {@link Parts#VM_BLOCK}; its image header and image; its data) belong to {@link Category#VM} and its image's cause
 * is {@link FpiCause#VM}, while the record itself, and the rest of its bytes, stays in its own category. The totals
 * {@link #vmClearRecords()}, {@link #vmClearBytes()} and {@link #vmClearImages()} say how much of
 * {@link Category#VM} is such DML work.
 *
 * <p>{@link #add(RecordView)} touches preallocated arrays only (a new relation or LSN bucket allocates once):
 * nothing is allocated per record. Chunks of a range read apart (in parallel) {@link #merge} into exactly what
 * one pass over the range gives.
 */
public final class CategoryStats implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /** Record types: {@code rmid * 16 + typeKey}. */
    public static final int TYPES = 256 * 16;
    /** Per-bucket counters: records, bytes, FPI bytes, images, then bytes per category. */
    public static final int B_RECORDS = 0;
    /** Index of a bucket's byte count ({@code xl_tot_len}). */
    public static final int B_BYTES = 1;
    /** Index of a bucket's full-page-image bytes. */
    public static final int B_FPI_BYTES = 2;
    /** Index of a bucket's image count. */
    public static final int B_IMAGES = 3;
    /** Index of a bucket's first per-category byte count (one per {@link Category}). */
    public static final int B_CATEGORY = 4;
    /** Earliest / latest timestamp of the bucket's records ({@link WalTime}: Unix microseconds; 0 = none). */
    public static final int B_TIME_FIRST = B_CATEGORY + Category.COUNT;
    /** Index of a bucket's latest timestamp (see {@link #B_TIME_FIRST}). */
    public static final int B_TIME_LAST = B_TIME_FIRST + 1;
    private static final int B_SIZE = B_TIME_LAST + 1;


    private final WalVersion version;
    private final long segmentSize;

    // per-record scratch, used by add() only: not shipped when a distributed scan moves the counters
    private final transient Heap2Attribution heap2 = new Heap2Attribution();
    private final transient BlockFraming blocks = new BlockFraming();
    private final transient RecordParts scratch = new RecordParts();
    /** {@link #lastCategory}: per-record state, not a counter (not merged). */
    private int lastCategory = -1;

    private long records;
    private long bytes;
    private final long[][] categoryParts = new long[Category.COUNT][Parts.COUNT];
    private final long[] catRecords = new long[Category.COUNT];
    private final long[] catBytes = new long[Category.COUNT];
    private final long[] catFpiBytes = new long[Category.COUNT];
    private final long[] catImages = new long[Category.COUNT];
    /** Per record type ({@code rmid * 16 + typeKey}). */
    private final TypeCounters types = new TypeCounters();

    /** The full-page images: counts and bytes per compression, cause and fork. */
    private final ImageCounters imageCounts;

    private long vmSetRecords;
    private long vmClearRecords;
    private long vmClearBytes;
    private long vmClearImages;
    private long unparsedRecords;

    private final PageLayout layout;
    /** {@link Category#nonHeap2Table} of the version. */
    private final byte[] nonHeap2;

    private final RelationTable relations = new RelationTable();
    private org.walprism.analyzer.relmap.RelationEvents relationEvents;
    private org.walprism.analyzer.relmap.RelationMap names;
    private TimeBuckets timeBuckets;
    private final LsnBuckets buckets;

    /**
     * @param bucketSize width of an LSN bucket in bytes, at most {@link #MAX_BUCKETS} of them over the range (else
     *                   {@link #bucketsOverflowed()}); 0 = the segment size, doubled as often as the range needs
     *                   to fit in {@link #MAX_BUCKETS}
     */
    public CategoryStats(WalVersion version, long segmentSize, long bucketSize) {
        if (bucketSize < 0) {
            throw new IllegalArgumentException("bucket size " + bucketSize);
        }
        this.version = version;
        this.segmentSize = segmentSize;
        this.imageCounts = new ImageCounters(version);
        this.layout = new PageLayout(segmentSize);
        this.nonHeap2 = Category.nonHeap2Table(version);
        this.buckets = new LsnBuckets(bucketSize > 0 ? bucketSize : segmentSize, bucketSize > 0, B_SIZE)
                .extremes(B_TIME_FIRST, B_TIME_LAST);
    }

    /** Most LSN buckets a range may have. */
    public static final int MAX_BUCKETS = LsnBuckets.MAX_BUCKETS;

    /** The category {@link #add} gave the last record it attributed; null before the first. */
    public Category lastCategory() {
        return lastCategory < 0 ? null : Category.of(lastCategory);
    }

    /** Attributes one record. */
    public void add(RecordView v) {
        int rmid = v.rmid();
        int len = v.totalLength();
        int fpi = v.fpiLength();
        int ci = rmid == RmgrTable.HEAP2 ? heap2(v, scratch) : nonHeap2[rmid * 16 + ((v.info() & 0xF0) >> 4)];
        // FpiCause mirrors Category: an image's cause is the category of its record (hint and xlog_fpi included),
        // but for the VM page of heap DML (see the class comment)
        int cause = ci;
        lastCategory = ci;
        BlockFraming f = blocks;
        f.walk(v, len, cause, heapDml(v), relations, imageCounts);
        int recordImages = f.images;
        int vmFpi = f.vmFpi;
        int vmImages = f.vmImages;
        parts(v, rmid, len, fpi, categoryParts[ci]);
        int vm = f.vmBytes();
        if (vm > 0) {
            f.moveVm(rmid, categoryParts[ci], categoryParts[VM]);
            vmClearRecords++;
            vmClearBytes += vm;
            vmClearImages += vmImages;
        }

        records++;
        bytes += len;
        catRecords[ci]++;
        catBytes[ci] += len - vm;
        catFpiBytes[ci] += fpi - vmFpi;
        catImages[ci] += recordImages - vmImages;
        catBytes[VM] += vm;
        catFpiBytes[VM] += vmFpi;
        catImages[VM] += vmImages;
        types.add(rmid * 16 + RecordNames.typeKey(rmid, v.info()), len, fpi, recordImages, ci);

        layout.add(v.lsn(), len);
        stamp = rmid == RmgrTable.TRANSACTION ? WalTime.of(v) : 0;
        bucket(v.lsn(), len, fpi, recordImages, ci, vm);
        if (timeBuckets != null) {
            timeBuckets.add(stamp, len, fpi, recordImages, ci, vm);
        }
        if (relationEvents != null) {
            relationEvents.accept(v);
        }
    }

    /**
     * Also copies the records that change which file holds which relation (see
     * {@link org.walprism.analyzer.relmap.RelationEvents}), so that names can follow them; {@code names} gives the
     * relation map the range starts from.
     */
    public CategoryStats followRelations(org.walprism.analyzer.relmap.RelationMap names) {
        this.relationEvents = new org.walprism.analyzer.relmap.RelationEvents(names);
        this.names = names;
        return this;
    }

    /** Also counts per time bucket of {@code seconds} (see {@link TimeBuckets}). */
    public CategoryStats timeBuckets(long seconds) {
        this.timeBuckets = new TimeBuckets(seconds, B_SIZE);
        return this;
    }

    /** The time buckets, or null when not asked for. */
    public TimeBuckets timeBuckets() {
        return timeBuckets;
    }

    /** The relation events copied by {@link #followRelations}, or null. */
    public org.walprism.analyzer.relmap.RelationEvents relationEvents() {
        return relationEvents;
    }

    /** The relation map names are printed from, or null (relations printed as {@code spc/db/relfilenode}). */
    public org.walprism.analyzer.relmap.RelationMap names() {
        return names;
    }

    /** Sets the relation map names are printed from. */
    public void names(org.walprism.analyzer.relmap.RelationMap n) {
        this.names = n;
    }

    private static final int VM = Category.VM.ordinal();

    /**
     * Whether {@code v} is heap DML, whose VM-fork block reference is visibility-map work: every Heap record, and
     * Heap2 MULTI_INSERT and LOCK_UPDATED (heapam.c registers the VM page where they clear its bits). Vacuum's own
     * Heap2 records are attributed by {@link Heap2Attribution}.
     */
    public static boolean heapDml(RecordView v) {
        if (v.rmid() == RmgrTable.HEAP) {
            return true;
        }
        if (v.rmid() != RmgrTable.HEAP2) {
            return false;
        }
        Heap2Type t = Heap2Type.of(v.version(), v.info());
        return t == Heap2Type.MULTI_INSERT || t == Heap2Type.LOCK_UPDATED;
    }

    /**
     * Gives every byte of {@code v} to one part of its category: the framing, then the payload (split by the heap2
     * attribution in {@link #scratch}). Needs {@link BlockFraming#walk} first.
     */
    private void parts(RecordView v, int rmid, int len, int fpi, long[] cp) {
        int origin = v.origin() >= 0 ? 3 : 0;
        int xid = v.toplevelXid() >= 0 ? 5 : 0;
        BlockFraming f = blocks;
        int payload = f.dataBytes + v.mainDataLength();
        int mainHeader = len - RecordView.HEADER_SIZE - f.headerBytes - f.imageHeaderBytes - fpi - origin - xid
                - payload;
        if (mainHeader != 0 && mainHeader != 2 && mainHeader != 5) {
            throw new IllegalStateException("main-data header of " + mainHeader + " bytes at "
                    + Long.toHexString(v.lsn()));
        }
        part(cp, Parts.RECORD_HEADER, RecordView.HEADER_SIZE);
        part(cp, Parts.BLOCK_HEADERS, f.headerBytes);
        part(cp, Parts.IMAGE_HEADERS, f.imageHeaderBytes);
        part(cp, Parts.FPI, fpi);
        part(cp, Parts.ORIGIN_HEADER, origin);
        part(cp, Parts.TOPLEVEL_XID_HEADER, xid);
        part(cp, Parts.MAIN_DATA_HEADER, mainHeader);
        if (rmid == RmgrTable.HEAP2) {
            RecordParts parts = scratch;
            if (parts.sum() != payload) {
                throw new IllegalStateException("heap2 parts add up to " + parts.sum() + ", not the payload "
                        + payload + " at " + Long.toHexString(v.lsn()));
            }
            for (int i = 0; i < parts.size(); i++) {
                part(cp, parts.part(i), parts.bytes(i));
            }
        } else {
            part(cp, Parts.PAYLOAD_BASE + rmid, payload);
        }
    }

    /** Attributes the payload of Heap2 record {@code v} to {@code parts}; returns its category's ordinal. */
    private int heap2(RecordView v, RecordParts parts) {
        parts.clear();
        int ci = heap2.attribute(v, parts).ordinal();
        if (heap2.lastSetVm()) {
            vmSetRecords++;
        }
        if (parts.unparsed()) {
            // What dump rejects, every command rejects: a payload that contradicts its layout makes the typed
            // decoder throw its precise reason (the in-place scan already ran; this path is taken only on failure).
            org.walprism.codec.rmgr.heap2.Heap2Codec.decode(v.toDecoded());
            unparsedRecords++;
        }
        return ci;
    }

    private static void part(long[] categoryPart, int part, int n) {
        categoryPart[part] += n;
    }

    /** Counts a record in its LSN bucket: {@code vm} of its {@code len} bytes go to {@link Category#VM}. */
    private void bucket(long lsn, int len, int fpi, int recordImages, int ci, int vm) {
        int i = buckets.index(lsn);
        if (i < 0) {
            return;
        }
        long[] k = buckets.data();
        k[i + B_RECORDS]++;
        k[i + B_BYTES] += len;
        k[i + B_FPI_BYTES] += fpi;
        k[i + B_IMAGES] += recordImages;
        k[i + B_CATEGORY + ci] += len - vm;
        k[i + B_CATEGORY + VM] += vm;
        if (stamp != 0) {
            long f = k[i + B_TIME_FIRST];
            k[i + B_TIME_FIRST] = f == 0 ? stamp : Math.min(f, stamp);
            k[i + B_TIME_LAST] = Math.max(k[i + B_TIME_LAST], stamp);
        }
    }

    /** The timestamp of the record being added ({@link WalTime#of}), 0 when it has none. */
    private long stamp;

    /**
     * Adds the counters of {@code o}, the attribution of the records that follow this one's in the same range
     * (the next chunk): the result is what one {@link #add} per record of both gives.
     */
    public void merge(CategoryStats o) {
        if (o.version != version || o.segmentSize != segmentSize) {
            throw new IllegalArgumentException("merging " + o.version + "/" + o.segmentSize + " into " + version + "/"
                    + segmentSize);
        }
        if (o.records == 0) {
            return;
        }
        layout.merge(o.layout);
        records += o.records;
        bytes += o.bytes;
        for (int c = 0; c < Category.COUNT; c++) {
            add(categoryParts[c], o.categoryParts[c]);
        }
        add(catRecords, o.catRecords);
        add(catBytes, o.catBytes);
        add(catFpiBytes, o.catFpiBytes);
        add(catImages, o.catImages);
        types.merge(o.types);
        imageCounts.merge(o.imageCounts);
        vmSetRecords += o.vmSetRecords;
        vmClearRecords += o.vmClearRecords;
        vmClearBytes += o.vmClearBytes;
        vmClearImages += o.vmClearImages;
        unparsedRecords += o.unparsedRecords;
        relations.merge(o.relations);
        buckets.merge(o.buckets);
        if (relationEvents != null && o.relationEvents != null) {
            relationEvents.merge(o.relationEvents);
        }
        if (timeBuckets != null && o.timeBuckets != null) {
            timeBuckets.merge(o.timeBuckets);
        }
    }

    static void add(long[] to, long[] from) {
        for (int i = 0; i < to.length; i++) {
            to[i] += from[i];
        }
    }

    // ---- results ----

    private java.util.List<org.walprism.codec.WalMessage> notices = java.util.List.of();

    /** What the reader reported beside the figures: partial or duplicate files, why the WAL ended. */
    public java.util.List<org.walprism.codec.WalMessage> notices() {
        return notices;
    }

    /** Sets {@link #notices()}. */
    public void notices(java.util.List<org.walprism.codec.WalMessage> n) {
        notices = java.util.List.copyOf(n);
    }

    /** The WAL version of the scanned range. */
    public WalVersion version() {
        return version;
    }

    /** Segment size of the scanned WAL. */
    public long segmentSize() {
        return segmentSize;
    }

    /** Width of the LSN buckets: as asked, or the default widened to fit the range in {@link #MAX_BUCKETS}. */
    public long bucketSize() {
        return buckets.size();
    }

    /** Records counted. */
    public long records() {
        return records;
    }

    /** Sum of {@code xl_tot_len}. */
    public long bytes() {
        return bytes;
    }

    /** Bytes of part {@code part} over all categories. */
    public long partBytes(int part) {
        long n = 0;
        for (long[] c : categoryParts) {
            n += c[part];
        }
        return n;
    }

    /** Bytes of part {@code part} (a {@link Parts} index) in records of category {@code c}. */
    public long categoryPartBytes(Category c, int part) {
        return categoryParts[c.ordinal()][part];
    }

    /** Records of category {@code c}. */
    public long categoryRecords(Category c) {
        return catRecords[c.ordinal()];
    }

    /** {@code xl_tot_len} bytes of category {@code c}, images included. */
    public long categoryBytes(Category c) {
        return catBytes[c.ordinal()];
    }

    /** Full-page-image bytes of category {@code c}. */
    public long categoryFpiBytes(Category c) {
        return catFpiBytes[c.ordinal()];
    }

    /** Full-page images in records of category {@code c}. */
    public long categoryImages(Category c) {
        return catImages[c.ordinal()];
    }

    /** Records of record type {@code type} ({@code rmid * 16 + typeKey}). */
    public long typeRecords(int type) {
        return types.typeRecords[type];
    }

    /** {@code xl_tot_len} bytes of record type {@code type}. */
    public long typeBytes(int type) {
        return types.typeBytes[type];
    }

    /** Full-page-image bytes of record type {@code type}. */
    public long typeFpiBytes(int type) {
        return types.typeFpiBytes[type];
    }

    /** Full-page images of record type {@code type}. */
    public long typeImages(int type) {
        return types.typeImages[type];
    }

    /** Bit set of category ordinals the records of {@code type} fell into. */
    public int typeCategories(int type) {
        return types.typeCategories[type];
    }

    /** {@code Rmgr/TYPE} of a type index. */
    public String typeName(int type) {
        return RecordNames.typeName(version, type / 16, type % 16);
    }

    /** Full-page images counted. */
    public long images() {
        return imageCounts.images;
    }

    /** Stored image bytes (sum of {@code bimg_len}). */
    public long imageStoredBytes() {
        return imageCounts.stored;
    }

    /** Page bytes the images stand for: sum of {@code 8192 - hole_length}. */
    public long imageRawBytes() {
        return imageCounts.raw;
    }

    /** Bytes of page holes left out of the images. */
    public long imageHoleBytes() {
        return imageCounts.hole;
    }

    /** Images stored with compression {@code c}. */
    public long compressionImages(BlockImage.Compression c) {
        return imageCounts.compImages[c.ordinal()];
    }

    /** Stored bytes of images with compression {@code c}. */
    public long compressionStoredBytes(BlockImage.Compression c) {
        return imageCounts.compStored[c.ordinal()];
    }

    /** Page bytes (before compression, without hole) of images with compression {@code c}. */
    public long compressionRawBytes(BlockImage.Compression c) {
        return imageCounts.compRaw[c.ordinal()];
    }

    /** Images attributed to cause {@code c}. */
    public long causeImages(FpiCause c) {
        return imageCounts.causeImages[c.ordinal()];
    }

    /** Stored bytes of images attributed to cause {@code c}. */
    public long causeStoredBytes(FpiCause c) {
        return imageCounts.causeStored[c.ordinal()];
    }

    /** Images of fork {@code fork} (0 main, 1 fsm, 2 vm, 3 init). */
    public long forkImages(int fork) {
        return imageCounts.forkImages[fork];
    }

    /** Stored image bytes of fork {@code fork}. */
    public long forkStoredBytes(int fork) {
        return imageCounts.forkStored[fork];
    }

    /** Records that set visibility-map bits (VISIBLE, or 19+ prune records with XLHP_VM_ALL_VISIBLE). */
    public long vmSetRecords() {
        return vmSetRecords;
    }

    /** Heap DML records that carry the VM page as a block reference (they clear VM bits; see the class comment). */
    public long vmClearRecords() {
        return vmClearRecords;
    }

    /**
     * Bytes of those VM-page block references (header, image header, image, data): the part of
     * {@link Category#VM}'s bytes that heap DML wrote, not VACUUM.
     */
    public long vmClearBytes() {
        return vmClearBytes;
    }

    /** Images of the VM page in heap DML records (cause {@link FpiCause#VM}). */
    public long vmClearImages() {
        return vmClearImages;
    }

    /** Heap2 records whose payload did not match the expected layout (attributed whole to payload.Heap2). */
    public long unparsedRecords() {
        return unparsedRecords;
    }

    /** LSN of the first record, or -1 when none was read. */
    public long startLsn() {
        return layout.startLsn();
    }

    /** MAXALIGNed end of the last record: the range spans {@code endLsn - startLsn} bytes. */
    public long endLsn() {
        return layout.endLsn();
    }

    /** Bytes from the first record's start to the aligned end of the last. */
    public long spanBytes() {
        return layout.spanBytes();
    }

    /** WAL page headers (24, or 40 at a segment start) inside the span. */
    public long pageHeaderBytes() {
        return layout.pageHeaderBytes();
    }

    /** Zero bytes that align each record's start to 8. */
    public long paddingBytes() {
        return layout.paddingBytes();
    }

    /** Bytes not holding records: the rest of a segment after XLOG_SWITCH, abandoned partial records. */
    public long skippedBytes() {
        return layout.skippedBytes();
    }

    /** The per-relation counters. */
    public RelationTable relations() {
        return relations;
    }

    /** LSN of the start of bucket {@code i}. */
    public long bucketStart(int i) {
        return buckets.start(i);
    }

    /** Buckets from the first record's to the last's (0 when {@link #bucketsOverflowed()}). */
    public int bucketCount() {
        return buckets.count();
    }

    /** Counters of bucket {@code i}, indexed by the {@code B_*} constants (a copy). */
    public long[] bucket(int i) {
        return buckets.get(i);
    }

    /**
     * True when the width asked for would need more than {@link #MAX_BUCKETS} buckets over the range: the bucket
     * counters were dropped, everything else is complete.
     */
    public boolean bucketsOverflowed() {
        return buckets.overflowed();
    }

    /** Buckets of width {@code size} the records from {@code firstLsn} to {@code lastLsn} fall in. */
    public static long bucketsNeeded(long firstLsn, long lastLsn, long size) {
        return LsnBuckets.count(firstLsn, lastLsn, size);
    }

    /** A bucket width at which records from {@code firstLsn} to {@code lastLsn} fit in {@link #MAX_BUCKETS}. */
    public static long minimumBucketSize(long firstLsn, long lastLsn) {
        return LsnBuckets.minimumSize(firstLsn, lastLsn);
    }

    /** Start LSN of the last record, or -1 when none was read. */
    public long lastRecordLsn() {
        return layout.lastLsn();
    }
}
