package org.walprism.source.style;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** WAL is little-endian: the sources read every multi-byte header field with the {@code *LE} accessors, as the codec does. */
class LittleEndianAccessTest {
    private static final Pattern BIG_ENDIAN = Pattern.compile(
            "\\.(get|read|set|write)(Short|UnsignedShort|Medium|UnsignedMedium|Int|UnsignedInt|Long|Char|Float|Double)\\(");

    @Test
    void sourceModuleUsesOnlyLittleEndianAccessors() throws IOException {
        Path src = Path.of("src/main/java");
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                List<String> lines = Files.readAllLines(f);
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
