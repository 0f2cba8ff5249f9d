package org.djbranch.rewriter;

/**
 * A table (or other object) name as written: schema null when unqualified; names unquoted (quotes removed,
 * not folded). start/end: character span in the original SQL of the qualified name only, never the alias.
 */
public record TableRef(String schema, String name, boolean quoted, int start, int end, Role role,
    boolean schemaQuoted) {
  public enum Role { READ, WRITE, CREATE, ALTER, DROP, REFERENCE, COLUMN_QUALIFIER, OTHER }

  /** A reference whose schema part, if any, is quoted as its name is. */
  public TableRef(String schema, String name, boolean quoted, int start, int end, Role role) {
    this(schema, name, quoted, start, end, role, quoted);
  }

  TableRef withRole(Role newRole) {
    return new TableRef(schema, name, quoted, start, end, newRole, schemaQuoted);
  }
}
