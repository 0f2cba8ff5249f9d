package org.djbranch.driver.naming;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The bookkeeping tables a branch keeps its own copy of (docs/branch-semantics.md "Bookkeeping tables"): the history
 * and lock tables of Flyway ({@code flyway_schema_history}) and Liquibase ({@code DATABASECHANGELOG},
 * {@code DATABASECHANGELOGLOCK}), and those the connection property {@code branchLocalTables} names. The one deliberate
 * exception to "a table lives in exactly one side": on its first touch the branch copies trunk's table, rows and all,
 * into its draft, and from then on reads and writes its copy, so a migration run on a branch never writes trunk's
 * bookkeeping. Names compare without regard to case, as the tools spell them differently per database.
 */
public final class BranchLocalTables {
  /** The tables of Flyway and Liquibase under their default names. */
  public static final List<String> DEFAULTS = List.of("flyway_schema_history", "databasechangelog",
      "databasechangeloglock");

  private final Set<String> names;

  private BranchLocalTables(Set<String> names) {
    this.names = Set.copyOf(names);
  }

  /** The defaults and the comma-separated names of {@code property} (null or blank: the defaults alone). */
  public static BranchLocalTables of(String property) {
    Set<String> names = new LinkedHashSet<>(DEFAULTS);
    if (property != null) {
      for (String name : property.split(",")) {
        if (!name.isBlank()) {
          names.add(name.strip().toLowerCase(Locale.ROOT));
        }
      }
    }
    return new BranchLocalTables(names);
  }

  /** These names and {@code other}'s. */
  public BranchLocalTables with(BranchLocalTables other) {
    Set<String> all = new LinkedHashSet<>(names);
    all.addAll(other.names);
    return all.size() == names.size() ? this : new BranchLocalTables(all);
  }

  public boolean contains(String table) {
    return table != null && names.contains(table.toLowerCase(Locale.ROOT));
  }

  /** The names, lower-cased. */
  public Set<String> names() {
    return names;
  }
}
