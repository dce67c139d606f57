package org.walprism.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.walprism.codec.WalVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code walprism} command: reads, writes and explains PostgreSQL WAL. Subcommands are registered here.
 *
 * <p>{@link #run} is the entry point for tests; {@link #main} only exits with its result.
 *
 * <p>picocli builds a command's model by reflection over its annotations, which costs more start-up time
 * than reading a segment does. So walprism itself, {@code stats} and {@code dump} start with the model
 * {@link CommandModels} builds with picocli's programmatic API (generated from their annotations, which stay
 * the one place options are declared: {@code CommandModelsTest} fails when the two differ), and only the
 * subcommand the arguments name is registered; every subcommand is registered when none is named and
 * something may list them (help, an unknown word).
 */
@Command(name = "walprism", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Reads, writes and explains PostgreSQL write-ahead log: ${sys:walprism.supported}.")
public final class Main implements Runnable {

    private static final String PICOCLI_EXCLUDES = "picocli.converters.excludes";
    private static final String PICOCLI_NO_CLOSURES = "picocli.disable.closures";

    /** Every subcommand's name, in the order {@code --help} lists them. */
    static final List<String> SUBCOMMANDS = List.of("stats", "dump", "stream", "diff", "report", "generate", "replay", "vacuums",
            "help");

    private static Object newSubcommand(String name) {
        return switch (name) {
            case "stats" -> CommandModels.stats(new StatsCommand());
            case "dump" -> CommandModels.dump(new DumpCommand());
            case "stream" -> new StreamCommand();
            case "diff" -> new DiffCommand();
            case "report" -> new ReportCommand();
            case "generate" -> new GenerateCommand();
            case "replay" -> new ReplayCommand();
            case "vacuums" -> new VacuumsCommand();
            case "help" -> new CommandLine.HelpCommand();
            default -> {
                CommandPlugin p = plugins().get(name);
                if (p == null) {
                    throw new IllegalArgumentException(name);
                }
                yield p.newCommand();
            }
        };
    }

    private static java.util.Map<String, CommandPlugin> plugins;

    /** The subcommands of other jars on the class path ({@link CommandPlugin}), by name; looked up once. */
    static synchronized java.util.Map<String, CommandPlugin> plugins() {
        if (plugins == null) {
            java.util.Map<String, CommandPlugin> m = new java.util.LinkedHashMap<>();
            for (CommandPlugin p : java.util.ServiceLoader.load(CommandPlugin.class)) {
                if (!SUBCOMMANDS.contains(p.name())) {
                    m.put(p.name(), p);
                }
            }
            plugins = m;
        }
        return plugins;
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "print the stack trace of an error")
    boolean debug;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command");
    }

    /** Runs walprism with {@code args}, writing to {@code out} and {@code err}; returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        // picocli registers converters for java.sql and java.time types by reflection, which initialises those
        // classes (java.time's formatters among them) at every start; no walprism option has such a type
        if (System.getProperty(PICOCLI_EXCLUDES) == null) {
            System.setProperty(PICOCLI_EXCLUDES, "java\\.sql\\..*,java\\.time\\..*");
        }
        // picocli's factory looks for Groovy's Closure class at its first use: a class the jar does not have, whose
        // lookup opens and indexes the jar (4,500 entries) in a process whose classes all come from the JVM cache
        if (System.getProperty(PICOCLI_NO_CLOSURES) == null) {
            System.setProperty(PICOCLI_NO_CLOSURES, "true");
        }
        args = pgWaldumpHabits(args);
        boolean debug = Arrays.asList(args).contains("--debug");
        ErrorReporter reporter = new ErrorReporter(debug);
        CommandLine cl = new CommandLine(CommandModels.walprism(new Main()));
        List<String> names = subcommandsFor(args);
        if (names.equals(SUBCOMMANDS)) {
            names = new ArrayList<>(SUBCOMMANDS);
            names.addAll(plugins().keySet());
        }
        for (String name : names) {
            cl.addSubcommand(name, newSubcommand(name));
        }
        // getopt semantics, as pg_waldump: a repeated option takes its last value (-z --stats=record)
        cl.setOverwrittenOptionsAllowed(true);
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(reporter);
        cl.setParameterExceptionHandler(reporter);
        cl.setExitCodeExceptionMapper(reporter);
        List<CommandLine> all = new ArrayList<>(cl.getSubcommands().values());
        all.add(cl);
        for (CommandLine c : all) {
            c.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCode.helpList());
            // -V/--version of a subcommand prints what walprism --version prints (picocli gives each its own spec)
            c.getCommandSpec().versionProvider(VERSION);
        }
        Phases.mark("model");
        try {
            return outputChecked(cl.execute(args), out, reporter, err);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // picocli hands only Exceptions to the reporter; these would otherwise end in a stack trace
            return reporter.report(e, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /**
     * pg_waldump's spellings that walprism's own options do not take: {@code -?} is help (pg_waldump's and every
     * PostgreSQL tool's), and {@code dump -z}, {@code dump --stats[=record]} is {@code stats}, as pg_waldump prints
     * statistics instead of records then ({@code -b} is ignored there, as pg_waldump ignores it with
     * {@code --stats}). Arguments after {@code --} are left alone.
     */
    static String[] pgWaldumpHabits(String... args) {
        List<String> out = new ArrayList<>(args.length);
        boolean dump = false;
        boolean stats = false;
        boolean rest = false;
        int command = -1;
        for (String a : args) {
            if (rest) {
                out.add(a);
                continue;
            }
            if (a.equals("--")) {
                rest = true;
            } else if (a.equals("-?")) {
                out.add("--help");
                continue;
            } else if (command < 0 && !a.startsWith("-")) {
                command = out.size();
                dump = a.equals("dump");
            } else if (dump && (a.equals("-z") || a.equals("--stats") || a.startsWith("--stats="))) {
                stats = true;
            }
            out.add(a);
        }
        if (stats) {
            out.set(command, "stats");
            out.removeIf(a -> a.equals("-b") || a.equals("--bkp-details"));
        }
        return out.toArray(String[]::new);
    }

    /**
     * {@code code}, or {@link ExitCode#OUTPUT} with its one error line when the command succeeded but its output
     * could not all be written (a full disk); a closed pipe ({@code | head}) leaves a success a success, as
     * pg_waldump ends quietly on SIGPIPE. A command that failed keeps its own error.
     */
    private static int outputChecked(int code, PrintWriter out, ErrorReporter reporter, PrintWriter err) {
        java.io.IOException failed = Stdout.failure(out);
        if (failed == null || code != ExitCode.OK.code() || Stdout.closedPipe(failed)) {
            return code;
        }
        return reporter.report(Stdout.outputError(failed), err);
    }

    /**
     * The subcommands to register for {@code args}: the one named by the first word that is not an option
     * (the root's options take no value), none when there is no word and no help option ({@code --version},
     * the "missing command" error), else all.
     */
    static List<String> subcommandsFor(String... args) {
        boolean help = false;
        for (String a : args) {
            if (a.equals("--")) {
                break;
            }
            if (!a.startsWith("-")) {
                if (SUBCOMMANDS.contains(a)) {
                    return a.equals("help") ? SUBCOMMANDS : List.of(a);
                }
                return plugins().containsKey(a) ? List.of(a) : SUBCOMMANDS;
            }
            help |= a.equals("--help") || (!a.startsWith("--") && a.contains("h"));
        }
        return help || Arrays.asList(args).contains("--") ? SUBCOMMANDS : List.of();
    }

    /**
     * Settings that must be made before the first Netty class loads: Netty logs through {@link NettyLog} and reads
     * no OS release file; on JDK
     * 24 and later, where Netty's use of {@code sun.misc.Unsafe} memory access makes the JVM print four warning
     * lines (JEP 498), Netty is told to use {@code ByteBuffer} instead: as fast over hundreds of megabytes, about
     * 12 ms slower over one cold 16 MB segment. An explicit {@code -Dio.netty.noUnsafe} wins ({@code bin/walprism}
     * allows Unsafe on JDK 24 and 25 with {@code --sun-misc-unsafe-memory-access=allow}).
     */
    static void configureNetty() {
        NettyLog.install();
        // the OS classifiers pick Netty's native libraries (transports, SSL), which walprism does not use; without the
        // property Netty's start reads /etc/os-release and /usr/lib/os-release in every process
        if (System.getProperty("io.netty.osClassifiers") == null) {
            System.setProperty("io.netty.osClassifiers", "");
        }
        if (Runtime.version().feature() >= 24 && System.getProperty("io.netty.noUnsafe") == null) {
            System.setProperty("io.netty.noUnsafe", "true");
        }
    }

    /** Runs walprism with {@code args} on the standard streams and exits with its exit code. */
    public static void main(String[] args) {
        Phases.enterMain();
        configureNetty();
        Progress.processRun = true;
        Interrupts.allow();
        PrintWriter out = Stdout.processWriter();
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int code = run(out, err, args);
        Phases.report(System.err);
        // Success ends by returning, as a JVM ends after its last thread: System.exit on JDK 21 and later first asks
        // for a System.Logger ("Runtime.exit" logging), which loads and looks up logging classes in every process
        if (code != 0 || otherThreadsAlive()) {
            System.exit(code);
        }
    }

    /** Whether a thread other than this one would keep the JVM running after main returns (none should). */
    private static boolean otherThreadsAlive() {
        Thread self = Thread.currentThread();
        Thread[] all = new Thread[self.getThreadGroup().activeCount() + 8];
        int n = self.getThreadGroup().enumerate(all);
        for (int i = 0; i < n; i++) {
            if (all[i] != self && !all[i].isDaemon() && all[i].isAlive()) {
                return true;
            }
        }
        return false;
    }

    private static final Version VERSION = new Version();

    static {
        // the versions help texts name (${sys:walprism.supported}, ${sys:walprism.labels}), from WalVersion alone
        System.setProperty("walprism.supported", WalVersion.supported());
        System.setProperty("walprism.labels", WalVersion.knownLabels());
    }

    /** {@code --version}: the jar's implementation version and the WAL it reads. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"walprism " + (v != null ? v : "0.1.0-SNAPSHOT"), "reads WAL of " + WalVersion.supported()};
        }
    }
}
