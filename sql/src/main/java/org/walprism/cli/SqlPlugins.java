package org.walprism.cli;

/** The {@link CommandPlugin}s of walprism-sql: {@code sql} and {@code export}. */
public final class SqlPlugins {
    private SqlPlugins() {
    }

    /** {@code walprism sql}. */
    public static final class Sql implements CommandPlugin {
        @Override
        public String name() {
            return "sql";
        }

        @Override
        public Object newCommand() {
            return new SqlCommand();
        }
    }

    /** {@code walprism export}. */
    public static final class Export implements CommandPlugin {
        @Override
        public String name() {
            return "export";
        }

        @Override
        public Object newCommand() {
            return new ExportCommand();
        }
    }
}
