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
import org.walprism.codec.rmgr.btree.BtreeCodec;
import org.walprism.codec.rmgr.heap.HeapCodec;
import org.walprism.codec.rmgr.heap2.Heap2Codec;
import org.walprism.codec.rmgr.heap2.OffsetArray;
import org.walprism.codec.rmgr.xact.XactCodec;
import org.walprism.codec.rmgr.xlog.XlogCodec;

/**
 * The {@code fields} object of {@code dump --format json}: the record's payload as the codec's typed value
 * ({@link HeapCodec#decode} for Heap, {@link Heap2Codec#decode} for Heap2, {@link XactCodec#decode} for
 * Transaction, {@link BtreeCodec#decode} for Btree, {@link XlogCodec#decode} for XLOG), written field by field
 * from the value's record components, never from the desc text.
 *
 * <p>Shape: {@code {"kind":"PruneFreeze","layout_since":"17", <component>: <value>, ...}}; {@code kind} names the
 * record's type, {@code layout_since} the first PostgreSQL major writing its byte layout (a PostgreSQL 18
 * record written as 17 wrote it says 17), absent for a type with one layout. Struct padding and raw copies of a
 * decoded field (components named {@code pad}, {@code ...Pad}, {@code reasonByte}: kept by the codec for
 * byte-exact encoding, uninitialised memory in PostgreSQL) are not written. Nested typed values (freeze
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
        return rmid == RmgrTable.HEAP || rmid == RmgrTable.HEAP2 || rmid == RmgrTable.TRANSACTION
                || rmid == RmgrTable.BTREE || rmid == RmgrTable.XLOG;
    }

    /**
     * Appends {@code "fields":{...}} for a typed resource manager, or {@code "fields_error":"..."} when the
     * payload does not decode; nothing for other resource managers. Returns whether something was appended.
     */
    static boolean append(StringBuilder sb, DecodedRecord r) {
        Object value;
        try {
            if (r.rmid() == RmgrTable.HEAP) {
                value = HeapCodec.decode(r);
            } else if (r.rmid() == RmgrTable.HEAP2) {
                value = Heap2Codec.decode(r);
            } else if (r.rmid() == RmgrTable.TRANSACTION) {
                value = XactCodec.decode(r);
            } else if (r.rmid() == RmgrTable.BTREE) {
                value = BtreeCodec.decode(r);
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
        RecordJson.str(sb, "kind", family != null ? family.getSimpleName() : c.getSimpleName());
        if (family != null && c.getSimpleName().startsWith("Pg")) {
            // Pg13, Pg19Beta1: the major (and pre-release) that first wrote the layout
            sb.append(',');
            RecordJson.str(sb, "layout_since", c.getSimpleName().substring(2).toLowerCase(java.util.Locale.ROOT));
        }
        components(sb, value, true);
        sb.append('}');
    }

    private static void components(StringBuilder sb, Record value, boolean comma) {
        boolean first = !comma;
        for (RecordComponent rc : COMPONENTS.computeIfAbsent(value.getClass(), Class::getRecordComponents)) {
            if ((value instanceof BlockImage && rc.getName().equals("bytes")) || isPadding(rc.getName())) {
                continue;
            }
            if (!first) {
                sb.append(',');
            }
            first = false;
            Object v = read(rc, value);
            if (rc.getName().equals("layout") && v instanceof Enum<?> e && e.name().startsWith("PG")) {
                // XactLayout.PG15: the first major writing the layout, as the top-level layout_since
                RecordJson.str(sb, "layout_since", e.name().substring(2).toLowerCase(java.util.Locale.ROOT));
                continue;
            }
            sb.append('"').append(rc.getName()).append("\":");
            value(sb, v);
        }
    }

    /** Struct padding or a raw copy of a decoded field: kept for encoding, not data. */
    static boolean isPadding(String component) {
        return component.equals("pad") || component.endsWith("Pad") || component.equals("reasonByte");
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
        } else if (v instanceof org.walprism.codec.rmgr.Bytes bytes) {
            value(sb, bytes.toByteArray());
        } else if (v instanceof org.walprism.codec.rmgr.InvalidationMessage m) {
            sb.append("{\"id\":").append(m.id()).append(",\"dbId\":").append(m.dbId()).append(",\"objectId\":")
                    .append(m.objectId()).append('}');
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
