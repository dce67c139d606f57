package org.walprism.analyzer.categories;

import org.walprism.analyzer.RecordNames;
import org.walprism.codec.WalVersion;

/**
 * The parts every byte of a record is attributed to: record framing (header, block-reference headers, image
 * headers, the special block-id headers), full-page-image bytes, the pieces of heap2 vacuum records (prune,
 * freeze, vm, shared overhead of combined records) and, for every other payload, one part per resource manager.
 *
 * <p>Parts are small ints so the hot loop indexes plain arrays. Fixed parts come first; the payload of resource
 * manager {@code rmid} is part {@code PAYLOAD_BASE + rmid}. Lengths follow DecodeXLogRecord
 * (access/transam/xlogreader.c) and XLogRecordAssemble (xloginsert.c): the parts of one record add up to
 * {@code xl_tot_len}.
 */
public final class Parts {
    /** {@code XLogRecord}: 24 bytes. */
    public static final int RECORD_HEADER = 0;
    /** {@code XLogRecordBlockHeader} (4) + RelFileLocator (12, unless SAME_REL) + BlockNumber (4). */
    public static final int BLOCK_HEADERS = 1;
    /** {@code XLogRecordBlockImageHeader} (5) + {@code XLogRecordBlockCompressHeader} (2, compressed with hole). */
    public static final int IMAGE_HEADERS = 2;
    /** Stored full-page-image bytes ({@code bimg_len}). */
    public static final int FPI = 3;
    /** Block id 253 + RepOriginId: 3 bytes. */
    public static final int ORIGIN_HEADER = 4;
    /** Block id 252 + top-level TransactionId: 5 bytes (14+). */
    public static final int TOPLEVEL_XID_HEADER = 5;
    /** Block id 255 + uint8 length (2 bytes) or 254 + uint32 length (5 bytes). */
    public static final int MAIN_DATA_HEADER = 6;
    /** Redirected (from, to) offset pairs. */
    public static final int PRUNE_REDIRECTED = 7;
    /** Now-dead offsets. */
    public static final int PRUNE_DEAD = 8;
    /** Now-unused offsets. */
    public static final int PRUNE_UNUSED = 9;
    /** nredirected / ndead / nunused count fields. */
    public static final int PRUNE_COUNTS = 10;
    /** latestRemovedXid / horizon and isCatalogRel of stand-alone prune records (13-16), CLEANUP_INFO. */
    public static final int PRUNE_HEADER = 11;
    /** Per-tuple freeze entries ({@code xl_heap_freeze_tuple}, 13-15). */
    public static final int FREEZE_TUPLES = 12;
    /** Deduplicated freeze plans (16+). */
    public static final int FREEZE_PLANS = 13;
    /** Offsets of frozen tuples, grouped by plan (16+). */
    public static final int FREEZE_OFFSETS = 14;
    /** ntuples / nplans fields (and the 2 pad bytes after nplans in 17+). */
    public static final int FREEZE_COUNTS = 15;
    /** cutoff xid / horizon and isCatalogRel of FREEZE_PAGE. */
    public static final int FREEZE_HEADER = 16;
    /** {@code xl_heap_visible} main data of VISIBLE (13-18). */
    public static final int VM_VISIBLE = 17;
    /** The high byte of the 19+ prune flags (XLHP_VM_ALL_VISIBLE / ALL_FROZEN). */
    public static final int VM_FLAGS = 18;
    /**
     * Block-reference header of the VM page: in a 19+ prune record, and in heap DML that clears VM bits (19, and
     * back-patched minors such as 18.6; counted in {@link Category#VM}).
     */
    public static final int VM_BLOCK = 19;
    /** {@code reason} byte of 17/18 prune records. */
    public static final int SHARED_REASON = 20;
    /** {@code flags} of 17+ prune records (the low byte in 19+). */
    public static final int SHARED_FLAGS = 21;
    /** Snapshot conflict horizon of 17+ prune records. */
    public static final int SHARED_HORIZON = 22;
    /** First payload part: {@code PAYLOAD_BASE + rmid}. */
    public static final int PAYLOAD_BASE = 23;
    /** Number of parts. */
    public static final int COUNT = PAYLOAD_BASE + 256;

    private static final String[] FIXED = {
        "record_header", "block_headers", "image_headers", "fpi_images", "origin_header", "toplevel_xid_header",
        "main_data_header", "prune.redirected", "prune.dead", "prune.unused", "prune.counts", "prune.header",
        "freeze.tuples", "freeze.plans", "freeze.offsets", "freeze.counts", "freeze.header", "vm.visible",
        "vm.flags", "vm.block", "shared.reason", "shared.flags", "shared.horizon"};

    private Parts() {
    }

    /** Key of a part: {@code prune.dead}, {@code payload.Transaction}. */
    public static String name(WalVersion version, int part) {
        if (part < PAYLOAD_BASE) {
            return FIXED[part];
        }
        return "payload." + RecordNames.rmgrName(version, part - PAYLOAD_BASE);
    }

    /** Group of a part: header, fpi, prune, freeze, vm, shared or payload. */
    public static String group(int part) {
        if (part == FPI) {
            return "fpi";
        }
        if (part < PRUNE_REDIRECTED) {
            return "header";
        }
        if (part <= PRUNE_HEADER) {
            return "prune";
        }
        if (part <= FREEZE_HEADER) {
            return "freeze";
        }
        if (part <= VM_BLOCK) {
            return "vm";
        }
        if (part <= SHARED_HORIZON) {
            return "shared";
        }
        return "payload";
    }
}
