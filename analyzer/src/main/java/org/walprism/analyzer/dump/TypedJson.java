package org.walprism.analyzer.dump;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.walprism.codec.WalFormatException;
import org.walprism.codec.record.BlockImage;
import org.walprism.codec.record.DecodedRecord;
import org.walprism.codec.record.RelFileLocator;
import org.walprism.codec.rmgr.RmgrTable;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.xlog.XlogCodec;

/**
 * The {@code fields} object of {@code dump --format json}: the record's payload as the codec's typed value
 * ({@link Heap2Codec#decode} for Heap2, {@link XlogCodec#decode} for XLOG), written field by field from the
 * value's record components, never from the desc text.
 *
 * <p>Shape: {@code {"kind":"HeapPrune","layout":"Pg16", <component>: <value>, ...}}; {@code kind} names the
 * sealed family, {@code layout} the byte layout (the first major writing it). Nested typed values (freeze
 * plans, the prune body, relation locators) are objects of their components; offset arrays are arrays of
 * numbers; enums their names; opaque bytes a lower-case hex string. Block images inside FPI records are
 * written without their bytes (their headers only; the bytes are the record's, not the payload's).
 */
final class TypedJson {
    private static final Map<Class<?>, RecordComponent[]> COMPONENTS = new ConcurrentHashMap<>();

    private TypedJson() {
    }

    /** Whether {@code rmid} has typed payloads written under {@code fields}. */
    static boolean isTyped(int rmid) {
        return rmid == RmgrTable.HEAP2 || rmid == RmgrTable.XLOG;
    }

    /**
     * Appends {@code "fields":{...}} for a typed resource manager, or {@code "fields_error":"..."} when the
     * payload does not decode; nothing for other resource managers. Returns whether something was appended.
     */
    static boolean append(StringBuilder sb, DecodedRecord r) {
        Object value;
        try {
            if (r.rmid() == RmgrTable.HEAP2) {
                value = Heap2Codec.decode(r);
            } else if (r.rmid() == RmgrTable.XLOG) {
                value = XlogCodec.decode(r);
            } else {
                return false;
            }
        } catch (WalFormatException e) {
            RecordJson.str(sb, "fields_error", e.getMessage());
            return true;
        }
        sb.append("\"fields\":");
        typed(sb, (Record) value);
        return true;
    }

    /** A top-level typed value: its family and layout, then its components. */
    private static void typed(StringBuilder sb, Record value) {
        Class<?> c = value.getClass();
        Class<?> family = c.getEnclosingClass();
        sb.append('{');
        RecordJson.str(sb, "kind", family != null ? family.getSimpleName() : c.getSimpleName()).append(',');
        RecordJson.str(sb, "layout", family != null ? c.getSimpleName() : "");
        components(sb, value, true);
        sb.append('}');
    }

    private static void components(StringBuilder sb, Record value, boolean comma) {
        boolean first = !comma;
        for (RecordComponent rc : COMPONENTS.computeIfAbsent(value.getClass(), Class::getRecordComponents)) {
            if (value instanceof BlockImage && rc.getName().equals("bytes")) {
                continue;
            }
            if (!first) {
                sb.append(',');
            }
            first = false;
            sb.append('"').append(rc.getName()).append("\":");
            value(sb, read(rc, value));
        }
    }

    private static Object read(RecordComponent rc, Record value) {
        try {
            return rc.getAccessor().invoke(value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("record component not accessible: " + rc, e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("record component accessor failed: " + rc, e.getCause());
        }
    }

    private static void value(StringBuilder sb, Object v) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long || v instanceof Short
                || v instanceof Byte) {
            sb.append(v);
        } else if (v instanceof String s) {
            RecordJson.quote(sb, s);
        } else if (v instanceof Enum<?> e) {
            RecordJson.quote(sb, e.name());
        } else if (v instanceof OffsetArray a) {
            sb.append('[');
            for (int i = 0; i < a.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(a.get(i));
            }
            sb.append(']');
        } else if (v instanceof byte[] bytes) {
            sb.append('"');
            for (byte b : bytes) {
                sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            sb.append('"');
        } else if (v instanceof List<?> list) {
            sb.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                value(sb, list.get(i));
            }
            sb.append(']');
        } else if (v instanceof RelFileLocator rel) {
            sb.append("{\"spcOid\":").append(rel.spcOid()).append(",\"dbOid\":").append(rel.dbOid())
                    .append(",\"relNumber\":").append(rel.relNumber()).append('}');
        } else if (v instanceof Record rec) {
            sb.append('{');
            components(sb, rec, false);
            sb.append('}');
        } else {
            throw new IllegalStateException("no JSON form for " + v.getClass().getName());
        }
    }
}
