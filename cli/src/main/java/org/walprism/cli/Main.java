package org.walprism.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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
 */
@Command(name = "walprism", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Reads, writes and explains PostgreSQL write-ahead log (13 to 19 and master).",
        subcommands = {StatsCommand.class, DumpCommand.class, DiffCommand.class, ReportCommand.class,
            GenerateCommand.class, ReplayCommand.class, VacuumsCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

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
        boolean debug = Arrays.asList(args).contains("--debug");
        ErrorReporter reporter = new ErrorReporter(debug);
        CommandLine cl = new CommandLine(new Main());
        // getopt semantics, as pg_waldump: a repeated option takes its last value (-z --stats=record)
        cl.setOverwrittenOptionsAllowed(true);
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(reporter);
        cl.setParameterExceptionHandler(reporter);
        cl.setExitCodeExceptionMapper(t -> ErrorReporter.exitCode(t).code());
        java.util.List<CommandLine> all = new java.util.ArrayList<>(cl.getSubcommands().values());
        all.add(cl);
        for (CommandLine c : all) {
            c.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCode.helpList());
        }
        try {
            return cl.execute(args);
        } finally {
            out.flush();
            err.flush();
        }
    }

    public static void main(String[] args) {
        PrintWriter out = Stdout.processWriter();
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        System.exit(run(out, err, args));
    }

    /** {@code --version}: the jar's implementation version. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"walprism " + (v != null ? v : "0.1.0-SNAPSHOT")};
        }
    }
}
