package org.djbranch.cli;

import picocli.CommandLine.Option;

/** {@code --url} and {@code --branch}, shared by the commands that work on a branch of a database. */
public final class DatabaseOptions {
  @Option(names = "--url", required = true, paramLabel = "URL",
      description = "the database: jdbc:djbranch:<url> or the wrapped driver's jdbc:<url>")
  String url;

  @Option(names = "--branch", required = true, paramLabel = "B", description = "the branch ([A-Za-z0-9_]+)")
  String branch;

  Target target() {
    return new Target(url);
  }
}
