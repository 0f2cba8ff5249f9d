package org.djbranch.compat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A ratchet over a checked-in list of differences between a branch and the raw driver: a difference not on the list
 * is new (a regression), a listed one no longer found is gone (the list may shrink). Each line is
 * {@code <key> | <excerpt>}; only the key, before the first {@code " | "}, is compared.
 */
final class KnownDifferences {
  static final String HEADER = String.join("\n",
      "# Differences between a djbranch branch and the raw driver on the sqllogictest corpus kept in this folder:",
      "# the open work of issue 27 (\"nothing the database accepts fails on a branch\"), whose target is none.",
      "# Written from a run of SqlLogicCorpusTest (compat-tests); one line per difference:",
      "#   <mode> <script>:<line> <what differs> | <the record's text, shortened>",
      "# mode: drafts (every table in the draft) or mixed (every other table the pipeline's); what differs: branch",
      "# fails <SQLState>, branch succeeds, update count, labels, rows, or catalog <entries> (trunk's catalog changed).",
      "# The test fails on a difference not listed here; a listed one that no longer occurs is reported, and its",
      "# line should then be removed (the run writes the list as found to compat-tests/target/sqllogictest/).",
      "");

  private final Set<String> keys = new LinkedHashSet<>();

  private KnownDifferences() {}

  static KnownDifferences read(Path file) throws IOException {
    KnownDifferences known = new KnownDifferences();
    if (Files.exists(file)) {
      for (String line : Files.readAllLines(file)) {
        if (!line.isBlank() && !line.startsWith("#")) {
          known.keys.add(key(line));
        }
      }
    }
    return known;
  }

  static String key(String line) {
    int bar = line.indexOf(" | ");
    return (bar < 0 ? line : line.substring(0, bar)).strip();
  }

  /** The lines of {@code found} whose key is not listed. */
  List<String> unlisted(List<String> found) {
    List<String> out = new ArrayList<>();
    for (String line : found) {
      if (!keys.contains(key(line))) {
        out.add(line);
      }
    }
    return out;
  }

  /** The listed keys that {@code found} no longer holds. */
  List<String> gone(List<String> found) {
    Set<String> now = new LinkedHashSet<>();
    for (String line : found) {
      now.add(key(line));
    }
    List<String> out = new ArrayList<>();
    for (String k : keys) {
      if (!now.contains(k)) {
        out.add(k);
      }
    }
    return out;
  }

  /** The list as {@code found} makes it, ready to replace the checked-in one. */
  static String write(List<String> found) {
    return HEADER + String.join("\n", found) + (found.isEmpty() ? "" : "\n");
  }
}
