package org.djbranch.driver.backend;

import java.nio.charset.StandardCharsets;
import org.djbranch.driver.SqlState;
import org.djbranch.rewriter.Dialect;

/**
 * Everything that differs between the databases djbranch wraps. One implementation per database, chosen from
 * the wrapped URL; nothing outside this package asks which database it is talking to.
 */
public abstract class Backend {
  private final String displayName;
  private final Dialect dialect;
  private final int identifierLimit;
  private final boolean limitInBytes;

  protected Backend(String displayName, Dialect dialect, int identifierLimit, boolean limitInBytes) {
    this.displayName = displayName;
    this.dialect = dialect;
    this.identifierLimit = identifierLimit;
    this.limitInBytes = limitInBytes;
  }

  /** The database's name, for messages. */
  public final String displayName() {
    return displayName;
  }

  /** The SQL dialect the rewriter lexes and parses this database's statements in. */
  public final Dialect dialect() {
    return dialect;
  }

  /** The longest identifier the database accepts, in {@link #limitInBytes() bytes or characters}. */
  public final int identifierLimit() {
    return identifierLimit;
  }

  /** PostgreSQL counts an identifier's UTF-8 bytes; MySQL counts characters. */
  public final boolean limitInBytes() {
    return limitInBytes;
  }

  /** The identifier quoted as this database quotes it. */
  public final String quote(String identifier) {
    return dialect.quote(identifier);
  }

  /** {@code schema.table}, each part quoted as this database quotes it. */
  public final String quote(String schema, String table) {
    return dialect.quote(schema, table);
  }

  /** Whether {@code name} fits the identifier limit. */
  public final boolean fits(String name) {
    int length = limitInBytes ? name.getBytes(StandardCharsets.UTF_8).length : name.codePointCount(0, name.length());
    return length <= identifierLimit;
  }

  /** Fails, naming the schema, when a derived schema name would not fit the identifier limit. */
  public final void checkSchemaName(String schema) throws org.djbranch.driver.BranchSqlException {
    if (!fits(schema)) {
      throw SqlState.NAME_TOO_LONG.exception("The schema name " + schema + " derived for this branch is longer than "
          + displayName + " allows (" + identifierLimit + (limitInBytes ? " bytes" : " characters")
          + "). Use a shorter branch or schema name.");
    }
  }

  @Override
  public String toString() {
    return displayName;
  }
}
