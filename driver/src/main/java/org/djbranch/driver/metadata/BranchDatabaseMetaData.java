package org.djbranch.driver.metadata;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.djbranch.driver.binding.Binder;
import org.djbranch.driver.jdbc.DelegatingDatabaseMetaData;
import org.djbranch.driver.jdbc.ServerCalls;

/**
 * The metadata of a branch connection: the listings that describe tables present logical schemas
 * ({@link MergedMetadata}, Branch Resolution §5.7). Each method answering with a result set is one round trip;
 * product name and version stay the wrapped database's, so tools pick the right dialect. Trunk connections use the
 * plain {@link DelegatingDatabaseMetaData}.
 */
public final class BranchDatabaseMetaData extends DelegatingDatabaseMetaData {
  private final MergedMetadata branch;

  public BranchDatabaseMetaData(Connection owner, DatabaseMetaData delegate, ServerCalls calls, Binder binder) {
    super(owner, delegate, calls);
    this.branch = new MergedMetadata(calls, delegate, binder);
  }

  @Override
  public ResultSet getTables(String catalog, String schemaPattern, String tablePattern, String[] types)
      throws SQLException {
    return branch.tables(catalog, schemaPattern, tablePattern, types);
  }

  @Override
  public ResultSet getColumns(String catalog, String schemaPattern, String tablePattern, String columnPattern)
      throws SQLException {
    return branch.columns(catalog, schemaPattern, tablePattern, columnPattern);
  }

  @Override
  public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
    return branch.primaryKeys(catalog, schema, table);
  }

  @Override
  public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
      throws SQLException {
    return branch.indexInfo(catalog, schema, table, unique, approximate);
  }

  @Override
  public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
      throws SQLException {
    return branch.bestRowIdentifier(catalog, schema, table, scope, nullable);
  }

  @Override
  public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
    return branch.versionColumns(catalog, schema, table);
  }

  @Override
  public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tablePattern)
      throws SQLException {
    return branch.tablePrivileges(catalog, schemaPattern, tablePattern);
  }

  @Override
  public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnPattern)
      throws SQLException {
    return branch.columnPrivileges(catalog, schema, table, columnPattern);
  }

  @Override
  public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
    return branch.importedKeys(catalog, schema, table);
  }

  @Override
  public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
    return branch.exportedKeys(catalog, schema, table);
  }

  @Override
  public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
      String foreignCatalog, String foreignSchema, String foreignTable) throws SQLException {
    return branch.crossReference(parentCatalog, parentSchema, parentTable, foreignCatalog, foreignSchema,
            foreignTable);
  }

  @Override
  public ResultSet getSchemas() throws SQLException {
    return branch.schemas();
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
    return branch.schemas(catalog, schemaPattern);
  }

  @Override
  public ResultSet getCatalogs() throws SQLException {
    return branch.catalogs();
  }
}
