package org.walprism.analyzer.categories;

import io.netty.buffer.ByteBuf;
import org.walprism.codec.WalVersion;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.record.RecordView;

/**
 * Splits the payload (block data and main data) of Heap2 records into prune, freeze, vm and shared parts, and
 * says what each record did. The one pluggable place that knows the heap2 byte layouts (spec section 5).
 *
 * <p>Layout families, chosen by one switch over {@link WalVersion}:
 * <ul>
 * <li>PG13: {@code CLEAN => latestRemovedXid: u32, nredirected: u16, ndead: u16}, block 0 data
 *     {@code redirected[2n], dead[n], unused[..]}; {@code FREEZE_PAGE => cutoff_xid: u32, ntuples: u16}, block 0
 *     data {@code xl_heap_freeze_tuple[ntuples]} (12 bytes); {@code CLEANUP_INFO} (16 bytes);
 *     {@code VISIBLE => cutoff_xid: u32, flags: u8}</li>
 * <li>PG14 (14, 15): PRUNE as CLEAN; {@code VACUUM => nunused: u16}, block 0 data {@code unused[nunused]};
 *     FREEZE_PAGE as 13 at 0x30</li>
 * <li>PG16: {@code PRUNE => horizon: u32, nredirected: u16, ndead: u16, isCatalogRel: u8};
 *     {@code FREEZE_PAGE => horizon: u32, nplans: u16, isCatalogRel: u8}, block 0 data
 *     {@code plans[nplans] (12 bytes), offsets[sum ntuples]}</li>
 * <li>PG17 (17, 18): {@code xl_heap_prune => reason: u8, flags: u8, [horizon: u32]}, block 0 data
 *     {@code [nplans: u16, pad: u16, plans[]] [n, redirected[2n]] [n, dead[n]] [n, unused[n]] [frz_offsets[]]}</li>
 * <li>PG19 (19, master): {@code xl_heap_prune => flags: u16, [horizon: u32]}; VM bits in the flags' high byte,
 *     the VM page as block 1</li>
 * </ul>
 * A payload that does not match its layout is attributed whole to {@code payload.Heap2} and reported through
 * {@link RecordParts#markUnparsed()}. Mirrors src/include/access/heapam_xlog.h of each version.
 */
public final class Heap2Attribution {

    /** The layout families of heap2 vacuum records. */
    enum Layout { PG13, PG14, PG16, PG17, PG19 }

    static Layout layout(WalVersion v) {
        return switch (v) {
            case PG13 -> Layout.PG13;
            case PG14, PG15 -> Layout.PG14;
            case PG16 -> Layout.PG16;
            case PG17, PG18 -> Layout.PG17;
            case PG19, MASTER -> Layout.PG19;
        };
    }

    private static final int PAYLOAD = Parts.PAYLOAD_BASE + 9;

    private static final int XLHP_HAS_CONFLICT_HORIZON = 0x08;
    private static final int XLHP_HAS_FREEZE_PLANS = 0x10;
    private static final int XLHP_HAS_REDIRECTIONS = 0x20;
    private static final int XLHP_HAS_DEAD_ITEMS = 0x40;
    private static final int XLHP_HAS_NOW_UNUSED_ITEMS = 0x80;
    private static final int XLHP_VM_ALL_VISIBLE = 0x0100;
    private static final int[] ITEM_FLAGS = {XLHP_HAS_REDIRECTIONS, XLHP_HAS_DEAD_ITEMS, XLHP_HAS_NOW_UNUSED_ITEMS};
    private static final int PRUNE_ITEMS = XLHP_HAS_REDIRECTIONS | XLHP_HAS_DEAD_ITEMS | XLHP_HAS_NOW_UNUSED_ITEMS;

    /** Whether the last record attributed set VM bits (VISIBLE, or a 19+ prune record with VM flags). */
    private boolean setsVm;

    public boolean lastSetVm() {
        return setsVm;
    }

    /**
     * Attributes the payload of the Heap2 record {@code v} (block data and main data, not the framing) to
     * {@code out} and returns its category.
     */
    public Category attribute(RecordView v, RecordParts out) {
        setsVm = false;
        int code = v.info() & 0x70;
        Layout layout = layout(v.version());
        int b0 = blockIndex(v, 0);
        int otherData = 0;
        for (int i = 0; i < v.blockCount(); i++) {
            if (i != b0) {
                otherData += v.blockDataLength(i);
            }
        }
        // Data of blocks other than block 0 is never part of a vacuum record's layout.
        out.add(PAYLOAD, otherData);
        Category c = switch (layout) {
            case PG13 -> switch (code) {
                case 0x10 -> pruneOld(v, b0, out, 8, true);
                case 0x20 -> freezeTuples(v, b0, out);
                case 0x30 -> cleanupInfo(v, b0, out);
                case 0x40 -> visible(v, b0, out);
                default -> null;
            };
            case PG14 -> switch (code) {
                case 0x10 -> pruneOld(v, b0, out, 8, false);
                case 0x20 -> vacuum(v, b0, out);
                case 0x30 -> freezeTuples(v, b0, out);
                case 0x40 -> visible(v, b0, out);
                default -> null;
            };
            case PG16 -> switch (code) {
                case 0x10 -> pruneOld(v, b0, out, 9, false);
                case 0x20 -> vacuum(v, b0, out);
                case 0x30 -> freezePlans(v, b0, out);
                case 0x40 -> visible(v, b0, out);
                default -> null;
            };
            case PG17 -> switch (code) {
                case 0x10, 0x20, 0x30 -> prune17(v, b0, out, false);
                case 0x40 -> visible(v, b0, out);
                default -> null;
            };
            case PG19 -> switch (code) {
                case 0x10, 0x20, 0x30 -> prune17(v, b0, out, true);
                default -> null;
            };
        };
        if (c == null) {
            out.add(PAYLOAD, dataLength(v, b0) + v.mainDataLength());
            return Category.OTHER;
        }
        return c;
    }

    private static int blockIndex(RecordView v, int id) {
        for (int i = 0; i < v.blockCount(); i++) {
            if (v.blockId(i) == id) {
                return i;
            }
        }
        return -1;
    }

    private static int dataLength(RecordView v, int b) {
        return b < 0 ? 0 : v.blockDataLength(b);
    }

    private Category unparsed(RecordView v, int b0, RecordParts out, Category c) {
        out.add(PAYLOAD, dataLength(v, b0) + v.mainDataLength());
        out.markUnparsed();
        return c;
    }

    /** CLEAN (13) / PRUNE (14-16): main data of {@code mainSize}, block 0 data = redirected, dead, unused. */
    private Category pruneOld(RecordView v, int b0, RecordParts out, int mainSize, boolean pg13) {
        if (v.mainDataLength() != mainSize) {
            return unparsed(v, b0, out, Category.PRUNE_ONLY);
        }
        ByteBuf buf = v.buffer();
        int m = v.mainDataIndex();
        int nred = buf.getUnsignedShortLE(m + 4);
        int ndead = buf.getUnsignedShortLE(m + 6);
        int dl = dataLength(v, b0);
        int items = 4 * nred + 2 * ndead;
        if (dl > 0 && (dl % 2 != 0 || items > dl)) {
            return unparsed(v, b0, out, Category.PRUNE_ONLY);
        }
        out.add(Parts.PRUNE_HEADER, mainSize - 4);
        out.add(Parts.PRUNE_COUNTS, 4);
        if (dl > 0) {
            out.add(Parts.PRUNE_REDIRECTED, 4 * nred);
            out.add(Parts.PRUNE_DEAD, 2 * ndead);
            out.add(Parts.PRUNE_UNUSED, dl - items);
        }
        // 13's second heap pass writes CLEAN with only unused items; 14+ has VACUUM for it.
        if (pg13 && nred == 0 && ndead == 0) {
            return Category.CLEANUP;
        }
        return Category.PRUNE_ONLY;
    }

    /** VACUUM (14-16): {@code nunused: u16}, block 0 data = unused offsets. */
    private Category vacuum(RecordView v, int b0, RecordParts out) {
        int dl = dataLength(v, b0);
        if (v.mainDataLength() != 2 || dl % 2 != 0) {
            return unparsed(v, b0, out, Category.CLEANUP);
        }
        out.add(Parts.PRUNE_COUNTS, 2);
        out.add(Parts.PRUNE_UNUSED, dl);
        return Category.CLEANUP;
    }

    /** FREEZE_PAGE (13-15): {@code cutoff_xid: u32, ntuples: u16}, block 0 data = 12-byte tuples. */
    private Category freezeTuples(RecordView v, int b0, RecordParts out) {
        if (v.mainDataLength() != 6) {
            return unparsed(v, b0, out, Category.FREEZE_ONLY);
        }
        int ntuples = v.buffer().getUnsignedShortLE(v.mainDataIndex() + 4);
        int dl = dataLength(v, b0);
        if (dl > 0 && dl != 12 * ntuples) {
            return unparsed(v, b0, out, Category.FREEZE_ONLY);
        }
        out.add(Parts.FREEZE_HEADER, 4);
        out.add(Parts.FREEZE_COUNTS, 2);
        out.add(Parts.FREEZE_TUPLES, dl);
        return Category.FREEZE_ONLY;
    }

    /** FREEZE_PAGE (16): {@code horizon: u32, nplans: u16, isCatalogRel: u8}, block 0 data = plans, offsets. */
    private Category freezePlans(RecordView v, int b0, RecordParts out) {
        if (v.mainDataLength() != 7) {
            return unparsed(v, b0, out, Category.FREEZE_ONLY);
        }
        int nplans = v.buffer().getUnsignedShortLE(v.mainDataIndex() + 4);
        int dl = dataLength(v, b0);
        if (dl > 0) {
            long offsets = planTuples(v.buffer(), v.blockDataIndex(b0), nplans, dl);
            if (offsets < 0 || 12L * nplans + 2 * offsets != dl) {
                return unparsed(v, b0, out, Category.FREEZE_ONLY);
            }
            out.add(Parts.FREEZE_PLANS, 12 * nplans);
            out.add(Parts.FREEZE_OFFSETS, (int) (2 * offsets));
        }
        out.add(Parts.FREEZE_HEADER, 5);
        out.add(Parts.FREEZE_COUNTS, 2);
        return Category.FREEZE_ONLY;
    }

    /** Sum of {@code ntuples} of {@code nplans} 12-byte plans at {@code index}, -1 if they exceed {@code len}. */
    private static long planTuples(ByteBuf buf, int index, int nplans, int len) {
        if (12L * nplans > len) {
            return -1;
        }
        long sum = 0;
        for (int p = 0; p < nplans; p++) {
            sum += buf.getUnsignedShortLE(index + 12 * p + 10);
        }
        return sum;
    }

    /** CLEANUP_INFO (13): 16 bytes of RelFileNode and latestRemovedXid, no blocks. */
    private Category cleanupInfo(RecordView v, int b0, RecordParts out) {
        if (v.mainDataLength() != 16 || dataLength(v, b0) != 0) {
            return unparsed(v, b0, out, Category.CLEANUP);
        }
        out.add(Parts.PRUNE_HEADER, 16);
        return Category.CLEANUP;
    }

    /** VISIBLE (13-18): {@code cutoff_xid: u32, flags: u8}; block 0 the VM page, block 1 the heap page. */
    private Category visible(RecordView v, int b0, RecordParts out) {
        if (v.mainDataLength() != 5 || dataLength(v, b0) != 0) {
            return unparsed(v, b0, out, Category.VM);
        }
        out.add(Parts.VM_VISIBLE, 5);
        setsVm = true;
        return Category.VM;
    }

    /** PRUNE_ON_ACCESS / PRUNE_VACUUM_SCAN / PRUNE_VACUUM_CLEANUP (17+). */
    private Category prune17(RecordView v, int b0, RecordParts out, boolean pg19) {
        int ml = v.mainDataLength();
        if (ml < 2) {
            return unparsed(v, b0, out, Category.OTHER);
        }
        ByteBuf buf = v.buffer();
        int m = v.mainDataIndex();
        int flags = pg19 ? buf.getUnsignedShortLE(m) : buf.getUnsignedByte(m + 1);
        boolean horizon = (flags & XLHP_HAS_CONFLICT_HORIZON) != 0;
        int code = v.info() & 0x70;
        Category c = code == 0x10 ? Category.ON_ACCESS_PRUNE : code == 0x30 ? Category.CLEANUP
                : scanCategory(flags, pg19);
        if (ml != (horizon ? 6 : 2)) {
            return unparsed(v, b0, out, c);
        }
        int dl = dataLength(v, b0);
        if (dl > 0) {
            if (!pruneData(buf, v.blockDataIndex(b0), dl, flags, out)) {
                return unparsed(v, b0, out, c);
            }
        }
        if (pg19) {
            out.add(Parts.SHARED_FLAGS, 1);
            out.add(Parts.VM_FLAGS, 1);
            if ((flags & XLHP_VM_ALL_VISIBLE) != 0) {
                setsVm = true;
                for (int i = 0; i < v.blockCount(); i++) {
                    if ((v.forkFlags(i) & BlockRef.FORK_MASK) == 2) {
                        int hdr = 8 + ((v.forkFlags(i) & BlockRef.SAME_REL) != 0 ? 0 : 12);
                        out.move(Parts.BLOCK_HEADERS, Parts.VM_BLOCK, hdr);
                    }
                }
            }
        } else {
            out.add(Parts.SHARED_REASON, 1);
            out.add(Parts.SHARED_FLAGS, 1);
        }
        out.add(Parts.SHARED_HORIZON, horizon ? 4 : 0);
        return c;
    }

    private static Category scanCategory(int flags, boolean pg19) {
        boolean freeze = (flags & XLHP_HAS_FREEZE_PLANS) != 0;
        boolean prune = (flags & PRUNE_ITEMS) != 0;
        if (freeze && prune) {
            return Category.PRUNE_FREEZE;
        }
        if (freeze) {
            return Category.FREEZE_ONLY;
        }
        if (prune) {
            return Category.PRUNE_ONLY;
        }
        if (pg19 && (flags & XLHP_VM_ALL_VISIBLE) != 0) {
            return Category.VM;
        }
        return Category.OTHER;
    }

    /** Attributes the 17+ sub-records of block 0 data; false when they do not add up to {@code len}. */
    private static boolean pruneData(ByteBuf buf, int index, int len, int flags, RecordParts out) {
        int pos = 0;
        long frzOffsets = 0;
        int nplans = 0;
        if ((flags & XLHP_HAS_FREEZE_PLANS) != 0) {
            if (len < 4) {
                return false;
            }
            nplans = buf.getUnsignedShortLE(index);
            frzOffsets = planTuples(buf, index + 4, nplans, len - 4);
            if (frzOffsets < 0) {
                return false;
            }
            pos = 4 + 12 * nplans;
        }
        int red = 0;
        int dead = 0;
        int unused = 0;
        int counts = 0;
        for (int k = 0; k < 3; k++) {
            if ((flags & ITEM_FLAGS[k]) == 0) {
                continue;
            }
            if (pos + 2 > len) {
                return false;
            }
            int n = buf.getUnsignedShortLE(index + pos);
            int bytes = (k == 0 ? 4 : 2) * n;
            pos += 2 + bytes;
            counts += 2;
            if (pos > len) {
                return false;
            }
            if (k == 0) {
                red = bytes;
            } else if (k == 1) {
                dead = bytes;
            } else {
                unused = bytes;
            }
        }
        if (pos + 2 * frzOffsets != len) {
            return false;
        }
        if ((flags & XLHP_HAS_FREEZE_PLANS) != 0) {
            out.add(Parts.FREEZE_COUNTS, 4);
            out.add(Parts.FREEZE_PLANS, 12 * nplans);
            out.add(Parts.FREEZE_OFFSETS, (int) (2 * frzOffsets));
        }
        out.add(Parts.PRUNE_COUNTS, counts);
        out.add(Parts.PRUNE_REDIRECTED, red);
        out.add(Parts.PRUNE_DEAD, dead);
        out.add(Parts.PRUNE_UNUSED, unused);
        return true;
    }
}
