package org.djbranch.rewriter;

/**
 * A table (or other object) name as written: schema null when unqualified; names unquoted (quotes removed,
 * not folded). start/end: character span in the original SQL of the qualified name only, never the alias.
 * {@code catalog}: the part before the schema where the name has three ({@code db.s.t}, DuckDB's attached
 * databases), else null; the span covers it too.
 */
public record TableRef(String schema, String name, boolean quoted, int start, int end, Role role,
    boolean schemaQuoted, String catalog) {
  public enum Role { READ, WRITE, CREATE, ALTER, DROP, REFERENCE, COLUMN_QUALIFIER, OTHER }

  /** A reference whose schema part, if any, is quoted as its name is. */
  public TableRef(String schema, String name, boolean quoted, int start, int end, Role role) {
    this(schema, name, quoted, start, end, role, quoted);
  }

  /** A reference of one or two parts. */
  public TableRef(String schema, String name, boolean quoted, int start, int end, Role role, boolean schemaQuoted) {
    this(schema, name, quoted, start, end, role, schemaQuoted, null);
  }

  /** Whether the statement changes what the name stands for (rows, structure, or the object itself). */
  public boolean changes() {
    return role == Role.WRITE || role == Role.CREATE || role == Role.ALTER || role == Role.DROP;
  }

  TableRef withRole(Role newRole) {
    return new TableRef(schema, name, quoted, start, end, newRole, schemaQuoted, catalog);
  }

  /** The same reference in a text {@code by} characters further on (read from a part of it). */
  TableRef shifted(int by) {
    return new TableRef(schema, name, quoted, start + by, end + by, role, schemaQuoted, catalog);
  }
}
