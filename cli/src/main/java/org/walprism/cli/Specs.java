package org.walprism.cli;

import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Helpers for the commands whose picocli model is built by hand ({@code walprism} itself, {@code stats},
 * {@code dump}, the WAL range options): picocli's annotations are read by reflection, and on JDK 24 and later the
 * annotation proxies and method handles that takes are generated classes no JVM cache holds, so a command built
 * from annotations costs about twice the start-up CPU of one built with picocli's programmatic API (measured with
 * {@code bench/breakdown.sh}). The other commands, run rarely, keep their annotations.
 */
final class Specs {

    private Specs() {
    }

    /**
     * {@code Path} options: picocli's own converter calls {@code Paths.get} through {@code Method.invoke}, whose
     * first use in a JVM generates method-handle classes.
     */
    static final ITypeConverter<Path> PATH = Path::of;

    /** A field of a command as picocli's getter and setter: the initial value is read, parsed values written. */
    static final class Field<V> implements IGetter, ISetter {
        private final Supplier<V> get;
        private final Consumer<V> set;

        Field(Supplier<V> get, Consumer<V> set) {
            this.get = get;
            this.set = set;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) get.get();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T set(T value) {
            T old = get();
            set.accept((V) value);
            return old;
        }
    }

    /**
     * An option of type {@code type} bound to a field through {@code get} and {@code set}; its initial value is the
     * field's now, which picocli restores before each parse.
     */
    static <V> OptionSpec.Builder option(Class<V> type, Supplier<V> get, Consumer<V> set, String... names) {
        Field<V> f = new Field<>(get, set);
        return OptionSpec.builder(names).type(type).getter(f).setter(f).initialValue(get.get()).hasInitialValue(true);
    }

    /** A boolean flag bound to a field. */
    static OptionSpec.Builder flag(Supplier<Boolean> get, Consumer<Boolean> set, String... names) {
        return option(boolean.class, get::get, set, names).arity("0");
    }

    /**
     * picocli's {@code mixinStandardHelpOptions}: {@code -h/--help} and {@code -V/--version} with its words and
     * message keys (the mixin itself is an annotated class, read by reflection).
     */
    static void standardHelp(CommandSpec spec) {
        boolean[] unused = new boolean[2];
        spec.addOption(flag(() -> unused[0], v -> unused[0] = v, "-h", "--help").usageHelp(true)
                .descriptionKey("mixinStandardHelpOptions.help").description("Show this help message and exit.")
                .build());
        spec.addOption(flag(() -> unused[1], v -> unused[1] = v, "-V", "--version").versionHelp(true)
                .descriptionKey("mixinStandardHelpOptions.version").description("Print version information and exit.")
                .build());
    }
}
