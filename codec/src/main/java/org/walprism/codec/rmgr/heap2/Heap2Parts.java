package org.walprism.codec.rmgr.heap2;

/**
 * Where the payload bytes of one Heap2 record go: every byte of main data plus block data is attributed to
 * exactly one part, so {@link #total()} equals {@code mainData.length + block 0 data length}.
 *
 * <p>Attribution rules (the same for every version, so versions compare side by side):
 * <ul>
 *   <li>{@code header}: the fixed main-data struct: counts, horizons and flags stored there
 *       ({@code xl_heap_prune}, {@code xl_heap_vacuum}, {@code xl_heap_freeze_page}, ...); in 17+ the
 *       {@code reason}/{@code flags} bytes and the optional unaligned conflict horizon.</li>
 *   <li>{@code redirected}, {@code dead}, {@code unused}: the offset arrays; in 17+ each also carries its
 *       2-byte {@code xlhp_prune_items.ntargets} count, which exists only because the sub-record does.</li>
 *   <li>{@code freezePlans}: {@code xl_heap_freeze_plan}/{@code xlhp_freeze_plan} entries (12 bytes each);
 *       in 17+ plus the 4-byte {@code xlhp_freeze_plans} header (nplans and 2 pad bytes).</li>
 *   <li>{@code freezeOffsets}: the offsets the plans apply to (16+).</li>
 *   <li>{@code freezeTuples}: 13-15 per-tuple {@code xl_heap_freeze_tuple} entries (12 bytes each).</li>
 *   <li>{@code visibility}: the {@code xl_heap_visible} main data (13-18). In 19+ the VM bits live inside the
 *       prune record's 2-byte flags (counted in {@code header}) and the VM page is block 1 without data, so
 *       this part is 0 there; the block header itself is record overhead outside this accounting.</li>
 *   <li>{@code other}: variable data the codec carries opaquely (MULTI_INSERT offsets and tuples, REWRITE
 *       mappings).</li>
 * </ul>
 */
public record Heap2Parts(int header, int redirected, int dead, int unused, int freezePlans, int freezeOffsets,
                         int freezeTuples, int visibility, int other) {

    /** Only a fixed header (LOCK_UPDATED, NEW_CID, CLEANUP_INFO). */
    public static Heap2Parts headerOnly(int header) {
        return new Heap2Parts(header, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** Sum of all parts: main data plus block data length. */
    public int total() {
        return header + redirected + dead + unused + freezePlans + freezeOffsets + freezeTuples + visibility + other;
    }

    /** Bytes that describe pruning (redirected + dead + unused). */
    public int prune() {
        return redirected + dead + unused;
    }

    /** Bytes that describe freezing (plans + their offsets + per-tuple entries). */
    public int freeze() {
        return freezePlans + freezeOffsets + freezeTuples;
    }
}
