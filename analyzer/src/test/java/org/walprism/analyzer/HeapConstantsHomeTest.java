package org.walprism.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.walprism.codec.image.PageImages;
import org.walprism.codec.record.BlockRef;
import org.walprism.codec.rmgr.heap.HeapDelete;
import org.walprism.codec.rmgr.heap.HeapInsert;
import org.walprism.codec.rmgr.heap.HeapTruncate;
import org.walprism.codec.rmgr.heap.HeapType;
import org.walprism.codec.rmgr.heap.HeapUpdate;
import org.walprism.codec.rmgr.heap2.Heap2Type;
import org.walprism.codec.rmgr.heap2.LockUpdated;
import org.walprism.codec.rmgr.heap2.MultiInsert;
import org.walprism.codec.rmgr.heap2.PruneFreeze;
import org.walprism.codec.rmgr.heap2.Visible;
import org.walprism.testdata.TestData;

/**
 * The Heap and Heap2 PostgreSQL constants (XLOG_HEAP_* and XLOG_HEAP2_* opcodes, XLH_* / XLHP_* / XLHL_* flags,
 * VISIBILITYMAP_* bits and fork number, LP_* line-pointer states) have one public home, in the codec beside the
 * layout that uses them: no source of the analyzer, the CLI or Spark declares a constant of one of those names
 * again, nor the private {@code VM_FORK} alias the analyzer used to keep.
 */
class HeapConstantsHomeTest {
    private static final Path REPO = TestData.root().getParent();
    private static final List<String> MODULES = List.of("analyzer", "cli", "spark");
    private static final Pattern DECL = Pattern.compile("static\\s+final\\s+\\w+\\s+([A-Z][A-Z0-9_]*)\\s*=");

    /** The PostgreSQL-named public constants of the codec's heap homes. */
    private static Set<String> codecNames() {
        Set<String> out = new TreeSet<>();
        for (Class<?> c : List.of(HeapType.class, Heap2Type.class, HeapInsert.class, HeapDelete.class,
                HeapUpdate.class, HeapTruncate.class, PruneFreeze.class, Visible.class, MultiInsert.class,
                LockUpdated.class, PageImages.class, BlockRef.class)) {
            for (Field f : c.getFields()) {
                int mod = f.getModifiers();
                String n = f.getName();
                if (Modifier.isStatic(mod) && Modifier.isFinal(mod) && f.getType() == int.class
                        && n.matches("(XLOG_HEAP2?|XLH|XLHP|XLHL|VISIBILITYMAP|LP|HEAP)_[A-Z0-9_]+")) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    @Test
    void heapConstantsAreDeclaredOnlyInTheCodec() throws IOException {
        Set<String> names = codecNames();
        assertTrue(names.containsAll(List.of("XLOG_HEAP_OPMASK", "XLOG_HEAP_INIT_PAGE", "XLOG_HEAP2_NEW_CID",
                "XLHP_HAS_FREEZE_PLANS", "XLH_INSERT_ALL_FROZEN_SET", "VISIBILITYMAP_FORKNUM", "LP_DEAD")), names::toString);
        names.add("VM_FORK");
        List<String> dup = new ArrayList<>();
        for (String m : MODULES) {
            Path dir = REPO.resolve(m).resolve("src/main/java");
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.filter(x -> x.toString().endsWith(".java")).toList()) {
                    Matcher d = DECL.matcher(Files.readString(p));
                    while (d.find()) {
                        if (names.contains(d.group(1))) {
                            dup.add(REPO.relativize(p) + ": " + d.group(1));
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), dup, "declared again outside the codec");
    }
}
