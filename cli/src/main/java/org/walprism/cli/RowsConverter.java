package org.walprism.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --rows N|all}: rows per table of a text diff; {@code all} is -1 (no limit). */
final class RowsConverter implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
        if (value.trim().equalsIgnoreCase("all")) {
            return -1;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new TypeConversionException("invalid value \"" + value + "\" for option --rows: a number of rows "
                + "(0 or more) or \"all\"");
    }
}
