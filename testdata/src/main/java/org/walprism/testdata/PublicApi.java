package org.walprism.testdata;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The public API of one library module, one signature a line: every public or protected class, constructor,
 * method and field of the packages its {@code module-info} exports to everyone (qualified exports such as
 * {@code exports ... to ...} are not public API), read by reflection from the module's compiled classes and
 * sorted, each line starting with its class's binary name so that a class's lines stay together. Each
 * module's {@code PublicApiTest} compares it with the committed {@code api/MODULE.txt}, so a signature added,
 * changed or removed without regenerating that file fails the build.
 */
public final class PublicApi {

    /** The system property that makes {@link #check} write the committed file instead of failing. */
    public static final String REGENERATE = "walprism.regenerate";

    private PublicApi() {
    }

    /**
     * The sorted signature lines of the classes under {@code classes} (a module's {@code target/classes}, holding
     * its {@code module-info.class}), loaded without initialising them through {@code loader}.
     */
    public static List<String> signatures(Path classes, ClassLoader loader) throws IOException {
        ModuleDescriptor descriptor;
        try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
            descriptor = ModuleDescriptor.read(in);
        }
        Set<String> exported = descriptor.exports().stream()
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toCollection(TreeSet::new));
        TreeSet<String> lines = new TreeSet<>();
        for (String pkg : exported) {
            Path dir = classes.resolve(pkg.replace('.', '/'));
            List<Path> files;
            try (Stream<Path> s = Files.list(dir)) {
                files = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
            }
            for (Path file : files) {
                String simple = file.getFileName().toString();
                String name = pkg + "." + simple.substring(0, simple.length() - ".class".length());
                Class<?> c;
                try {
                    c = Class.forName(name, false, loader);
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException("cannot load " + name + " from " + classes, e);
                }
                if (visible(c)) {
                    describe(c, lines);
                }
            }
        }
        return new ArrayList<>(lines);
    }

    /**
     * Compares the API of {@code classes} with the committed {@code file}; with {@code -Dwalprism.regenerate=true}
     * writes the file first. On a difference throws an {@link AssertionError} naming the added and removed lines
     * and how to regenerate; {@code module} is the Maven module directory, used in that message.
     */
    public static void check(String module, Path classes, Path file, ClassLoader loader) throws IOException {
        List<String> now = signatures(classes, loader);
        if (Boolean.getBoolean(REGENERATE)) {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, String.join("\n", now) + "\n", StandardCharsets.UTF_8);
        }
        List<String> committed = Files.exists(file)
                ? Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isEmpty()).toList()
                : List.of();
        TreeSet<String> added = new TreeSet<>(now);
        committed.forEach(added::remove);
        TreeSet<String> removed = new TreeSet<>(committed);
        now.forEach(removed::remove);
        if (added.isEmpty() && removed.isEmpty()) {
            return;
        }
        StringBuilder msg = new StringBuilder();
        msg.append("the public API of ").append(module).append(" differs from ").append(module).append('/')
                .append(file).append(" (").append(added.size()).append(" added, ").append(removed.size())
                .append(" removed)\n");
        added.forEach(l -> msg.append("+ ").append(l).append('\n'));
        removed.forEach(l -> msg.append("- ").append(l).append('\n'));
        msg.append("if the change is intended, regenerate the file and commit it: nice mvn -B -ntp -o -pl ")
                .append(module).append(" -am test -Dtest=PublicApiTest -Dsurefire.failIfNoSpecifiedTests=false "
                        + "-Dwalprism.regenerate=true");
        throw new AssertionError(msg.toString());
    }

    /** Public or protected, and so is every class enclosing it. */
    private static boolean visible(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            if (k.isAnonymousClass() || k.isLocalClass() || k.isSynthetic() || !exposed(k.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    private static boolean exposed(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static void describe(Class<?> c, Set<String> lines) {
        StringBuilder head = new StringBuilder(c.toGenericString());
        Type sup = c.getGenericSuperclass();
        if (sup != null && sup != Object.class && !c.isEnum() && !c.isRecord()) {
            head.append(" extends ").append(sup.getTypeName());
        }
        Type[] interfaces = c.getGenericInterfaces();
        if (interfaces.length > 0) {
            head.append(c.isInterface() ? " extends " : " implements ");
            for (int i = 0; i < interfaces.length; i++) {
                head.append(i == 0 ? "" : ", ").append(interfaces[i].getTypeName());
            }
        }
        String prefix = c.getName() + " ";
        lines.add(prefix + head);
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            if (exposed(k.getModifiers()) && !k.isSynthetic()) {
                lines.add(prefix + k.toGenericString());
            }
        }
        for (Method m : c.getDeclaredMethods()) {
            if (exposed(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
                lines.add(prefix + m.toGenericString());
            }
        }
        for (Field f : c.getDeclaredFields()) {
            if (exposed(f.getModifiers()) && !f.isSynthetic()) {
                lines.add(prefix + f.toGenericString());
            }
        }
    }
}
