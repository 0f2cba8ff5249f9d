package org.djbranch.driver.metadata;

import java.sql.DatabaseMetaData;
import java.sql.SQLException;

/** How the wrapped driver narrows a metadata call to one schema. */
enum MetadataScope {
  /** By the schema argument (PostgreSQL, DuckDB). */
  SCHEMA,
  /** By the catalog argument: a schema is a database (MySQL). */
  CATALOG,
  /** Not at all: the driver's metadata sees only the main database (SQLite). */
  NONE;

  /** Asked of the driver, which answers without I/O; a driver that cannot say is taken to scope by schema. */
  static MetadataScope of(DatabaseMetaData inner) {
    try {
      return inner.supportsSchemasInTableDefinitions() ? SCHEMA
          : inner.supportsCatalogsInTableDefinitions() ? CATALOG : NONE;
    } catch (SQLException e) {
      return SCHEMA;
    }
  }
}
