package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Netty's warnings and errors reach stderr as one line each. */
class NettyLogTest {

    @Test
    void fillsPlaceholdersInOrder() {
        assertEquals("walprism: netty: LEAK: 3 of 5 buffers", NettyLog.line("LEAK: {} of {} buffers", 3, 5));
        assertEquals("walprism: netty: no args {}", NettyLog.line("no args {}"));
        assertEquals("walprism: netty: a 1 b {}", NettyLog.line("a {} b {}", 1));
    }

    @Test
    void appendsAnUnusedThrowableAndKeepsOneLine() {
        assertEquals("walprism: netty: failed: java.io.IOException: disk gone",
                NettyLog.line("failed", new IOException("disk gone")));
        assertEquals("walprism: netty: x java.io.IOException: a b", NettyLog.line("x {}", new IOException("a\nb")));
    }
}
