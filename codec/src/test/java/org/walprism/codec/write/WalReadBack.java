package org.walprism.codec.write;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalFileName;
import org.walprism.codec.WalVersion;

/**
 * Test-side reader of what {@link WalWriter} wrote, independent of the writer's code: walks pages and
 * records as xlogreader.c does and fails on anything PostgreSQL's reader would reject (magic, info bits,
 * pageaddr, long-header fields, contrecord flag and length, prev-link, CRC).
 */
final class WalReadBack {
    record Rec(long lsn, byte[] bytes) {
    }

    private final Path dir;
    private final WalVersion version;
    private final int timeline;
    private final int segSize;
    private final long sysid;

    WalReadBack(Path dir, WalVersion version, int timeline, int segSize, long sysid) {
        this.dir = dir;
        this.version = version;
        this.timeline = timeline;
        this.segSize = segSize;
        this.sysid = sysid;
    }

    /** Bytes [from, to) of the WAL stream, across segment files. */
    byte[] range(long from, long to) throws IOException {
        byte[] out = new byte[(int) (to - from)];
        long p = from;
        while (p < to) {
            long seg = p / segSize;
            byte[] file = Files.readAllBytes(dir.resolve(WalFileName.of(timeline, seg, segSize)));
            int off = (int) (p % segSize);
            int n = (int) Math.min(to - p, segSize - off);
            System.arraycopy(file, off, out, (int) (p - from), n);
            p += n;
        }
        return out;
    }

    private ByteBuf page(long pageAddr) throws IOException {
        return Unpooled.wrappedBuffer(range(pageAddr, pageAddr + 8192));
    }

    private int checkPage(long pageAddr) throws IOException {
        ByteBuf h = page(pageAddr);
        check(h.getUnsignedShortLE(0) == version.magic(), "magic %04X at %s", h.getUnsignedShortLE(0), pageAddr);
        int info = h.getUnsignedShortLE(2);
        int allFlags = org.walprism.codec.page.PageFlags.allFlags(version);
        check((info & ~allFlags) == 0, "info bits %04X at %s", info, pageAddr);
        check(h.getIntLE(4) == timeline, "tli at %s", pageAddr);
        check(h.getLongLE(8) == pageAddr, "pageaddr %X at %s", h.getLongLE(8), pageAddr);
        check(h.getIntLE(20) == 0, "header pad at %s", pageAddr);
        boolean first = pageAddr % segSize == 0;
        check(((info & 0x0002) != 0) == first, "long header flag at %s", pageAddr);
        if (first) {
            check(h.getLongLE(24) == sysid && h.getIntLE(32) == segSize && h.getIntLE(36) == 8192,
                    "long header fields at %s", pageAddr);
        }
        return info;
    }

    /** Records from {@code start} until a zero xl_tot_len or a missing segment file. */
    List<Rec> records(long start, long prevOfFirst) throws IOException {
        List<Rec> out = new ArrayList<>();
        long p = start;
        long prev = prevOfFirst;
        while (true) {
            p = (p + 7) & ~7L;
            if (p % 8192 == 0) {
                if (!Files.exists(dir.resolve(WalFileName.of(timeline, p / segSize, segSize)))) {
                    return out;
                }
                ByteBuf h = page(p);
                if (h.getUnsignedShortLE(0) == 0) {
                    return out;
                }
                int info = checkPage(p);
                check((info & 0x0001) == 0, "unexpected contrecord at %s", p);
                p += p % segSize == 0 ? 40 : 24;
            }
            ByteBuf first = page(p - p % 8192);
            int tot = first.getIntLE((int) (p % 8192));
            if (tot == 0) {
                return out;
            }
            check(tot >= 24, "xl_tot_len %d at %s", tot, p);
            long lsn = p;
            byte[] rec = new byte[tot];
            int got = 0;
            while (true) {
                int n = (int) Math.min(tot - got, 8192 - p % 8192);
                System.arraycopy(range(p, p + n), 0, rec, got, n);
                got += n;
                p += n;
                if (got == tot) {
                    break;
                }
                int info = checkPage(p);
                ByteBuf h = page(p);
                check((info & 0x0001) != 0, "no contrecord flag at %s", p);
                check(h.getUnsignedIntLE(16) == tot - got, "contrecord length %d (expected %d) at %s",
                        h.getUnsignedIntLE(16), tot - got, p);
                p += p % segSize == 0 ? 40 : 24;
            }
            ByteBuf r = Unpooled.wrappedBuffer(rec);
            check(r.getLongLE(8) == prev, "prev-link %X (expected %X) at %s", r.getLongLE(8), prev, lsn);
            check(r.getUnsignedIntLE(20) == RecordEncoder.crc(rec), "crc at %s", lsn);
            check(r.getShortLE(18) == 0, "header pad at %s", lsn);
            out.add(new Rec(lsn, rec));
            prev = lsn;
            if (rec[17] == 0 && (rec[16] & 0xF0) == 0x40 && p % segSize != 0) {
                // after XLOG_SWITCH the rest of the segment must be zero, page headers included
                long next = p - p % segSize + segSize;
                byte[] rest = range(p, next);
                for (byte b : rest) {
                    check(b == 0, "non-zero byte after XLOG_SWITCH at %s", lsn);
                }
                p = next;
            }
        }
    }

    private static void check(boolean ok, String fmt, Object... args) {
        if (!ok) {
            Object[] a = args.clone();
            for (int i = 0; i < a.length; i++) {
                if (a[i] instanceof Long l && i == a.length - 1) {
                    a[i] = Lsn.format(l, true);
                }
            }
            throw new AssertionError(String.format(fmt, a));
        }
    }
}
