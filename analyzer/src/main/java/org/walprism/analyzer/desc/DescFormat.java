package org.walprism.analyzer.desc;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.walprism.codec.rmgr.heap2.LockUpdated;
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

    /** The formatter of years outside 1..9999, made on first use (java.time costs startup time). */
    private static final class Formatter {
        static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
                .withZone(ZoneOffset.UTC);
    }

    /**
     * pg_waldump's {@code timestamptz_to_str}: {@code %Y-%m-%d %H:%M:%S.%06d %Z} in the tool's time zone.
     * walprism always prints UTC (the oracle captures were taken with TZ=UTC).
     */
    static String timestamptz(long t, TimestampStyle style) {
        return timestamptz(new TextBuffer(40), t, style).toString();
    }

    /** {@link #timestamptz(long, TimestampStyle)} through java.time, for any year. */
    static String timestamptzAnyYear(long t, TimestampStyle style) {
        return switch (style) {
            case WALDUMP -> {
                // C division truncates toward zero, as timestamptz_to_time_t and t % USECS_PER_SEC do
                long seconds = t / 1_000_000L + PG_EPOCH_UNIX_SECONDS;
                long micros = t % 1_000_000L;
                String frac = micros < 0 ? "-" + pad6(-micros) : pad6(micros);
                yield Formatter.TS.format(Instant.ofEpochSecond(seconds)) + "." + frac + " UTC";
            }
            case BACKEND -> {
                long seconds = Math.floorDiv(t, 1_000_000L) + PG_EPOCH_UNIX_SECONDS;
                long micros = Math.floorMod(t, 1_000_000L);
                String text = Formatter.TS.format(Instant.ofEpochSecond(seconds));
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

    /**
     * {@link #timestamptz(long, TimestampStyle)} appended to {@code sb}, digit by digit for years 1 to 9999 (no
     * allocation); other years go through the formatter.
     */
    static TextBuffer timestamptz(TextBuffer sb, long t, TimestampStyle style) {
        long seconds;
        long micros;
        if (style == TimestampStyle.WALDUMP) {
            seconds = t / 1_000_000L + PG_EPOCH_UNIX_SECONDS;
            micros = t % 1_000_000L;
        } else {
            seconds = Math.floorDiv(t, 1_000_000L) + PG_EPOCH_UNIX_SECONDS;
            micros = Math.floorMod(t, 1_000_000L);
        }
        // 0001-01-01 .. 9999-12-31 in Unix seconds
        if (seconds < -62_135_596_800L || seconds > 253_402_300_799L) {
            return sb.append(timestamptzAnyYear(t, style));
        }
        long days = Math.floorDiv(seconds, 86_400L);
        long secOfDay = Math.floorMod(seconds, 86_400L);
        // civil_from_days (H. Hinnant): proleptic Gregorian date of a day count from 1970-01-01
        long z = days + 719_468L;
        long era = Math.floorDiv(z, 146_097L);
        long doe = z - era * 146_097L;
        long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        long mp = (5 * doy + 2) / 153;
        long day = doy - (153 * mp + 2) / 5 + 1;
        long month = mp < 10 ? mp + 3 : mp - 9;
        long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
        sb.appendZeroPadded(year, 4).append('-').appendZeroPadded(month, 2).append('-').appendZeroPadded(day, 2)
                .append(' ').appendZeroPadded(secOfDay / 3600, 2).append(':').appendZeroPadded(secOfDay / 60 % 60, 2)
                .append(':').appendZeroPadded(secOfDay % 60, 2);
        if (style == TimestampStyle.WALDUMP) {
            sb.append('.');
            if (micros < 0) {
                sb.append('-');
                micros = -micros;
            }
            return sb.appendZeroPadded(micros, 6).append(" UTC");
        }
        if (micros != 0) {
            int digits = 6;
            while (micros % 10 == 0) {
                micros /= 10;
                digits--;
            }
            sb.append('.').appendZeroPadded(micros, digits);
        }
        return sb.append("+00");
    }

    private static String pad6(long v) {
        String s = Long.toString(v);
        return "0".repeat(Math.max(0, 6 - s.length())) + s;
    }

    /** An LSN as {@code version}'s desc functions print it: {@code %X/%X} up to 18, {@code %X/%08X} from 19. */
    static String lsn(WalVersion version, long value) {
        return Lsn.format(value, padLsn(version));
    }

    /** {@link #lsn(WalVersion, long)} appended to {@code sb}. */
    static TextBuffer lsn(TextBuffer sb, WalVersion version, long value) {
        return sb.appendLsn(value, padLsn(version));
    }

    private static boolean padLsn(WalVersion version) {
        return switch (version) {
            case PG13, PG14, PG15, PG16, PG17, PG18 -> false;
            case PG19_BETA1, PG19_BETA3, PG19 -> true;
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

    /** {@link #relpath(WalVersion, long, long, long, int)} appended to {@code sb}. */
    static TextBuffer relpath(TextBuffer sb, WalVersion version, long spc, long db, long rel, int fork) {
        if (spc == 1664) {
            sb.append("global/").append(rel);
        } else if (spc == 1663) {
            sb.append("base/").append(db).append('/').append(rel);
        } else {
            sb.append("pg_tblspc/").append(spc).append('/').append(tablespaceVersionDirectory(version)).append('/')
                    .append(db).append('/').append(rel);
        }
        if (fork != 0) {
            sb.append('_').append(fork >= 0 && fork < FORKS.length ? FORKS[fork] : "invalid");
        }
        return sb;
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
            case PG19_BETA1 -> "PG_19_202606281";
            // the corpus's 0xD121 WAL is from a 20devel build; 19beta3's own catalog number is not known here
            case PG19_BETA3 -> "PG_20_202608183";
            case PG19 -> "PG_19_202610061";
        };
    }

    /** rmgrdesc_utils {@code array_desc} with {@code offset_elem_desc}: {@code " [1, 2]"} or {@code " []"}. */
    static void offsetArray(TextBuffer sb, DescData d, int offset, int count, String field) {
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
    static void oidArray(TextBuffer sb, DescData d, int offset, int count, String field) {
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
    static void infobitsList(TextBuffer sb, int bits, String key) {
        sb.append(key).append(": [");
        int start = sb.length();
        appendFlag(sb, bits, LockUpdated.XLHL_XMAX_IS_MULTI, "IS_MULTI", start);
        appendFlag(sb, bits, LockUpdated.XLHL_XMAX_LOCK_ONLY, "LOCK_ONLY", start);
        appendFlag(sb, bits, LockUpdated.XLHL_XMAX_EXCL_LOCK, "EXCL_LOCK", start);
        appendFlag(sb, bits, LockUpdated.XLHL_XMAX_KEYSHR_LOCK, "KEYSHR_LOCK", start);
        appendFlag(sb, bits, LockUpdated.XLHL_KEYS_UPDATED, "KEYS_UPDATED", start);
        sb.append(']');
    }

    private static void appendFlag(TextBuffer sb, int bits, int bit, String word, int start) {
        if ((bits & bit) != 0) {
            if (sb.length() > start) {
                sb.append(", ");
            }
            sb.append(word);
        }
    }

    /** Heap {@code out_infobits} (13-15): each set flag's word followed by one space. */
    static void infobitsWords(TextBuffer sb, int bits) {
        if ((bits & LockUpdated.XLHL_XMAX_IS_MULTI) != 0) {
            sb.append("IS_MULTI ");
        }
        if ((bits & LockUpdated.XLHL_XMAX_LOCK_ONLY) != 0) {
            sb.append("LOCK_ONLY ");
        }
        if ((bits & LockUpdated.XLHL_XMAX_EXCL_LOCK) != 0) {
            sb.append("EXCL_LOCK ");
        }
        if ((bits & LockUpdated.XLHL_XMAX_KEYSHR_LOCK) != 0) {
            sb.append("KEYSHR_LOCK ");
        }
        if ((bits & LockUpdated.XLHL_KEYS_UPDATED) != 0) {
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
