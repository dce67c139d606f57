package org.walprism.codec.internal.bytes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.internal.PlatformDependent;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * RawBytes reads what Netty's own little-endian getters read, on every kind of buffer and at its edges, both where
 * it reads direct buffers at their address (Netty with {@code Unsafe}) and where it reads them through NIO.
 */
class RawBytesTest {
    /** Readers of both kinds: at the address when this JVM allows it, and through the NIO view. */
    private static List<RawBytes> readers() {
        return List.of(new RawBytes(), new RawBytes(false));
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new Random(42).nextBytes(b);
        return b;
    }

    private static List<ByteBuf> buffers() {
        byte[] b = bytes(61);
        ByteBuf direct = Unpooled.directBuffer(61);
        direct.writeBytes(b);
        CompositeByteBuf composite = Unpooled.compositeBuffer();
        composite.addComponents(true, Unpooled.wrappedBuffer(b, 0, 7), Unpooled.wrappedBuffer(b, 7, 54));
        ByteBuf offsetArray = Unpooled.wrappedBuffer(b, 5, 40);
        ByteBuf slicedHeap = Unpooled.wrappedBuffer(b).slice(3, 50);
        ByteBuf slicedDirect = direct.slice(9, 33);
        return List.of(Unpooled.wrappedBuffer(b), direct, composite, offsetArray, slicedHeap, slicedDirect,
                composite.slice(4, 30));
    }

    @Test
    void directBuffersAreReadAtTheirAddressWhenNettyUsesUnsafe() {
        boolean expected = PlatformDependent.hasUnsafe() && PlatformDependent.isUnaligned()
                && ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
        ByteBuf direct = Unpooled.directBuffer(16);
        assertEquals(expected, new RawBytes().reset(direct).atAddress());
        assertEquals(expected, new RawBytes().reset(direct.slice(3, 8)).atAddress());
        assertFalse(new RawBytes(false).reset(direct).atAddress());
        assertFalse(new RawBytes().reset(Unpooled.buffer(16)).atAddress());
        direct.release();
    }

    @Test
    void everyWidthAtEveryIndexMatchesNettysGetters() {
        for (RawBytes fresh : readers()) {
            everyWidthAtEveryIndex(fresh);
        }
    }

    private static void everyWidthAtEveryIndex(RawBytes fresh) {
        for (ByteBuf b : buffers()) {
            RawBytes r = fresh.reset(b);
            int cap = b.capacity();
            for (int i = 0; i < cap; i++) {
                assertEquals(b.getUnsignedByte(i), r.u8(i), b + " u8 at " + i);
                if (i + 2 <= cap) {
                    assertEquals(b.getUnsignedShortLE(i), r.u16(i), b + " u16 at " + i);
                }
                if (i + 4 <= cap) {
                    assertEquals(b.getUnsignedIntLE(i), r.u32(i), b + " u32 at " + i);
                    assertEquals(b.getIntLE(i), r.i32(i), b + " i32 at " + i);
                }
                if (i + 8 <= cap) {
                    assertEquals(b.getLongLE(i), r.u64(i), b + " u64 at " + i);
                }
            }
        }
    }

    @Test
    void readsPastTheCapacityThrowEvenWhenTheArrayGoesOn() {
        for (RawBytes fresh : readers()) {
            readsPastTheCapacityThrow(fresh);
        }
    }

    private static void readsPastTheCapacityThrow(RawBytes fresh) {
        for (ByteBuf b : buffers()) {
            RawBytes r = fresh.reset(b);
            int cap = b.capacity();
            assertThrows(IndexOutOfBoundsException.class, () -> r.u8(cap));
            assertThrows(IndexOutOfBoundsException.class, () -> r.u8(-1));
            assertThrows(IndexOutOfBoundsException.class, () -> r.u16(cap - 1));
            assertThrows(IndexOutOfBoundsException.class, () -> r.u32(cap - 3));
            assertThrows(IndexOutOfBoundsException.class, () -> r.u64(cap - 7));
            assertThrows(IndexOutOfBoundsException.class, () -> r.u64(Integer.MAX_VALUE - 2));
        }
    }

    @Test
    void resetFollowsABufferThatGrew() {
        ByteBuf b = Unpooled.buffer(4, 64);
        b.writeIntLE(0x01020304);
        RawBytes r = new RawBytes().reset(b);
        assertEquals(0x01020304L, r.u32(0));
        b.writeLongLE(-2L);
        r.reset(b);
        assertEquals(-2L, r.u64(4));
    }

    @Test
    void directBuffersAreReadLiveAcrossResetsToOtherBuffers() {
        for (RawBytes fresh : readers()) {
            readLiveAcrossResets(fresh);
        }
    }

    private static void readLiveAcrossResets(RawBytes fresh) {
        // a reader alternating between a page window (direct) and an assembly buffer (heap), as WalReader does
        ByteBuf window = Unpooled.directBuffer(16, 16);
        ByteBuf other = Unpooled.directBuffer(16, 16);
        ByteBuf heap = Unpooled.buffer(16, 16);
        window.writeLongLE(1L).writeLongLE(2L);
        other.writeLongLE(3L).writeLongLE(4L);
        heap.writeLongLE(5L).writeLongLE(6L);
        RawBytes r = fresh.reset(window);
        assertEquals(1L, r.u64(0));
        assertEquals(6L, r.reset(heap).u64(8));
        window.setLongLE(0, 7L); // the window is refilled in place while the reader is elsewhere
        assertEquals(7L, r.reset(window).u64(0));
        // another direct buffer of the same capacity is read, not the kept view of the first one
        assertEquals(3L, r.reset(other).u64(0));
        assertEquals(2L, r.reset(window).u64(8));
        assertEquals(window, r.buffer());
        window.release();
        other.release();
    }
}
