package org.walprism.client;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.walprism.testdata.PublicApi;

/**
 * The public API of walprism-client (every public or protected signature of the packages its module-info exports to
 * everyone) is the committed {@code api/client.txt}: a signature added, changed or removed without regenerating that
 * file fails here, naming the lines. Regenerate with {@code -Dwalprism.regenerate=true} (the failure says how).
 */
class PublicApiTest {

    @Test
    void publicApiIsTheCommittedOne() throws IOException {
        PublicApi.check("client", Path.of("target/classes"), Path.of("api/client.txt"),
                PublicApiTest.class.getClassLoader());
    }
}
