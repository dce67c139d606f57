package org.walprism.codec.style;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** WAL is little-endian: the codec reads and writes every multi-byte field with the {@code *LE} accessors. */
class LittleEndianAccessTest {
    private static final Pattern BIG_ENDIAN = Pattern.compile(
            "\\.(get|read|set|write)(Short|UnsignedShort|Medium|UnsignedMedium|Int|UnsignedInt|Long|Char|Float|Double)\\(");

    /**
     * RawBytes reads a direct buffer through a NIO view whose byte order it sets to little-endian, or at its memory
     * address with Netty's native-order {@code PlatformDependent} getters only on a machine whose native order it
     * checks to be little-endian; there the plain {@code getShort/getInt/getLong} names are the little-endian reads.
     * RawBytesTest compares every width at every index with Netty's {@code *LE} getters, both ways. The file is
     * exempt only while it sets that order and makes that check.
     */
    private static final String LE_VIEW_FILE = "RawBytes.java";

    private static final List<String> LE_VIEW_GUARDS = List.of(".order(ByteOrder.LITTLE_ENDIAN)",
            "ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN");

    @Test
    void codecSourcesUseOnlyLittleEndianAccessors() throws IOException {
        Path src = Path.of("src/main/java");
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                List<String> lines = Files.readAllLines(f);
                if (f.getFileName().toString().equals(LE_VIEW_FILE) && LE_VIEW_GUARDS.stream()
                        .allMatch(g -> lines.stream().anyMatch(l -> l.contains(g)))) {
                    continue;
                }
                for (int i = 0; i < lines.size(); i++) {
                    if (BIG_ENDIAN.matcher(lines.get(i)).find()) {
                        offenders.add(src.relativize(f) + ":" + (i + 1) + ": " + lines.get(i).trim());
                    }
                }
            }
        }
        assertEquals(List.of(), offenders);
    }
}
