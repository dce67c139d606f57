package org.walprism.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every capture the manifest lists is complete: its files exist, its segments and oracle files are sane. */
class ManifestTest {

    @Test
    void manifestListsCapturesOfEveryVersion() {
        List<Capture> all = TestData.captures();
        assertFalse(all.isEmpty(), "manifest lists no capture");
        for (String v : List.of("19", "19beta1", "19beta3")) {
            assertFalse(TestData.captures(v).isEmpty(), "no capture of " + v);
        }
        assertEquals("19beta1/vacuum_noindex", TestData.capture("19beta1/vacuum_noindex").name());
    }

    @Test
    void unknownCaptureNameIsRejectedWithTheKnownNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TestData.capture("12/nothing"));
        assertTrue(e.getMessage().contains("no capture \"12/nothing\""), e.getMessage());
        assertTrue(e.getMessage().contains("19beta1/vacuum_noindex"), e.getMessage());
    }

    @Test
    void unknownOracleIsRejected() {
        Capture c = TestData.captures().get(0);
        assertThrows(IllegalArgumentException.class, () -> c.oracle("nothing.txt"));
    }

    @TestFactory
    Stream<DynamicTest> everyCaptureIsComplete() {
        return TestData.captures().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> CaptureChecks.check(c)));
    }
}
