package org.djbranch.cli;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.PhysicalCatalog;
import org.djbranch.driver.naming.DraftNames;
import org.djbranch.driver.naming.DraftNames.Reading;

/**
 * The branches that have drafts in a database, read from its schema names (spec 8 leaves enumerating live branches
 * to the caller; spec 9 needs it for garbage collection). A draft name can read several ways ({@link DraftNames});
 * {@link DraftNames#owner} says which holds. A name that belongs to no branch for sure is reported, and
 * {@code drop} refuses it rather than guess.
 */
final class LiveBranches {
  /** A schema named like a draft, every way it reads, and those whose logical schema exists. */
  record Draft(String schema, List<Reading> readings, List<Reading> plausible) {
    /** The branch and schema it is the draft of, or null when that cannot be told. */
    Reading owner() {
      return DraftNames.owner(schema, logical -> plausible.stream().anyMatch(r -> r.logical().equals(logical)));
    }

    boolean ambiguous() {
      return owner() == null;
    }

    /** The readings worth naming in a message: those whose schema exists, else all of them. */
    List<Reading> candidates() {
      return plausible.isEmpty() ? readings : plausible;
    }
  }

  private final List<Draft> drafts;

  private LiveBranches(List<Draft> drafts) {
    this.drafts = drafts;
  }

  /**
   * Reads the schema names; {@code c} is a trunk connection on which {@link PhysicalCatalog#attachAllSchemas} ran.
   */
  static LiveBranches read(Connection c, PhysicalCatalog catalog) throws SQLException {
    Backend b = catalog.backend();
    List<String> schemas = catalog.schemas(c);
    Set<String> existing = new HashSet<>();
    for (String s : schemas) {
      existing.add(b.key(s, true));
    }
    List<Draft> drafts = new ArrayList<>();
    for (String s : schemas) {
      List<Reading> readings = DraftNames.readings(s);
      if (readings.isEmpty()) {
        continue;
      }
      List<Reading> plausible = new ArrayList<>();
      for (Reading r : readings) {
        if (existing.contains(b.key(r.logical(), true))) {
          plausible.add(r);
        }
      }
      drafts.add(new Draft(s, readings, plausible));
    }
    return new LiveBranches(drafts);
  }

  /** The drafts of which some reading is a draft of a logical schema {@code logical} accepts. */
  LiveBranches only(java.util.function.Predicate<String> logical) {
    return new LiveBranches(drafts.stream().filter(d -> d.readings().stream().anyMatch(r -> logical.test(r.logical())))
        .toList());
  }

  List<Draft> drafts() {
    return drafts;
  }

  /** The drafts each branch certainly owns, by branch name. */
  Map<String, List<Draft>> byBranch() {
    Map<String, List<Draft>> out = new TreeMap<>();
    for (Draft d : drafts) {
      if (!d.ambiguous()) {
        out.computeIfAbsent(d.owner().branch(), k -> new ArrayList<>()).add(d);
      }
    }
    return out;
  }

  List<Draft> ambiguous() {
    List<Draft> out = new ArrayList<>();
    for (Draft d : drafts) {
      if (d.ambiguous()) {
        out.add(d);
      }
    }
    return out;
  }

  /** The draft named {@code schema}, or null when no schema of that name reads as a draft. */
  Draft draft(String schema) {
    for (Draft d : drafts) {
      if (d.schema().equals(schema)) {
        return d;
      }
    }
    return null;
  }

  /**
   * Of {@code schemas} (names starting {@code br_<branch>_}), those that are certainly {@code branch}'s drafts; a
   * name another branch owns is left out, and a name that cannot be told fails, naming every reading: a tool that
   * drops schemas must not guess whose they are.
   */
  List<String> ownedBy(String branch, List<String> schemas) throws SQLException {
    List<String> out = new ArrayList<>();
    for (String s : schemas) {
      Draft d = draft(s);
      if (d == null) {
        continue;
      }
      if (d.ambiguous()) {
        throw new SQLException("Cannot tell whose draft " + BranchesCommand.ambiguity(d) + " Nothing was dropped."
            + " Drop that schema by hand once you know, then run this again.", "42P09");
      }
      if (d.owner().branch().equals(branch)) {
        out.add(s);
      }
    }
    return out;
  }

  /** Pairs of branches one of which extends the other with {@code _...}: their draft names can meet. */
  List<String[]> nestedBranchNames() {
    List<String> names = new ArrayList<>(byBranch().keySet());
    List<String[]> out = new ArrayList<>();
    for (String a : names) {
      for (String b : names) {
        if (!a.equals(b) && b.startsWith(a + "_")) {
          out.add(new String[] {a, b});
        }
      }
    }
    return out;
  }
}
