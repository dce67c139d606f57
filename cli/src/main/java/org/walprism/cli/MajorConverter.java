package org.walprism.cli;

import org.walprism.codec.WalVersion;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A PostgreSQL major as walprism labels it ({@code 13} .. {@code 19}, {@code master}); anything else is a usage error. */
final class MajorConverter implements ITypeConverter<WalVersion> {
    @Override
    public WalVersion convert(String value) {
        WalVersion v = value == null || value.isBlank() ? null : WalVersion.fromLabel(value);
        if (v == null) {
            throw new TypeConversionException("unknown PostgreSQL major \"" + value + "\" (expected " + WalVersion.knownLabels() + ")");
        }
        return v;
    }
}
