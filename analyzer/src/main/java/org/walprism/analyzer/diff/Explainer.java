package org.walprism.analyzer.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.walprism.analyzer.categories.CategorySummary;

/**
 * Recognises known causes of a difference between two WAL ranges A and B:
 * <ul>
 * <li>{@code hint_fpi}: FPI_FOR_HINT images appear or vanish (data checksums or wal_log_hints differ)</li>
 * <li>{@code prune_freeze_merge}: one side writes PRUNE / FREEZE_PAGE / VACUUM (up to 16), the other the
 *     combined PRUNE_VACUUM_SCAN / PRUNE_VACUUM_CLEANUP / PRUNE_ON_ACCESS records (17+)</li>
 * <li>{@code visible_vanish}: VISIBLE records on one side, VM bits inside prune records on the other (19+)</li>
 * <li>{@code fpi_share}: the share of WAL bytes in full-page images shifts by 5 points or more, or one side has
 *     none (checkpoint timing, full_page_writes)</li>
 * <li>{@code compression}: the dominant image compression method differs</li>
 * <li>{@code record_count}: the record count changes by 20% or more (informational, impact 0)</li>
 * </ul>
 * Each explanation carries the net change of WAL bytes it accounts for, in parts that, with what it leaves to other
 * causes ({@link Explanation#OTHER}), add up to the change of the Totals' bytes; largest change first.
 */
public final class Explainer {
    private static final String HINT = "XLOG/FPI_FOR_HINT";
    private static final String VISIBLE = "Heap2/VISIBLE";
    private static final String[] OLD_DESIGN = {"Heap2/CLEAN", "Heap2/PRUNE", "Heap2/VACUUM", "Heap2/FREEZE_PAGE"};
    private static final String[] NEW_DESIGN = {"Heap2/PRUNE_ON_ACCESS", "Heap2/PRUNE_VACUUM_SCAN",
        "Heap2/PRUNE_VACUUM_CLEANUP"};
    private static final String[] VACUUM_CATEGORIES = {"prune_only", "freeze_only", "prune_freeze", "cleanup", "vm",
        "on_access_prune"};

    private Explainer() {
    }

    /** Explanations of the largest differences from {@code a} to {@code b}, largest first. */
    public static List<Explanation> explain(CategorySummary a, CategorySummary b) {
        List<Explanation> out = new ArrayList<>();
        hint(a, b, out);
        merge(a, b, out);
        visible(a, b, out);
        fpiShare(a, b, out);
        compression(a, b, out);
        recordCount(a, b, out);
        out.sort(Comparator.comparingLong((Explanation e) -> -Math.abs(e.impactBytes())));
        return List.copyOf(out);
    }

    private static String f(String fmt, Object... args) {
        return String.format(Locale.ROOT, fmt, args);
    }

    private static String pct(long part, long whole) {
        return whole == 0 ? "0.0%" : f("%.1f%%", 100.0 * part / whole);
    }

    private static String change(long from, long to) {
        if (from == 0) {
            return to == 0 ? "0%" : "new";
        }
        return f("%+.1f%%", 100.0 * (to - from) / from);
    }

    private static long type(CategorySummary s, String name, String metric) {
        return s.get("record_type", name, metric);
    }

    private static boolean hasAny(CategorySummary s, String[] types) {
        for (String t : types) {
            if (type(s, t, "records") > 0) {
                return true;
            }
        }
        return false;
    }

    private static long total(CategorySummary s, String metric) {
        return s.get("totals", "all", metric);
    }

    private static void hint(CategorySummary a, CategorySummary b, List<Explanation> out) {
        long ba = type(a, HINT, "bytes");
        long bb = type(b, HINT, "bytes");
        long delta = bb - ba;
        long scale = Math.max(total(a, "bytes"), total(b, "bytes"));
        if (delta == 0 || Math.abs(delta) * 100 < scale) {
            return;
        }
        long ia = a.get("fpi_cause", "hint", "images");
        long ib = b.get("fpi_cause", "hint", "images");
        long otherA = total(a, "fpi_bytes") - a.get("fpi_cause", "hint", "stored_bytes");
        long otherB = total(b, "fpi_bytes") - b.get("fpi_cause", "hint", "stored_bytes");
        long net = total(b, "bytes") - total(a, "bytes");
        String text;
        if (ba == 0 || bb == 0) {
            boolean appear = ba == 0;
            CategorySummary with = appear ? b : a;
            String side = appear ? "B" : "A";
            String other = appear ? "A" : "B";
            text = f("Hint-bit images %s in B: %s has %d FPI_FOR_HINT records with %d images (%d bytes gross, %s of"
                    + " its WAL). %s runs with data checksums or wal_log_hints on, %s without.",
                    appear ? "appear" : "vanish", side, type(with, HINT, "records"), appear ? ib : ia,
                    appear ? bb : ba, pct(appear ? bb : ba, total(with, "bytes")), side, other);
        } else {
            text = f("Hint-bit images change: FPI_FOR_HINT %d -> %d images, %d -> %d bytes gross (%s).", ia, ib, ba,
                    bb, change(ba, bb));
        }
        if ((delta > 0 && otherB < otherA) || (delta < 0 && otherB > otherA)) {
            text += f(" Other records' images move the other way (%d -> %d bytes): the first change of a page after"
                    + " a checkpoint logs its image in whichever record touches it first.", otherA, otherB);
        }
        List<Explanation.Part> parts = new ArrayList<>();
        parts.add(new Explanation.Part("main_fork_images", "main-fork images (a hint-bit image is taken before "
                + "pruning, of the page with what pruning removes; the later record's image is no longer taken)",
                fork(b, "main") - fork(a, "main")));
        parts.add(new Explanation.Part("fsm_images", "free space map images (its updates are hint-like)",
                fork(b, "fsm") - fork(a, "fsm")));
        parts.add(new Explanation.Part("vm_images", "visibility map images", fork(b, "vm") - fork(a, "vm")));
        parts.add(new Explanation.Part("init_images", "init-fork images", fork(b, "init") - fork(a, "init")));
        if (!designChange(a, b)) {
            // with another record design on one side, record data changes for that reason too: left to it
            parts.add(new Explanation.Part("block_data", "record data (no longer left out of records whose page "
                    + "an earlier image logged)", recordData(b) - recordData(a)));
        }
        parts.add(new Explanation.Part("record_headers", "record, block and image headers",
                framing(b) - framing(a)));
        Explanation e = Explanation.of("hint_fpi", text, net, parts);
        out.add(new Explanation(e.id(), e.impactBytes(), e.text() + f(" Net change: %+d bytes (%s of A's WAL).",
                e.impactBytes(), change(total(a, "bytes"), total(a, "bytes") + e.impactBytes())), e.parts()));
    }

    /** Record framing: every part that is neither image bytes nor record data. */
    private static final String[] FRAMING = {"record_header", "block_headers", "image_headers", "origin_header",
        "toplevel_xid_header", "main_data_header"};

    private static long framing(CategorySummary s) {
        long t = 0;
        for (String p : FRAMING) {
            t += s.get("part", p, "bytes");
        }
        return t;
    }

    /** Record data: main data and block data of every record (all parts but framing and images). */
    private static long recordData(CategorySummary s) {
        long t = 0;
        for (Map.Entry<String, Map<String, Long>> e : s.section("part").entrySet()) {
            t += e.getValue().getOrDefault("bytes", 0L);
        }
        return t - framing(s) - s.get("part", "fpi_images", "bytes");
    }

    private static long fork(CategorySummary s, String fork) {
        return s.get("fpi_fork", fork, "stored_bytes");
    }

    /** Whether one side writes a record design the other does not (the prune/freeze merge, VISIBLE's end). */
    private static boolean designChange(CategorySummary a, CategorySummary b) {
        boolean merge = hasAny(a, OLD_DESIGN) != hasAny(b, OLD_DESIGN)
                || hasAny(a, NEW_DESIGN) != hasAny(b, NEW_DESIGN);
        boolean visible = (type(a, VISIBLE, "records") > 0) != (type(b, VISIBLE, "records") > 0);
        return merge || visible;
    }

    private static long net(CategorySummary a, CategorySummary b) {
        return total(b, "bytes") - total(a, "bytes");
    }

    /** An explanation with one part, {@code bytes}, as the whole of what it explains. */
    private static Explanation one(String id, String text, CategorySummary a, CategorySummary b, String label,
                                   long bytes) {
        return Explanation.of(id, text, net(a, b), List.of(new Explanation.Part(id, label, bytes)));
    }

    private static long vacuumSum(CategorySummary s, String metric) {
        long t = 0;
        for (String c : VACUUM_CATEGORIES) {
            t += s.get("category", c, metric);
        }
        return t;
    }

    private static String typeList(CategorySummary s, String[] types) {
        StringBuilder sb = new StringBuilder();
        for (String t : types) {
            long n = type(s, t, "records");
            if (n > 0) {
                sb.append(sb.length() == 0 ? "" : ", ").append(t.substring(t.indexOf('/') + 1)).append(' ').append(n);
            }
        }
        return sb.toString();
    }

    private static void merge(CategorySummary a, CategorySummary b, List<Explanation> out) {
        boolean oldA = hasAny(a, OLD_DESIGN);
        boolean newA = hasAny(a, NEW_DESIGN);
        boolean oldB = hasAny(b, OLD_DESIGN);
        boolean newB = hasAny(b, NEW_DESIGN);
        boolean forward = oldA && !newA && newB && !oldB;
        boolean backward = newA && !oldA && oldB && !newB;
        if (!forward && !backward) {
            return;
        }
        CategorySummary sep = forward ? a : b;
        CategorySummary comb = forward ? b : a;
        long ra = vacuumSum(a, "records");
        long rb = vacuumSum(b, "records");
        long ya = vacuumSum(a, "bytes");
        long yb = vacuumSum(b, "bytes");
        String text = f("Prune and freeze records %s (PostgreSQL 17 record design): %s writes one record per step (%s),"
                + " %s one combined record per page and pass (%s; %d both prune and freeze). Vacuum records: %d -> %d"
                + " (%s), their bytes: %d -> %d (%s). All records: %d -> %d (%s).",
                forward ? "merge in B" : "split in B", forward ? "A" : "B", typeList(sep, OLD_DESIGN),
                forward ? "B" : "A", typeList(comb, NEW_DESIGN), comb.get("category", "prune_freeze", "records"),
                ra, rb, change(ra, rb), ya, yb, change(ya, yb), total(a, "records"), total(b, "records"),
                change(total(a, "records"), total(b, "records")));
        out.add(one("prune_freeze_merge", text, a, b, "vacuum records (prune, freeze, cleanup, vm categories)",
                yb - ya));
    }

    /**
     * VISIBLE (13-18) against the VM bits of 19's prune records: lazy_scan_prune and lazy_vacuum_heap_page of 19 set
     * the visibility-map bits in the record that prunes, freezes or vacuums the page (log_heap_prune_and_freeze
     * registers the VM page as block 1) instead of logging XLOG_HEAP2_VISIBLE after it. Parts: the VISIBLE records
     * gone (without their images), the VM block references the prune records gain, their VM flags (less the prune
     * reason byte of 17 and 18, whose place they take in 19's 16-bit flags), and the VM page
     * images, which move from the VISIBLE records to the prune records (the first record to register the VM page
     * after a checkpoint logs its image). A VISIBLE record's image of the heap page (data checksums on: the heap
     * page is registered without REGBUF_NO_IMAGE) is left to other causes: the prune record of that page logs it.
     */
    private static void visible(CategorySummary a, CategorySummary b, List<Explanation> out) {
        long va = type(a, VISIBLE, "records");
        long vb = type(b, VISIBLE, "records");
        if ((va > 0) == (vb > 0)) {
            return;
        }
        boolean vanish = va > 0;
        CategorySummary with = vanish ? a : b;
        CategorySummary without = vanish ? b : a;
        long visBytes = type(with, VISIBLE, "bytes");
        long visImageBytes = type(with, VISIBLE, "fpi_bytes");
        long vmBlock = part(without, "vm.block");
        long vmFlags = part(without, "vm.flags");
        long vmSet = without.get("totals", "all", "vm_set_records");
        long pruneRecords = 0;
        for (String t : NEW_DESIGN) {
            pruneRecords += type(without, t, "records");
        }
        String text = f("VISIBLE records %s in B: %s has %d VISIBLE records (%d bytes, %d of them page images); %s"
                + " sets the VM bits inside %d of its %d prune records (%s), whose VM block references take %d bytes"
                + " and VM flags %d, and logs the VM page images on them: the PostgreSQL 19 record design."
                + " Heap2 records: %d -> %d (%s), their bytes: %d -> %d (%s).",
                vanish ? "vanish" : "appear", vanish ? "A" : "B", vanish ? va : vb, visBytes, visImageBytes,
                vanish ? "B" : "A", vmSet, pruneRecords, typeList(without, NEW_DESIGN), vmBlock, vmFlags,
                heap2(a, "records"), heap2(b, "records"), change(heap2(a, "records"), heap2(b, "records")),
                heap2(a, "bytes"), heap2(b, "bytes"), change(heap2(a, "bytes"), heap2(b, "bytes")));
        List<Explanation.Part> parts = List.of(
                new Explanation.Part("visible_records", "VISIBLE records (record data and headers)",
                        visibleOwn(b) - visibleOwn(a)),
                new Explanation.Part("vm_block", "VM block references of prune records (vm.block)",
                        part(b, "vm.block") - part(a, "vm.block")),
                // 19's 16-bit prune flags hold the VM bits in the byte where 17 and 18 stored the prune reason
                new Explanation.Part("vm_flags", "the second flags byte of prune records: the prune reason up to 18,"
                        + " VM flags in 19 (shared.reason, vm.flags)", part(b, "vm.flags") + part(b, "shared.reason")
                        - part(a, "vm.flags") - part(a, "shared.reason")),
                new Explanation.Part("vm_images", "visibility-map page images (on VISIBLE records up to 18, on the"
                        + " prune records that set VM bits in 19)", fork(b, "vm") - fork(a, "vm")));
        out.add(Explanation.of("visible_vanish", text, net(a, b), parts));
    }

    private static long part(CategorySummary s, String part) {
        return s.get("part", part, "bytes");
    }

    /** VISIBLE records' bytes but their images. */
    private static long visibleOwn(CategorySummary s) {
        return type(s, VISIBLE, "bytes") - type(s, VISIBLE, "fpi_bytes");
    }

    /** Records or bytes of every Heap2 record type. */
    private static long heap2(CategorySummary s, String metric) {
        long t = 0;
        for (Map.Entry<String, Map<String, Long>> e : s.section("record_type").entrySet()) {
            if (e.getKey().startsWith("Heap2/")) {
                t += e.getValue().getOrDefault(metric, 0L);
            }
        }
        return t;
    }

    private static void fpiShare(CategorySummary a, CategorySummary b, List<Explanation> out) {
        long fa = total(a, "fpi_bytes");
        long fb = total(b, "fpi_bytes");
        long ta = total(a, "bytes");
        long tb = total(b, "bytes");
        double sa = ta == 0 ? 0 : (double) fa / ta;
        double sb = tb == 0 ? 0 : (double) fb / tb;
        long ha = a.get("fpi_cause", "hint", "stored_bytes");
        long hb = b.get("fpi_cause", "hint", "stored_bytes");
        long impact = (fb - hb) - (fa - ha);
        long ia = total(a, "images");
        long ib = total(b, "images");
        if ((ia == 0) != (ib == 0)) {
            out.add(one("fpi_share", f("%s has no full-page images, %s has %d (%d bytes): "
                    + "full_page_writes differs, or no checkpoint started inside one of the ranges.",
                    ia == 0 ? "A" : "B", ia == 0 ? "B" : "A", Math.max(ia, ib), Math.max(fa, fb)), a, b,
                    "images other than hint-bit images", impact));
            return;
        }
        if (Math.abs(sb - sa) < 0.05) {
            return;
        }
        out.add(one("fpi_share", f("The share of WAL bytes in full-page images shifts from"
                + " %.1f%% to %.1f%% (%d -> %d images, %d -> %d bytes). For the same work this follows checkpoint"
                + " timing (each checkpoint makes the next change of every page log an image) or"
                + " full_page_writes.", 100 * sa, 100 * sb, ia, ib, fa, fb), a, b, "images other than hint-bit images",
                impact));
    }

    private static String dominant(CategorySummary s) {
        String best = null;
        long max = 0;
        for (Map.Entry<String, Map<String, Long>> e : s.section("fpi_compression").entrySet()) {
            long n = e.getValue().getOrDefault("images", 0L);
            if (n > max) {
                max = n;
                best = e.getKey();
            }
        }
        return best;
    }

    private static void compression(CategorySummary a, CategorySummary b, List<Explanation> out) {
        String ma = dominant(a);
        String mb = dominant(b);
        if (ma == null || mb == null || ma.equals(mb)) {
            return;
        }
        long rawA = a.get("fpi", "all", "raw_bytes");
        long rawB = b.get("fpi", "all", "raw_bytes");
        double ratioA = rawA == 0 ? 1 : (double) total(a, "fpi_bytes") / rawA;
        double ratioB = rawB == 0 ? 1 : (double) total(b, "fpi_bytes") / rawB;
        long impact = Math.round((ratioB - ratioA) * rawB);
        out.add(one("compression", f("Image compression changes from %s to %s"
                + " (wal_compression): images store %.1f%% of their page bytes in A, %.1f%% in B.", ma, mb,
                100 * ratioA, 100 * ratioB), a, b,
                "image bytes B stores, less what A's compression would store of them", impact));
    }

    private static void recordCount(CategorySummary a, CategorySummary b, List<Explanation> out) {
        long ra = total(a, "records");
        long rb = total(b, "records");
        if (ra == 0 || Math.abs(rb - ra) * 5 < ra) {
            return;
        }
        List<String> types = new ArrayList<>(a.section("record_type").keySet());
        for (String t : b.section("record_type").keySet()) {
            if (!types.contains(t)) {
                types.add(t);
            }
        }
        types.sort(Comparator.comparingLong(t -> -Math.abs(type(b, t, "records") - type(a, t, "records"))));
        StringBuilder top = new StringBuilder();
        // at most three, and only those that change: a "+0" is no change
        for (int i = 0; i < types.size() && i < 3
                && type(b, types.get(i), "records") != type(a, types.get(i), "records"); i++) {
            String t = types.get(i);
            top.append(i == 0 ? "" : ", ").append(t).append(' ')
                    .append(f("%+d", type(b, t, "records") - type(a, t, "records")));
        }
        out.add(Explanation.of("record_count", f("The record count %s from %d to %d (%s); largest changes: %s.",
                rb < ra ? "falls" : "rises", ra, rb, change(ra, rb), top), net(a, b), List.of()));
    }
}
