package org.walprism.analyzer.desc;

import org.walprism.analyzer.desc.Heap2Describer.Style;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.rmgr.heap2.MultiInsert;
import org.walprism.codec.rmgr.heap2.PruneFreeze;

/**
 * The hot path of {@link Heap2Describer}: the same text, printed straight from the record's bytes without
 * decoding typed records (no allocation). It accepts exactly the bytes {@link
 * org.walprism.codec.rmgr.heap2.Heap2Codec} accepts for the common records, every length and count checked
 * as the codec checks it; for anything else (a malformed payload, REWRITE) it prints nothing and returns
 * false, and the describer takes the typed path, which prints the same text or throws the codec's error.
 *
 * <p>Layouts: see the codec's {@code HeapPrune}, {@code HeapVacuum}, {@code FreezePage}, {@code PruneFreeze},
 * {@code Visible}, {@code MultiInsert}, {@code LockUpdated}, {@code NewCid} and {@code CleanupInfo} (byte maps
 * in their Javadoc); texts: heap2_desc in src/backend/access/rmgrdesc/heapdesc.c.
 */
final class Heap2RawDescriber {
    private Heap2RawDescriber() {
    }

    private static final int PLAN_SIZE = 12;

    /** Appends the desc text of a well-formed record and returns true; returns false otherwise. */
    static boolean describe(Heap2Type type, Style style, int info, DescData m, DescData b, TextBuffer sb) {
        return switch (type) {
            case CLEAN, PRUNE -> prune(type, style, m, b, sb);
            case VACUUM -> vacuum(style, m, b, sb);
            case FREEZE_PAGE -> style == Style.OLD ? freezeOld(m, b, sb) : freeze16(m, b, sb);
            case CLEANUP_INFO -> cleanupInfo(m, b, sb);
            case VISIBLE -> visible(style, m, b, sb);
            case PRUNE_ON_ACCESS, PRUNE_VACUUM_SCAN, PRUNE_VACUUM_CLEANUP -> pruneFreeze(style, m, b, sb);
            case MULTI_INSERT -> multiInsert(style, info, m, b, sb);
            case LOCK_UPDATED -> lockUpdated(style, m, b, sb);
            case NEW_CID -> newCid(style, m, b, sb);
            case REWRITE -> false;
        };
    }

    /** CLEAN (13) and PRUNE (14-16): {@code xl_heap_prune} counts, block 0 offsets (16 prints them). */
    private static boolean prune(Heap2Type type, Style style, DescData m, DescData b, TextBuffer sb) {
        boolean pg16 = style == Style.PG16;
        if (m.length() != (pg16 ? 9 : 8)) {
            return false;
        }
        long horizon = m.u32(0, "snapshotConflictHorizon");
        int nredirected = m.u16(4, "nredirected");
        int ndead = m.u16(6, "ndead");
        if (pg16 && m.u8(8, "isCatalogRel") > 1) {
            return false;
        }
        int bl = b.length();
        int nunused = 0;
        if (bl > 0) {
            int rest = bl - 4 * nredirected - 2 * ndead;
            if (rest < 0 || (rest & 1) != 0) {
                return false;
            }
            nunused = rest / 2;
        }
        if (!pg16) {
            if (type == Heap2Type.CLEAN) {
                sb.append("remxid ").append(horizon);
            } else {
                sb.append("latestRemovedXid ").append(horizon).append(" nredirected ").append(nredirected)
                        .append(" ndead ").append(ndead);
            }
            return true;
        }
        sb.append("snapshotConflictHorizon: ").append(horizon).append(", nredirected: ").append(nredirected)
                .append(", ndead: ").append(ndead);
        if (bl > 0) {
            sb.append(", nunused: ").append(nunused).append(", redirected:");
            redirects(sb, b, 0, nredirected);
            sb.append(", dead:");
            offsets(sb, b, 4 * nredirected, ndead);
            sb.append(", unused:");
            offsets(sb, b, 4 * nredirected + 2 * ndead, nunused);
        }
        return true;
    }

    /** VACUUM (14-16): {@code nunused}, block 0 {@code nowunused[nunused]}. */
    private static boolean vacuum(Style style, DescData m, DescData b, TextBuffer sb) {
        if (m.length() != 2) {
            return false;
        }
        int nunused = m.u16(0, "nunused");
        int bl = b.length();
        if (bl > 0 && (nunused == 0 || bl != 2 * nunused)) {
            return false;
        }
        if (style == Style.OLD) {
            sb.append("nunused ").append(nunused);
        } else {
            sb.append("nunused: ").append(nunused);
            if (bl > 0) {
                sb.append(", unused:");
                offsets(sb, b, 0, nunused);
            }
        }
        return true;
    }

    /** FREEZE_PAGE 13-15: {@code cutoff_xid, ntuples}, block 0 {@code xl_heap_freeze_tuple[ntuples]}. */
    private static boolean freezeOld(DescData m, DescData b, TextBuffer sb) {
        if (m.length() != 6) {
            return false;
        }
        long cutoff = m.u32(0, "cutoff_xid");
        int ntuples = m.u16(4, "ntuples");
        int bl = b.length();
        if (bl > 0 && (ntuples == 0 || bl != 12 * ntuples)) {
            return false;
        }
        sb.append("cutoff xid ").append(cutoff).append(" ntuples ").append(ntuples);
        return true;
    }

    /** FREEZE_PAGE 16: {@code snapshotConflictHorizon, nplans, isCatalogRel}, block 0 plans then offsets. */
    private static boolean freeze16(DescData m, DescData b, TextBuffer sb) {
        if (m.length() != 7) {
            return false;
        }
        long horizon = m.u32(0, "snapshotConflictHorizon");
        int nplans = m.u16(4, "nplans");
        if (m.u8(6, "isCatalogRel") > 1) {
            return false;
        }
        int bl = b.length();
        if (bl > 0) {
            if (nplans == 0 || (long) PLAN_SIZE * nplans > bl) {
                return false;
            }
            if (bl - PLAN_SIZE * nplans != 2L * totalTuples(b, 0, nplans)) {
                return false;
            }
        }
        sb.append("snapshotConflictHorizon: ").append(horizon).append(", nplans: ").append(nplans);
        if (bl > 0) {
            sb.append(", plans:");
            plans(sb, b, 0, nplans, PLAN_SIZE * nplans);
        }
        return true;
    }

    /** CLEANUP_INFO (13): {@code node, latestRemovedXid}; no block data. */
    private static boolean cleanupInfo(DescData m, DescData b, TextBuffer sb) {
        if (m.length() != 16 || b.length() != 0) {
            return false;
        }
        sb.append("remxid ").append(m.u32(12, "latestRemovedXid"));
        return true;
    }

    /** VISIBLE (13-18): {@code cutoff_xid, flags}; no block data. */
    private static boolean visible(Style style, DescData m, DescData b, TextBuffer sb) {
        if (m.length() != 5 || b.length() != 0) {
            return false;
        }
        long horizon = m.u32(0, "snapshotConflictHorizon");
        int flags = m.u8(4, "flags");
        if (style == Style.OLD) {
            sb.append("cutoff xid ").append(horizon).append(" flags 0x").appendHex(flags, 2);
        } else {
            sb.append("snapshotConflictHorizon: ").append(horizon).append(", flags: 0x").appendHex(flags, 2);
        }
        return true;
    }

    /** PRUNE_ON_ACCESS / PRUNE_VACUUM_SCAN / PRUNE_VACUUM_CLEANUP (17+): flags, horizon, block 0 sub-records. */
    private static boolean pruneFreeze(Style style, DescData m, DescData b, TextBuffer sb) {
        boolean pg19 = style == Style.PG19;
        int ml = m.length();
        if (ml < 2) {
            return false;
        }
        int flags = pg19 ? m.u16(0, "flags") : m.u8(1, "flags");
        boolean hasHorizon = (flags & PruneFreeze.HAS_CONFLICT_HORIZON) != 0;
        if (ml != (hasHorizon ? 6 : 2)) {
            return false;
        }
        int bl = b.length();
        int nplans = 0;
        int plansAt = 0;
        int nredirected = 0;
        int redirectedAt = 0;
        int ndead = 0;
        int deadAt = 0;
        int nunused = 0;
        int unusedAt = 0;
        int offsetsAt = 0;
        if (bl > 0) {
            if ((flags & PruneFreeze.HAS_ANY_SUBRECORD) == 0) {
                return false;
            }
            int pos = 0;
            if ((flags & PruneFreeze.HAS_FREEZE_PLANS) != 0) {
                if (bl - pos < 4) {
                    return false;
                }
                nplans = b.u16(pos, "nplans");
                pos += 4;
                if ((long) PLAN_SIZE * nplans > bl - pos) {
                    return false;
                }
                plansAt = pos;
                pos += PLAN_SIZE * nplans;
            }
            if ((flags & PruneFreeze.HAS_REDIRECTIONS) != 0) {
                if (bl - pos < 2) {
                    return false;
                }
                nredirected = b.u16(pos, "ntargets");
                pos += 2;
                redirectedAt = pos;
                pos += 4 * nredirected;
            }
            if (pos > bl) {
                return false;
            }
            if ((flags & PruneFreeze.HAS_DEAD_ITEMS) != 0) {
                if (bl - pos < 2) {
                    return false;
                }
                ndead = b.u16(pos, "ntargets");
                pos += 2;
                deadAt = pos;
                pos += 2 * ndead;
            }
            if (pos > bl) {
                return false;
            }
            if ((flags & PruneFreeze.HAS_NOW_UNUSED_ITEMS) != 0) {
                if (bl - pos < 2) {
                    return false;
                }
                nunused = b.u16(pos, "ntargets");
                pos += 2;
                unusedAt = pos;
                pos += 2 * nunused;
            }
            if (pos > bl || bl - pos != 2L * totalTuples(b, plansAt, nplans)) {
                return false;
            }
            offsetsAt = pos;
        }
        if (hasHorizon) {
            sb.append("snapshotConflictHorizon: ").append(m.u32(2, "snapshotConflictHorizon"));
        }
        sb.append(", isCatalogRel: ").append((flags & PruneFreeze.IS_CATALOG_REL) != 0 ? 'T' : 'F');
        if (pg19 && (flags & PruneFreeze.VM_ALL_VISIBLE) != 0) {
            int vm = 0x01 | ((flags & PruneFreeze.VM_ALL_FROZEN) != 0 ? 0x02 : 0);
            sb.append(", vm_flags: 0x").appendHex(vm, 2);
        }
        if (bl == 0) {
            return true;
        }
        sb.append(", nplans: ").append(nplans).append(", nredirected: ").append(nredirected)
                .append(", ndead: ").append(ndead).append(", nunused: ").append(nunused);
        if (nplans > 0) {
            sb.append(", plans:");
            plans(sb, b, plansAt, nplans, offsetsAt);
        }
        if (nredirected > 0) {
            sb.append(", redirected:");
            redirects(sb, b, redirectedAt, nredirected);
        }
        if (ndead > 0) {
            sb.append(", dead:");
            offsets(sb, b, deadAt, ndead);
        }
        if (nunused > 0) {
            sb.append(", unused:");
            offsets(sb, b, unusedAt, nunused);
        }
        return true;
    }

    /** MULTI_INSERT: {@code flags, pad, ntuples, [offsets[ntuples] unless INIT_PAGE]}; block 0 tuples (opaque). */
    /**
     * Whether a MULTI_INSERT, LOCK_UPDATED or NEW_CID payload has the lengths the codec accepts: the test
     * {@link #describe} makes before printing one of them, and the one {@link RecordCheck} makes (one rule, so
     * that what {@code dump} rejects every command rejects).
     */
    static boolean wellFormed(Heap2Type type, int info, DescData m, DescData b) {
        return switch (type) {
            case MULTI_INSERT -> m.length() >= 4
                    && m.length() == 4 + ((info & Heap2Type.INIT_PAGE) != 0 ? 0 : 2 * m.u16(2, "ntuples"));
            case LOCK_UPDATED -> m.length() == 8 && b.length() == 0;
            case NEW_CID -> m.length() == 34 && b.length() == 0;
            default -> throw new IllegalArgumentException("no length rule for " + type);
        };
    }

    private static boolean multiInsert(Style style, int info, DescData m, DescData b, TextBuffer sb) {
        if (!wellFormed(Heap2Type.MULTI_INSERT, info, m, b)) {
            return false;
        }
        boolean init = (info & Heap2Type.INIT_PAGE) != 0;
        int flags = m.u8(0, "flags");
        int ntuples = m.u16(2, "ntuples");
        if (style == Style.OLD) {
            sb.append(ntuples).append(" tuples flags 0x").appendHex(flags, 2);
            return true;
        }
        sb.append("ntuples: ").append(ntuples).append(", flags: 0x").appendHex(flags, 2);
        if (style == Style.PG19 && (flags & MultiInsert.ALL_FROZEN_SET) != 0) {
            sb.append(", vm_flags: 0x").appendHex(0x03, 2);
        }
        if (b.length() > 0 && !init) {
            sb.append(", offsets:");
            offsets(sb, m, 4, ntuples);
        }
        return true;
    }

    /** LOCK_UPDATED: {@code xmax, offnum, infobits_set, flags}; no block data. */
    private static boolean lockUpdated(Style style, DescData m, DescData b, TextBuffer sb) {
        if (!wellFormed(Heap2Type.LOCK_UPDATED, 0, m, b)) {
            return false;
        }
        long xmax = m.u32(0, "xmax");
        int offnum = m.u16(4, "offnum");
        int infobits = m.u8(6, "infobits_set");
        int flags = m.u8(7, "flags");
        if (style == Style.OLD) {
            sb.append("off ").append(offnum).append(": xmax ").append(xmax).append(": flags 0x").appendHex(flags, 2)
                    .append(' ');
            for (int bit = 0; bit < INFOBITS.length; bit++) {
                if ((infobits & (1 << bit)) != 0) {
                    sb.append(INFOBITS[bit]).append(' ');
                }
            }
        } else {
            sb.append("xmax: ").append(xmax).append(", off: ").append(offnum).append(", infobits: [");
            boolean first = true;
            for (int bit = 0; bit < INFOBITS.length; bit++) {
                if ((infobits & (1 << bit)) != 0) {
                    if (!first) {
                        sb.append(", ");
                    }
                    first = false;
                    sb.append(INFOBITS[bit]);
                }
            }
            sb.append("], flags: 0x").appendHex(flags, 2);
        }
        return true;
    }

    /** XLHL_* bits 0x01 .. 0x10 ({@code LockUpdated.XMAX_IS_MULTI} .. {@code KEYS_UPDATED}), in bit order. */
    private static final String[] INFOBITS = {"IS_MULTI", "LOCK_ONLY", "EXCL_LOCK", "KEYSHR_LOCK", "KEYS_UPDATED"};

    /** NEW_CID: {@code top_xid, cmin, cmax, combocid, target, target_tid}; no block data. */
    private static boolean newCid(Style style, DescData m, DescData b, TextBuffer sb) {
        if (!wellFormed(Heap2Type.NEW_CID, 0, m, b)) {
            return false;
        }
        boolean old = style == Style.OLD;
        sb.append(old ? "rel " : "rel: ").append(m.u32(16, "spcOid")).append('/').append(m.u32(20, "dbOid"))
                .append('/').append(m.u32(24, "relNumber")).append(old ? "; tid " : ", tid: ")
                .append(((long) m.u16(28, "bi_hi") << 16) | m.u16(30, "bi_lo")).append('/')
                .append(m.u16(32, "ip_posid")).append(old ? "; cmin: " : ", cmin: ").append(m.u32(4, "cmin"))
                .append(", cmax: ").append(m.u32(8, "cmax")).append(", combo: ").append(m.u32(12, "combocid"));
        return true;
    }

    /** Sum of {@code ntuples} of the {@code nplans} plan headers at {@code at}. */
    private static long totalTuples(DescData b, int at, int nplans) {
        long total = 0;
        for (int i = 0; i < nplans; i++) {
            total += b.u16(at + PLAN_SIZE * i + 10, "ntuples");
        }
        return total;
    }

    /** array_desc with offset_elem_desc: {@code " [1, 2]"}. */
    private static void offsets(TextBuffer sb, DescData d, int at, int n) {
        sb.append(" [");
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(d.u16(at + 2 * i, "offsets"));
        }
        sb.append(']');
    }

    /** array_desc with redirect_elem_desc: {@code " [4->38, ...]"} of {@code n} pairs. */
    private static void redirects(TextBuffer sb, DescData d, int at, int n) {
        sb.append(" [");
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(d.u16(at + 4 * i, "redirected")).append("->").append(d.u16(at + 4 * i + 2, "redirected"));
        }
        sb.append(']');
    }

    /** array_desc with plan_elem_desc: plan headers at {@code at}, their offsets grouped from {@code offsetsAt}. */
    private static void plans(TextBuffer sb, DescData d, int at, int nplans, int offsetsAt) {
        sb.append(" [");
        int off = offsetsAt;
        for (int i = 0; i < nplans; i++) {
            int p = at + PLAN_SIZE * i;
            if (i > 0) {
                sb.append(", ");
            }
            int ntuples = d.u16(p + 10, "ntuples");
            sb.append("{ xmax: ").append(d.u32(p, "xmax")).append(", infomask: ").append(d.u16(p + 6, "t_infomask"))
                    .append(", infomask2: ").append(d.u16(p + 4, "t_infomask2")).append(", ntuples: ").append(ntuples)
                    .append(", offsets:");
            offsets(sb, d, off, ntuples);
            off += 2 * ntuples;
            sb.append(" }");
        }
        sb.append(']');
    }
}
