package org.walprism.source;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.PublicApi;

/**
 * The public API of walprism-source (every public or protected signature of the packages its module-info exports to
 * everyone) is the committed {@code api/source.txt}: a signature added, changed or removed without regenerating that
 * file fails here, naming the lines. Regenerate with {@code -Dwalprism.regenerate=true} (the failure says how).
 */
class PublicApiTest {

    @Test
    void publicApiIsTheCommittedOne() throws IOException {
        PublicApi.check("source", Path.of("target/classes"), Path.of("api/source.txt"),
                PublicApiTest.class.getClassLoader());
    }
}
