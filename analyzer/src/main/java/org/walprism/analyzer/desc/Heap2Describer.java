package org.walprism.analyzer.desc;

import java.util.List;
import org.walprism.codec.WalVersion;
import org.walprism.codec.rmgr.InvalidPayloadException;
import org.walprism.codec.rmgr.heap2.CleanupInfo;
import org.walprism.codec.rmgr.heap2.FreezePage;
import org.walprism.codec.rmgr.heap2.FreezePlan;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.heap2.Heap2Record;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.rmgr.heap2.HeapPrune;
import org.walprism.codec.rmgr.heap2.HeapVacuum;
import org.walprism.codec.rmgr.heap2.LockUpdated;
import org.walprism.codec.rmgr.heap2.MultiInsert;
import org.walprism.codec.rmgr.heap2.NewCid;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.heap2.PruneFreeze;
import org.walprism.codec.rmgr.heap2.Rewrite;
import org.walprism.codec.rmgr.heap2.Visible;

/**
 * Heap2 desc text exactly as each version's {@code heap2_desc} prints it: 13-15 in the old
 * {@code name value} style, 16 in {@code key: value} style with offset arrays, 17+ for the merged prune
 * record (with isCatalogRel), 19+ with {@code vm_flags}.
 *
 * <p>Mirrors heap2_desc of src/backend/access/rmgrdesc/heapdesc.c and array_desc of rmgrdesc_utils.c,
 * REL_13_STABLE .. master. Well-formed common records print straight from their bytes
 * ({@link Heap2RawDescriber}, no allocation); anything else is decoded into the typed records of
 * {@link Heap2Codec} and printed from them (the same text, or the codec's error).
 */
public final class Heap2Describer implements RmgrDescriber {

    enum Style {
        /** 13-15: {@code remxid %u}, {@code cutoff xid %u ntuples %u}, ... */
        OLD,
        /** 16: {@code key: value} with arrays; isCatalogRel not printed. */
        PG16,
        /** 17, 18: merged prune record with isCatalogRel. */
        PG17,
        /** 19, master: plus vm_flags. */
        PG19
    }

    private static Style style(WalVersion v) {
        return switch (v) {
            case PG13, PG14, PG15 -> Style.OLD;
            case PG16 -> Style.PG16;
            case PG17, PG18 -> Style.PG17;
            case PG19_BETA1, PG19_BETA3, PG19 -> Style.PG19;
        };
    }

    @Override
    public void describe(DescRecord r, TextBuffer sb) {
        Heap2Type type = Heap2Type.of(r.version(), r.info());
        if (type == null) {
            return; // heap2_desc prints nothing for an unknown code
        }
        int start = sb.length();
        if (describeRaw(r, type, sb)) {
            return;
        }
        sb.setLength(start);
        describeTyped(r, type, sb);
    }

    /** The hot path: prints a well-formed common record from its bytes and returns true, else returns false. */
    static boolean describeRaw(DescRecord r, Heap2Type type, TextBuffer sb) {
        return Heap2RawDescriber.describe(type, style(r.version()), r.info(), r.mainData("Heap2 main data"),
                r.blockData(0, "Heap2 block 0 data"), sb);
    }

    /** The typed path: decodes the record with the codec (which may reject it) and prints the typed values. */
    static void describeTyped(DescRecord r, Heap2Type type, TextBuffer sb) {
        byte[] main = r.mainData("Heap2 main data").toByteArray();
        byte[] block0 = r.blockData(0, "Heap2 block 0 data").toByteArray();
        Heap2Record rec;
        try {
            rec = Heap2Codec.decode(r.version(), r.info(), main, block0);
        } catch (InvalidPayloadException e) {
            throw e.at(r.lsn());
        }
        Style style = style(r.version());
        if (style == Style.OLD) {
            describeOld(sb, type, rec);
        } else {
            describeNew(sb, style, rec);
        }
    }

    private static void describeOld(TextBuffer sb, Heap2Type type, Heap2Record rec) {
        if (rec instanceof HeapPrune p) {
            if (type == Heap2Type.CLEAN) {
                sb.append("remxid ").append(p.snapshotConflictHorizon());
            } else {
                sb.append("latestRemovedXid ").append(p.snapshotConflictHorizon())
                        .append(" nredirected ").append(p.nredirected()).append(" ndead ").append(p.ndead());
            }
        } else if (rec instanceof CleanupInfo c) {
            sb.append("remxid ").append(c.latestRemovedXid());
        } else if (rec instanceof HeapVacuum v) {
            sb.append("nunused ").append(v.nunused());
        } else if (rec instanceof FreezePage f) {
            sb.append("cutoff xid ").append(f.snapshotConflictHorizon()).append(" ntuples ").append(f.nfrozen());
        } else if (rec instanceof Visible v) {
            sb.append("cutoff xid ").append(v.snapshotConflictHorizon()).append(" flags 0x").append(hex2(v.flags()));
        } else if (rec instanceof MultiInsert m) {
            sb.append(m.ntuples()).append(" tuples flags 0x").append(hex2(m.flags()));
        } else if (rec instanceof LockUpdated l) {
            sb.append("off ").append(l.offnum()).append(": xmax ").append(l.xmax()).append(": flags 0x")
                    .append(hex2(l.flags())).append(' ');
            for (String w : infobitWords(l.infobitsSet())) {
                sb.append(w).append(' ');
            }
        } else if (rec instanceof NewCid c) {
            sb.append("rel ").append(c.target()).append("; tid ").append(c.tidBlock()).append('/')
                    .append(c.tidOffset()).append("; cmin: ").append(c.cmin()).append(", cmax: ").append(c.cmax())
                    .append(", combo: ").append(c.combocid());
        }
        // REWRITE: no desc text
    }

    private static void describeNew(TextBuffer sb, Style style, Heap2Record rec) {
        if (rec instanceof HeapPrune p) {
            sb.append("snapshotConflictHorizon: ").append(p.snapshotConflictHorizon())
                    .append(", nredirected: ").append(p.nredirected()).append(", ndead: ").append(p.ndead());
            if (p.blockData()) {
                sb.append(", nunused: ").append(p.unused().size());
                sb.append(", redirected:");
                redirects(sb, p.redirected());
                sb.append(", dead:");
                offsets(sb, p.dead());
                sb.append(", unused:");
                offsets(sb, p.unused());
            }
        } else if (rec instanceof HeapVacuum v) {
            sb.append("nunused: ").append(v.nunused());
            if (v.blockData()) {
                sb.append(", unused:");
                offsets(sb, v.unused());
            }
        } else if (rec instanceof FreezePage.Pg16 f) {
            sb.append("snapshotConflictHorizon: ").append(f.snapshotConflictHorizon())
                    .append(", nplans: ").append(f.nplans());
            if (f.blockData()) {
                sb.append(", plans:");
                plans(sb, f.plans());
            }
        } else if (rec instanceof Visible v) {
            sb.append("snapshotConflictHorizon: ").append(v.snapshotConflictHorizon())
                    .append(", flags: 0x").append(hex2(v.flags()));
        } else if (rec instanceof PruneFreeze p) {
            prune(sb, style, p);
        } else if (rec instanceof MultiInsert m) {
            sb.append("ntuples: ").append(m.ntuples()).append(", flags: 0x").append(hex2(m.flags()));
            if (style == Style.PG19 && (m.flags() & MultiInsert.ALL_FROZEN_SET) != 0) {
                sb.append(", vm_flags: 0x").append(hex2(Visible.ALL_VISIBLE | Visible.ALL_FROZEN));
            }
            if (m.tupleData().length > 0 && !m.init()) {
                sb.append(", offsets:");
                offsets(sb, m.offsets());
            }
        } else if (rec instanceof LockUpdated l) {
            sb.append("xmax: ").append(l.xmax()).append(", off: ").append(l.offnum()).append(", infobits: [")
                    .append(String.join(", ", infobitWords(l.infobitsSet()))).append("], flags: 0x")
                    .append(hex2(l.flags()));
        } else if (rec instanceof NewCid c) {
            sb.append("rel: ").append(c.target()).append(", tid: ").append(c.tidBlock()).append('/')
                    .append(c.tidOffset()).append(", cmin: ").append(c.cmin()).append(", cmax: ").append(c.cmax())
                    .append(", combo: ").append(c.combocid());
        }
        // REWRITE: no desc text
    }

    private static void prune(TextBuffer sb, Style style, PruneFreeze p) {
        if (p.hasConflictHorizon()) {
            sb.append("snapshotConflictHorizon: ").append(p.snapshotConflictHorizon());
        }
        sb.append(", isCatalogRel: ").append(p.isCatalogRel() ? 'T' : 'F');
        if (style == Style.PG19 && p.vmFlags() != 0) {
            sb.append(", vm_flags: 0x").append(hex2(p.vmFlags()));
        }
        if (!p.blockData()) {
            return;
        }
        int nplans = p.plans().size();
        int nredirected = p.redirected().size() / 2;
        int ndead = p.dead().size();
        int nunused = p.unused().size();
        sb.append(", nplans: ").append(nplans).append(", nredirected: ").append(nredirected)
                .append(", ndead: ").append(ndead).append(", nunused: ").append(nunused);
        if (nplans > 0) {
            sb.append(", plans:");
            plans(sb, p.plans());
        }
        if (nredirected > 0) {
            sb.append(", redirected:");
            redirects(sb, p.redirected());
        }
        if (ndead > 0) {
            sb.append(", dead:");
            offsets(sb, p.dead());
        }
        if (nunused > 0) {
            sb.append(", unused:");
            offsets(sb, p.unused());
        }
    }

    /** array_desc with offset_elem_desc: {@code " [1, 2]"} or {@code " []"}. */
    private static void offsets(TextBuffer sb, OffsetArray a) {
        sb.append(" [");
        for (int i = 0; i < a.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(a.get(i));
        }
        sb.append(']');
    }

    /** array_desc with redirect_elem_desc: {@code " [4->38, ...]"}. */
    private static void redirects(TextBuffer sb, OffsetArray pairs) {
        sb.append(" [");
        for (int i = 0; i + 1 < pairs.size(); i += 2) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(pairs.get(i)).append("->").append(pairs.get(i + 1));
        }
        sb.append(']');
    }

    /** array_desc with plan_elem_desc; infomask is printed before infomask2, as heapdesc.c does. */
    private static void plans(TextBuffer sb, List<FreezePlan> plans) {
        sb.append(" [");
        for (int i = 0; i < plans.size(); i++) {
            FreezePlan p = plans.get(i);
            if (i > 0) {
                sb.append(", ");
            }
            sb.append("{ xmax: ").append(p.xmax()).append(", infomask: ").append(p.infomask())
                    .append(", infomask2: ").append(p.infomask2()).append(", ntuples: ").append(p.ntuples())
                    .append(", offsets:");
            offsets(sb, p.offsets());
            sb.append(" }");
        }
        sb.append(']');
    }

    private static List<String> infobitWords(int bits) {
        List<String> out = new java.util.ArrayList<>(5);
        if ((bits & LockUpdated.XMAX_IS_MULTI) != 0) {
            out.add("IS_MULTI");
        }
        if ((bits & LockUpdated.XMAX_LOCK_ONLY) != 0) {
            out.add("LOCK_ONLY");
        }
        if ((bits & LockUpdated.XMAX_EXCL_LOCK) != 0) {
            out.add("EXCL_LOCK");
        }
        if ((bits & LockUpdated.XMAX_KEYSHR_LOCK) != 0) {
            out.add("KEYSHR_LOCK");
        }
        if ((bits & LockUpdated.KEYS_UPDATED) != 0) {
            out.add("KEYS_UPDATED");
        }
        return out;
    }

    private static String hex2(int v) {
        String h = Integer.toHexString(v).toUpperCase(java.util.Locale.ROOT);
        return h.length() < 2 ? "0" + h : h;
    }
}
