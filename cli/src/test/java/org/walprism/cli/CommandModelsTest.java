package org.walprism.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * {@code CommandModels} (the generated programmatic picocli models walprism starts with) is what the annotations
 * say: the committed source is what {@link CommandModelsGenerator} makes of them now (so an option added, changed
 * or removed without regenerating fails here), and the generated model equals picocli's reflective one option by
 * option, in the help text, and in what parsing sets.
 */
class CommandModelsTest {

    @Test
    void committedSourceIsGeneratedFromTheAnnotations() throws IOException {
        String now = CommandModelsGenerator.generate();
        Path file = Path.of(CommandModelsGenerator.SOURCE);
        if (Boolean.getBoolean("walprism.regenerate")) {
            Files.writeString(file, now, StandardCharsets.UTF_8);
        }
        assertEquals(now, Files.readString(file, StandardCharsets.UTF_8), "CommandModels.java is not what the "
                + "annotations give: regenerate it with mvn -B -ntp -q -o test -pl cli -am -Dtest=CommandModelsTest "
                + "-Dsurefire.failIfNoSpecifiedTests=false -Dwalprism.regenerate=true");
    }

    static Stream<Class<?>> commands() {
        return CommandModelsGenerator.COMMANDS.stream();
    }

    private static Object newInstance(Class<?> c) throws ReflectiveOperationException {
        return c.getDeclaredConstructor().newInstance();
    }

    /** The generated model of a new instance of {@code c}. */
    private static CommandSpec generated(Object command) throws ReflectiveOperationException {
        Method m = CommandModels.class.getDeclaredMethod(CommandModelsGenerator.methodName(command.getClass()),
                command.getClass());
        return (CommandSpec) m.invoke(null, command);
    }

    @ParameterizedTest
    @MethodSource("commands")
    void sameModelAsTheAnnotations(Class<?> c) throws ReflectiveOperationException {
        CommandLine reflective = new CommandLine(newInstance(c));
        CommandLine programmatic = new CommandLine(generated(newInstance(c)));
        assertEquals(describe(reflective.getCommandSpec()), describe(programmatic.getCommandSpec()));
        assertEquals(reflective.getUsageMessage(CommandLine.Help.Ansi.OFF),
                programmatic.getUsageMessage(CommandLine.Help.Ansi.OFF));
    }

    /** Every attribute of the model that picocli's parser or help reads, one line per option or parameter. */
    @SuppressWarnings("deprecation") // OptionSpec.help(): picocli still reads it
    private static String describe(CommandSpec spec) {
        StringBuilder b = new StringBuilder();
        b.append("name=").append(spec.name()).append(" aliases=").append(Arrays.toString(spec.aliases()))
                .append(" mixins=").append(spec.mixins().keySet()).append(" version=")
                .append(Arrays.toString(spec.version())).append(" versionProvider=")
                .append(spec.versionProvider() == null ? null : spec.versionProvider().getClass())
                .append(" helpCommand=").append(spec.helpCommand()).append(" scope=").append(spec.scopeType())
                .append(" interpolate=").append(spec.interpolateVariables()).append(" defaults=")
                .append(spec.defaultValueProvider()).append(" subcommands=").append(spec.subcommands().keySet())
                .append(" unmatched=").append(spec.unmatchedArgsBindings().size()).append(" groups=")
                .append(spec.argGroups().size()).append(" standardHelp=").append(spec.mixinStandardHelpOptions())
                .append(" exit=").append(spec.exitCodeOnSuccess()).append(',').append(spec.exitCodeOnUsageHelp())
                .append(',').append(spec.exitCodeOnVersionHelp()).append(',').append(spec.exitCodeOnInvalidInput())
                .append(',').append(spec.exitCodeOnExecutionException()).append('\n');
        UsageMessageSpec u = spec.usageMessage();
        b.append("usage: description=").append(Arrays.toString(u.description())).append(" header=")
                .append(Arrays.toString(u.header())).append(" footer=").append(Arrays.toString(u.footer()))
                .append(" synopsis=").append(Arrays.toString(u.customSynopsis())).append(" sort=")
                .append(u.sortOptions()).append(',').append(u.sortSynopsis()).append(" abbreviate=")
                .append(u.abbreviateSynopsis()).append(" showDefaults=").append(u.showDefaultValues())
                .append(" hidden=").append(u.hidden()).append(" width=").append(u.width()).append(" marker=")
                .append(u.requiredOptionMarker()).append(" headings=").append(u.headerHeading()).append('|')
                .append(u.synopsisHeading()).append('|').append(u.descriptionHeading()).append('|')
                .append(u.parameterListHeading()).append('|').append(u.optionListHeading()).append('|')
                .append(u.commandListHeading()).append('|').append(u.footerHeading()).append('|')
                .append(u.exitCodeListHeading()).append(" exitCodes=").append(u.exitCodeList()).append('\n');
        for (OptionSpec o : spec.options()) {
            b.append("option ").append(Arrays.toString(o.names())).append(" help=").append(o.help()).append(',')
                    .append(o.usageHelp()).append(',').append(o.versionHelp()).append(" negatable=")
                    .append(o.negatable()).append(" fallback=").append(o.fallbackValue()).append(" order=")
                    .append(o.order()).append(' ');
            arg(b, o);
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            b.append("positional ").append(p.index()).append(' ');
            arg(b, p);
        }
        for (CommandSpec m : spec.mixins().values()) {
            b.append("mixin {").append(describe(m)).append("}\n");
        }
        return b.toString();
    }

    private static void arg(StringBuilder b, ArgSpec a) {
        List<String> converters = new ArrayList<>();
        for (CommandLine.ITypeConverter<?> c : a.converters()) {
            converters.add(c.getClass().getName());
        }
        b.append("arity=").append(a.arity()).append(a.arity().isUnspecified() ? "(unspecified)" : "")
                .append(" label=").append(a.paramLabel()).append(" hideSyntax=").append(a.hideParamSyntax())
                .append(" type=").append(a.type().getName()).append(" aux=").append(Arrays.toString(a.auxiliaryTypes()))
                .append(" multi=").append(a.typeInfo().isMultiValue()).append(" enum=").append(a.typeInfo().isEnum())
                .append(" converters=").append(converters).append(" default=").append(a.defaultValue())
                .append(" showDefault=").append(a.showDefaultValue()).append(" required=").append(a.required())
                .append(" hidden=").append(a.hidden()).append(" inherited=").append(a.inherited()).append(" scope=")
                .append(a.scopeType()).append(" split=").append(a.splitRegex()).append('|')
                .append(a.splitRegexSynopsisLabel()).append(" interactive=").append(a.interactive())
                .append(" descriptionKey=").append(a.descriptionKey() == null ? "" : a.descriptionKey()).append(" description=")
                .append(Arrays.toString(a.description())).append(" candidates=").append(candidates(a))
                .append(" initial=").append(a.hasInitialValue()).append(':').append(a.initialValue())
                .append(" consumer=").append(a.parameterConsumer()).append('\n');
    }

    private static List<String> candidates(ArgSpec a) {
        List<String> l = new ArrayList<>();
        if (a.completionCandidates() != null) {
            a.completionCandidates().forEach(l::add);
        }
        return l;
    }

    /** Argument vectors for each command: every option at least once, repeated ones, defaults, errors. */
    static Stream<Arguments> parses() {
        String seg = "000000010000000000000001";
        return Stream.of(
                Arguments.of(Main.class, new String[] {}),
                Arguments.of(Main.class, new String[] {"--debug"}),
                Arguments.of(Main.class, new String[] {"-V"}),
                Arguments.of(Main.class, new String[] {"--help"}),
                Arguments.of(StatsCommand.class, new String[] {}),
                Arguments.of(StatsCommand.class, new String[] {seg}),
                Arguments.of(StatsCommand.class, new String[] {seg, "000000010000000000000002", "-z"}),
                Arguments.of(StatsCommand.class, new String[] {"-p", "wal", "-s", "0/1000028", "-e", "0/2000000",
                        "-t", "0x2", "--stats=record", "--format", "csv", "-j", "3"}),
                Arguments.of(StatsCommand.class, new String[] {"-z", "--stats=record", "-r", "Heap", "-r", "Heap2",
                        "-R", "1663/5/16384", "-B", "7", "-F", "vm", "-w", "-x", "731", "-n", "10", "-q"}),
                Arguments.of(StatsCommand.class, new String[] {"--categories", "--bucket", "1min", "--relmap", "a.csv",
                        "--relmap", "b.csv", "--dbname", "db", "--since", "2026-12-01 10:00", "--until", "2026-12-02"}),
                Arguments.of(StatsCommand.class, new String[] {"--categories", "--compression-estimate", "--format",
                        "json"}),
                Arguments.of(StatsCommand.class, new String[] {"--by", "relation", "--top", "5", "--sort", "fpi"}),
                Arguments.of(StatsCommand.class, new String[] {"-f", "--interval", "2.5", "-V", "-h"}),
                Arguments.of(StatsCommand.class, new String[] {"--format", "xml"}),
                Arguments.of(StatsCommand.class, new String[] {"-s", "zz"}),
                Arguments.of(StatsCommand.class, new String[] {"-j", "x"}),
                Arguments.of(StatsCommand.class, new String[] {"--no-such"}),
                Arguments.of(DumpCommand.class, new String[] {}),
                Arguments.of(DumpCommand.class, new String[] {seg, "-b", "-n", "20", "-q", "--format", "json", "-j",
                        "1"}),
                Arguments.of(DumpCommand.class, new String[] {"-p", "x", "--save-fullpage", "out", "--blocks",
                        "--with-data", "-r", "list", "-x", "5", "-w"}),
                Arguments.of(DumpCommand.class, new String[] {"--relmap", "r.tsv", "--dbname", "x", "-t", "7",
                        "-e", "0/0", "--since", "a", "--until", "b"}),
                Arguments.of(DumpCommand.class, new String[] {"--format", "csv", "--help"}),
                Arguments.of(DumpCommand.class, new String[] {"-t", "-1"}));
    }

    /** Parsing the same arguments sets the same fields, or fails with the same message, in both models. */
    @ParameterizedTest
    @MethodSource("parses")
    void sameParse(Class<?> c, String[] args) throws ReflectiveOperationException {
        Object a = newInstance(c);
        Object b = newInstance(c);
        String ra = parse(new CommandLine(a), args);
        String rb = parse(new CommandLine(generated(b)), args);
        assertEquals(ra, rb);
        assertEquals(fields(a), fields(b));
        // twice on the same model: picocli restores initial values before each parse
        CommandLine again = new CommandLine(generated(newInstance(c)));
        parse(again, args);
        assertEquals(rb, parse(again, args));
    }

    private static String parse(CommandLine cl, String[] args) {
        try {
            CommandLine.ParseResult r = cl.parseArgs(args);
            return "ok " + r.matchedArgs().size() + " help=" + r.isUsageHelpRequested() + ","
                    + r.isVersionHelpRequested();
        } catch (CommandLine.ParameterException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** The values of the fields picocli sets, in {@code o} and its mixins. */
    private static String fields(Object o) throws IllegalAccessException {
        StringBuilder b = new StringBuilder(o.getClass().getSimpleName()).append('{');
        for (Field f : o.getClass().getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()
                    || f.isAnnotationPresent(CommandLine.Spec.class)) {
                continue;
            }
            if (!f.isAnnotationPresent(CommandLine.Option.class) && !f.isAnnotationPresent(CommandLine.Parameters.class)
                    && !f.isAnnotationPresent(CommandLine.Mixin.class)) {
                continue;
            }
            Object v = f.get(o);
            b.append(f.getName()).append('=')
                    .append(f.isAnnotationPresent(CommandLine.Mixin.class) ? fields(v) : String.valueOf(v)).append(' ');
        }
        return b.append('}').toString();
    }

    /** The generated models are used: walprism's own help lists the same text as picocli's reflective models. */
    @Test
    void helpThroughMainIsTheReflectiveHelp() throws ReflectiveOperationException {
        for (Class<?> c : CommandModelsGenerator.COMMANDS) {
            if (c == Main.class) {
                continue;
            }
            CommandLine reflective = new CommandLine(new Main());
            reflective.addSubcommand(CommandModelsGenerator.methodName(c), newInstance(c));
            CommandLine sub = reflective.getSubcommands().get(CommandModelsGenerator.methodName(c));
            sub.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n")
                    .exitCodeList(ExitCode.helpList());
            StringWriter out = new StringWriter();
            int code = Main.run(new PrintWriter(out), new PrintWriter(new StringWriter()),
                    CommandModelsGenerator.methodName(c), "--help");
            assertEquals(0, code);
            assertEquals(sub.getUsageMessage(CommandLine.Help.Ansi.OFF), out.toString());
            assertTrue(out.toString().contains("--debug"), out.toString());
            assertFalse(out.toString().isEmpty());
        }
    }
}
