/**
 * The {@code walprism} command line (picocli): one class per subcommand, shared options as mixins, exit codes
 * mapped in one place.
 */
package org.walprism.cli;
