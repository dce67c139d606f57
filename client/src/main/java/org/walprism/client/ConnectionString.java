package org.walprism.client;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The one parser of connection strings ({@code stream -d}, {@code --dbname}), as libpq takes them
 * (libpq's fe-connect.c conninfo_parse and conninfo_uri_parse): {@code key=value} pairs, values optionally
 * single-quoted with {@code \'} and {@code \\} escapes; a {@code postgresql://} or {@code postgres://} URI
 * ({@code [user[:password]@][host][:port][/dbname][?key=value&...]}, percent-encoded as conninfo_uri_decode reads
 * it: {@code +} is a plus sign, {@code %00} is refused); a {@code jdbc:postgresql://} URL; or a bare database name.
 *
 * <p>A connection string carries a password: no error quotes any part of it. An error names the part of the string
 * that is wrong (the password, the value of a key) and the character position, never its text.
 */
public final class ConnectionString {
    private ConnectionString() {
    }

    /** A connection string that does not parse: a usage error. The message quotes none of the string. */
    public static final class InvalidException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        InvalidException(String why) {
            super("--dbname: invalid connection string: " + why);
        }
    }

    /**
     * The keys and values of {@code conninfo} (keys in lower case), without defaults.
     *
     * @throws InvalidException when it does not parse
     */
    public static Map<String, String> parse(String conninfo) {
        Map<String, String> kv = new LinkedHashMap<>();
        String s = conninfo.strip();
        if (s.startsWith("jdbc:")) {
            s = s.substring(5);
        }
        if (s.startsWith("postgresql://") || s.startsWith("postgres://")) {
            uri(s, kv);
        } else if (s.contains("=")) {
            pairs(s, kv);
        } else if (!s.isEmpty()) {
            kv.put("dbname", s);
        }
        return kv;
    }

    private static void uri(String s, Map<String, String> kv) {
        String rest = s.substring(s.indexOf("://") + 3);
        String query = null;
        int q = rest.indexOf('?');
        if (q >= 0) {
            query = rest.substring(q + 1);
            rest = rest.substring(0, q);
        }
        int slash = rest.indexOf('/');
        String authority = slash >= 0 ? rest.substring(0, slash) : rest;
        if (slash >= 0 && slash + 1 < rest.length()) {
            kv.put("dbname", decode(rest.substring(slash + 1), "the database name"));
        }
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            String userinfo = authority.substring(0, at);
            authority = authority.substring(at + 1);
            int colon = userinfo.indexOf(':');
            kv.put("user", decode(colon >= 0 ? userinfo.substring(0, colon) : userinfo, "the user name"));
            if (colon >= 0) {
                kv.put("password", decode(userinfo.substring(colon + 1), "the password"));
            }
        }
        int colon = authority.lastIndexOf(':');
        if (colon >= 0 && !authority.endsWith("]")) {
            kv.put("port", authority.substring(colon + 1));
            authority = authority.substring(0, colon);
        }
        if (!authority.isEmpty()) {
            kv.put("host", decode(authority.replace("[", "").replace("]", ""), "the host"));
        }
        if (query != null) {
            int n = 0;
            for (String p : query.split("&")) {
                n++;
                int eq = p.indexOf('=');
                if (eq > 0) {
                    String key = decode(p.substring(0, eq), "the name of query parameter " + n)
                            .toLowerCase(Locale.ROOT);
                    kv.put(key, decode(p.substring(eq + 1), "the value of query parameter " + n));
                }
            }
        }
    }

    /**
     * {@code s} percent-decoded as libpq's conninfo_uri_decode does it; {@code what} names the part for the error,
     * which never quotes it (it may be a password, or follow one).
     */
    static String decode(String s, String what) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream b = new ByteArrayOutputStream(s.length());
        byte[] raw = s.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] != '%') {
                b.write(raw[i]);
                continue;
            }
            int hi = i + 1 < raw.length ? Character.digit(raw[i + 1], 16) : -1;
            int lo = i + 2 < raw.length ? Character.digit(raw[i + 2], 16) : -1;
            if (hi < 0 || lo < 0) {
                throw new InvalidException("invalid percent-encoded token in " + what
                        + " (expected: % and two hexadecimal digits)");
            }
            int v = hi * 16 + lo;
            if (v == 0) {
                throw new InvalidException("forbidden value %00 in " + what);
            }
            b.write(v);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new InvalidException("percent-encoded bytes of " + what + " are not UTF-8");
        }
    }

    /** libpq's {@code key=value} pairs: values may be single-quoted, with {@code \'} and {@code \\} escapes. */
    private static void pairs(String s, Map<String, String> kv) {
        int i = 0;
        int n = s.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int wordStart = i;
            int eq = i;
            while (eq < n && s.charAt(eq) != '=' && !Character.isWhitespace(s.charAt(eq))) {
                eq++;
            }
            int after = eq;
            while (after < n && Character.isWhitespace(s.charAt(after))) {
                after++;
            }
            if (after >= n || s.charAt(after) != '=') {
                // the word may be part of a password given without quotes: its position, not its text
                throw new InvalidException("missing \"=\" after the word at character " + (wordStart + 1));
            }
            String key = s.substring(wordStart, eq).toLowerCase(Locale.ROOT);
            i = after + 1;
            while (i < n && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            StringBuilder v = new StringBuilder();
            if (i < n && s.charAt(i) == '\'') {
                i++;
                boolean closed = false;
                while (i < n) {
                    char ch = s.charAt(i++);
                    if (ch == '\\' && i < n) {
                        v.append(s.charAt(i++));
                    } else if (ch == '\'') {
                        closed = true;
                        break;
                    } else {
                        v.append(ch);
                    }
                }
                if (!closed) {
                    throw new InvalidException("unterminated quoted value of \"" + safeKey(key) + "\"");
                }
            } else {
                while (i < n && !Character.isWhitespace(s.charAt(i))) {
                    char ch = s.charAt(i++);
                    if (ch == '\\' && i < n) {
                        ch = s.charAt(i++);
                    }
                    v.append(ch);
                }
            }
            kv.put(key, v.toString());
        }
    }

    /** A key for a message: a libpq keyword is letters and underscores; anything else is not quoted. */
    private static String safeKey(String key) {
        return key.matches("[a-z_]{1,40}") ? key : "?";
    }
}
