package org.djbranch.driver;

import java.sql.DriverPropertyInfo;
import java.util.Properties;
import org.djbranch.driver.layout.BranchLayouts;

/**
 * The connection properties djbranch reads itself. Each is removed from the URL and the properties
 * before the wrapped driver sees them; every other property passes through untouched.
 */
public enum DriverProperty {
  BRANCH("branch", null,
      "The branch this connection works on, [A-Za-z0-9_]+. An explicit empty value means trunk, whatever"
          + " DJ_BRANCH or datajoint.json say. Unset: the environment variable DJ_BRANCH, then database.branch"
          + " in datajoint.json (working directory, then its parents), else trunk."),
  DRAFT_ROLE("draftRole", null,
      "PostgreSQL: a role the login is a member of that owns the branch's drafts. Every declaration into a draft"
          + " runs as this role, so another member can drop and re-declare what this login declared (two people on"
          + " one branch). Unset: objects belong to the login. MySQL/MariaDB, DuckDB, SQLite: not used (no owners)."),
  LAYOUT_CACHE_SIZE("layoutCacheSize", String.valueOf(BranchLayouts.DEFAULT_SIZE),
      "How many branch layouts (which tables of a database and branch live where) the process keeps, least"
          + " recently used dropped first; a dropped one is listed again when next used. Process-wide: the latest"
          + " connection that gives it sets it. Layouts that open connections still use are kept in any case."),
  BRANCH_LOCAL_TABLES("branchLocalTables", null,
      "Bookkeeping tables, comma-separated, that a branch keeps its own copy of (copied from trunk at first touch),"
          + " besides flyway_schema_history, DATABASECHANGELOG and DATABASECHANGELOGLOCK: for a migration tool's"
          + " history table under another name."),
  PIPELINE_CHANGES("pipelineChanges", "copy",
      "What a branch does with a change of a pipeline table's structure (ALTER TABLE, CREATE/DROP INDEX on it, DROP"
          + " TABLE, TRUNCATE, RENAME, COMMENT): copy (the table, rows and all, is copied into the branch's draft"
          + " first and changed there; trunk's table is never touched) or refuse (55000: the specification's"
          + " additive-only branch)."),
  PIPELINE_WRITES("pipelineWrites", "copy",
      "What a branch does with INSERT, UPDATE, DELETE, MERGE or REPLACE of a pipeline table's rows: copy (the table"
          + " is copied into the draft first and the rows are written there), refuse (55000) or pass (written into"
          + " the pipeline's table as the login allows: the specification's behaviour)."),
  COPY_ROW_LIMIT("copyRowLimit", String.valueOf(org.djbranch.driver.ddl.CopyPolicy.DEFAULT_ROW_LIMIT),
      "The most rows a branch copies of one pipeline table; a statement that would copy a larger one is refused"
          + " (55000) before anything is copied. Raise it, or set pipelineWrites=pass, for a larger table.");

  private final String key;
  private final String defaultValue;
  private final String description;

  DriverProperty(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  public String key() {
    return key;
  }

  public String defaultValue() {
    return defaultValue;
  }

  public String description() {
    return description;
  }

  /** The value in {@code props}, or null when the property is not there at all. */
  public String get(Properties props) {
    return props == null ? null : props.getProperty(key);
  }

  DriverPropertyInfo toInfo(Properties props) {
    String value = get(props);
    DriverPropertyInfo info = new DriverPropertyInfo(key, value != null ? value : defaultValue);
    info.description = description;
    info.required = false;
    return info;
  }
}
