/**
 * The {@code djbranch} command: one class per subcommand (demo, shell, status, diff, verify, promote, drop, prune, lake ...),
 * built on picocli. Talks to databases only through the driver's public API, its {@code Backend} and its
 * {@code PhysicalCatalog} (what the command reads and writes of the catalog), and reads a branch through
 * {@code cli.catalog}; lake repositories through the {@code lake} module.
 */
package org.djbranch.cli;
