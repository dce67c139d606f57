package org.walprism.analyzer.desc;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.walprism.codec.Lsn;
import org.walprism.codec.WalVersion;

/**
 * Text helpers shared by the describers: the 16+ array helpers of rmgrdesc_utils.c, relation paths
 * (common/relpath.c), timestamps (pg_waldump's timestamptz_to_str), LSNs and wal_level names.
 */
final class DescFormat {
    private DescFormat() {
    }

    /** Microseconds between 1970-01-01 and 2000-01-01, PostgreSQL's timestamp epoch. */
    private static final long PG_EPOCH_UNIX_SECONDS = 946_684_800L;
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /**
     * pg_waldump's {@code timestamptz_to_str}: {@code %Y-%m-%d %H:%M:%S.%06d %Z} in the tool's time zone.
     * walprism always prints UTC (the oracle captures were taken with TZ=UTC).
     */
    static String timestamptz(long t, TimestampStyle style) {
        return switch (style) {
            case WALDUMP -> {
                // C division truncates toward zero, as timestamptz_to_time_t and t % USECS_PER_SEC do
                long seconds = t / 1_000_000L + PG_EPOCH_UNIX_SECONDS;
                long micros = t % 1_000_000L;
                String frac = micros < 0 ? "-" + pad6(-micros) : pad6(micros);
                yield TS.format(Instant.ofEpochSecond(seconds)) + "." + frac + " UTC";
            }
            case BACKEND -> {
                long seconds = Math.floorDiv(t, 1_000_000L) + PG_EPOCH_UNIX_SECONDS;
                long micros = Math.floorMod(t, 1_000_000L);
                String text = TS.format(Instant.ofEpochSecond(seconds));
                if (micros != 0) {
                    String frac = pad6(micros);
                    int end = frac.length();
                    while (frac.charAt(end - 1) == '0') {
                        end--;
                    }
                    text += "." + frac.substring(0, end);
                }
                yield text + "+00";
            }
        };
    }

    private static String pad6(long v) {
        String s = Long.toString(v);
        return "0".repeat(Math.max(0, 6 - s.length())) + s;
    }

    /** An LSN as {@code version}'s desc functions print it: {@code %X/%X} up to 18, {@code %X/%08X} from 19. */
    static String lsn(WalVersion version, long value) {
        return Lsn.format(value, padLsn(version));
    }

    private static boolean padLsn(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> false;
            case PG19, MASTER -> true;
        };
    }

    /** {@code wal_level_options} lookup: the name of a wal_level value, {@code ?} when unknown. */
    static String walLevel(long level) {
        if (level == 0) {
            return "minimal";
        } else if (level == 1) {
            return "replica";
        } else if (level == 2) {
            return "logical";
        }
        return "?";
    }

    private static final String[] FORKS = {"main", "fsm", "vm", "init"};

    /** {@code relpathperm(locator, fork)}: {@code global/R}, {@code base/D/R} or {@code pg_tblspc/S/PG_x_cat/D/R}. */
    static String relpath(WalVersion version, long spc, long db, long rel, int fork) {
        String suffix = fork == 0 ? "" : "_" + (fork >= 0 && fork < FORKS.length ? FORKS[fork] : "invalid");
        if (spc == 1664) {
            return "global/" + rel + suffix;
        } else if (spc == 1663) {
            return "base/" + db + "/" + rel + suffix;
        }
        return "pg_tblspc/" + spc + "/" + tablespaceVersionDirectory(version) + "/" + db + "/" + rel + suffix;
    }

    /** {@code TABLESPACE_VERSION_DIRECTORY}: {@code PG_<major>_<CATALOG_VERSION_NO>} of the released major. */
    static String tablespaceVersionDirectory(WalVersion version) {
        return switch (version) {
            case PG13 -> "PG_13_202007201";
            case PG14 -> "PG_14_202107181";
            case PG15 -> "PG_15_202209061";
            case PG16 -> "PG_16_202307071";
            case PG17 -> "PG_17_202406281";
            case PG18 -> "PG_18_202506291";
            case PG19 -> "PG_19_202606281";
            case MASTER -> "PG_20_202608183";
        };
    }

    /** rmgrdesc_utils {@code array_desc} with {@code offset_elem_desc}: {@code " [1, 2]"} or {@code " []"}. */
    static void offsetArray(StringBuilder sb, DescData d, int offset, int count, String field) {
        d.count(count, offset, 2, field);
        if (count == 0) {
            sb.append(" []");
            return;
        }
        sb.append(" [");
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(d.u16(offset + 2 * i, field));
        }
        sb.append(']');
    }

    /** {@code array_desc} with {@code oid_elem_desc} over uint32 values. */
    static void oidArray(StringBuilder sb, DescData d, int offset, int count, String field) {
        d.count(count, offset, 4, field);
        if (count == 0) {
            sb.append(" []");
            return;
        }
        sb.append(" [");
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(d.u32(offset + 4 * i, field));
        }
        sb.append(']');
    }

    /** Heap {@code infobits_desc} (16+): {@code key: [IS_MULTI, LOCK_ONLY, ...]}. */
    static void infobitsList(StringBuilder sb, int bits, String key) {
        sb.append(key).append(": [");
        int start = sb.length();
        appendFlag(sb, bits, 0x01, "IS_MULTI", start);
        appendFlag(sb, bits, 0x02, "LOCK_ONLY", start);
        appendFlag(sb, bits, 0x04, "EXCL_LOCK", start);
        appendFlag(sb, bits, 0x08, "KEYSHR_LOCK", start);
        appendFlag(sb, bits, 0x10, "KEYS_UPDATED", start);
        sb.append(']');
    }

    private static void appendFlag(StringBuilder sb, int bits, int bit, String word, int start) {
        if ((bits & bit) != 0) {
            if (sb.length() > start) {
                sb.append(", ");
            }
            sb.append(word);
        }
    }

    /** Heap {@code out_infobits} (13-15): each set flag's word followed by one space. */
    static void infobitsWords(StringBuilder sb, int bits) {
        if ((bits & 0x01) != 0) {
            sb.append("IS_MULTI ");
        }
        if ((bits & 0x02) != 0) {
            sb.append("LOCK_ONLY ");
        }
        if ((bits & 0x04) != 0) {
            sb.append("EXCL_LOCK ");
        }
        if ((bits & 0x08) != 0) {
            sb.append("KEYSHR_LOCK ");
        }
        if ((bits & 0x10) != 0) {
            sb.append("KEYS_UPDATED ");
        }
    }

    /** {@code %02X} of a flags byte. */
    static String hex2(int v) {
        String s = Integer.toHexString(v).toUpperCase(Locale.ROOT);
        return s.length() < 2 ? "0" + s : s;
    }

    /**
     * C {@code %g} of a double: six significant digits, trailing zeros dropped, exponent form
     * ({@code 1.5e+06}) when the decimal exponent is below -4 or at least 6.
     */
    static String cG(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        } else if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        } else if (v == 0) {
            return 1 / v < 0 ? "-0" : "0";
        }
        java.math.BigDecimal bd = new java.math.BigDecimal(v)
                .round(new java.math.MathContext(6, java.math.RoundingMode.HALF_EVEN));
        int exp = bd.precision() - bd.scale() - 1;
        String sign = bd.signum() < 0 ? "-" : "";
        if (exp < -4 || exp >= 6) {
            String digits = stripZeros(bd.unscaledValue().abs().toString());
            String mantissa = digits.length() > 1 ? digits.charAt(0) + "." + digits.substring(1) : digits;
            int a = Math.abs(exp);
            return sign + mantissa + "e" + (exp < 0 ? "-" : "+") + (a < 10 ? "0" : "") + a;
        }
        String plain = bd.abs().setScale(Math.max(0, 5 - exp), java.math.RoundingMode.HALF_EVEN).toPlainString();
        if (plain.indexOf('.') >= 0) {
            plain = stripZeros(plain);
            if (plain.endsWith(".")) {
                plain = plain.substring(0, plain.length() - 1);
            }
        }
        return sign + plain;
    }

    private static String stripZeros(String s) {
        int end = s.length();
        while (end > 1 && s.charAt(end - 1) == '0') {
            end--;
        }
        return s.substring(0, end);
    }

    /** C {@code %f} of a double: six decimals, no grouping. */
    static String cDouble(double v) {
        return String.format(Locale.ROOT, "%f", v);
    }
}
