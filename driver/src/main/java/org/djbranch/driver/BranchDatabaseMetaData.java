package org.djbranch.driver;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.djbranch.driver.jdbc.DelegatingDatabaseMetaData;

/**
 * The metadata of a {@link BranchConnection}. Each method answering with a result set is one round trip;
 * product name and version stay the wrapped database's, so tools pick the right dialect.
 *
 * <p>On a branch the listings that describe tables present logical schemas ({@link MergedMetadata}); on trunk
 * {@code branch} is null and every call is the wrapped driver's, with nothing more than that null check.
 */
final class BranchDatabaseMetaData extends DelegatingDatabaseMetaData {
  private final BranchConnection connection;
  /** Null on trunk. */
  private final MergedMetadata branch;

  BranchDatabaseMetaData(BranchConnection connection, DatabaseMetaData delegate) {
    super(delegate);
    this.connection = connection;
    this.branch = connection.router instanceof BranchRouter r ? new MergedMetadata(connection, delegate, r) : null;
  }

  @Override
  protected void beforeQuery() {
    connection.trips.count++;
  }

  @Override
  protected ResultSet result(ResultSet rs) {
    return rs == null ? null : new BranchResultSet(rs, null);
  }

  @Override
  public Connection getConnection() {
    return connection;
  }

  @Override
  public ResultSet getTables(String catalog, String schemaPattern, String tablePattern, String[] types)
      throws SQLException {
    return branch == null ? super.getTables(catalog, schemaPattern, tablePattern, types)
        : branch.tables(catalog, schemaPattern, tablePattern, types);
  }

  @Override
  public ResultSet getColumns(String catalog, String schemaPattern, String tablePattern, String columnPattern)
      throws SQLException {
    return branch == null ? super.getColumns(catalog, schemaPattern, tablePattern, columnPattern)
        : branch.columns(catalog, schemaPattern, tablePattern, columnPattern);
  }

  @Override
  public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
    return branch == null ? super.getPrimaryKeys(catalog, schema, table) : branch.primaryKeys(catalog, schema, table);
  }

  @Override
  public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
      throws SQLException {
    return branch == null ? super.getIndexInfo(catalog, schema, table, unique, approximate)
        : branch.indexInfo(catalog, schema, table, unique, approximate);
  }

  @Override
  public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
      throws SQLException {
    return branch == null ? super.getBestRowIdentifier(catalog, schema, table, scope, nullable)
        : branch.bestRowIdentifier(catalog, schema, table, scope, nullable);
  }

  @Override
  public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
    return branch == null ? super.getVersionColumns(catalog, schema, table)
        : branch.versionColumns(catalog, schema, table);
  }

  @Override
  public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tablePattern)
      throws SQLException {
    return branch == null ? super.getTablePrivileges(catalog, schemaPattern, tablePattern)
        : branch.tablePrivileges(catalog, schemaPattern, tablePattern);
  }

  @Override
  public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnPattern)
      throws SQLException {
    return branch == null ? super.getColumnPrivileges(catalog, schema, table, columnPattern)
        : branch.columnPrivileges(catalog, schema, table, columnPattern);
  }

  @Override
  public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
    return branch == null ? super.getImportedKeys(catalog, schema, table)
        : branch.importedKeys(catalog, schema, table);
  }

  @Override
  public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
    return branch == null ? super.getExportedKeys(catalog, schema, table)
        : branch.exportedKeys(catalog, schema, table);
  }

  @Override
  public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
      String foreignCatalog, String foreignSchema, String foreignTable) throws SQLException {
    return branch == null
        ? super.getCrossReference(parentCatalog, parentSchema, parentTable, foreignCatalog, foreignSchema,
            foreignTable)
        : branch.crossReference(parentCatalog, parentSchema, parentTable, foreignCatalog, foreignSchema,
            foreignTable);
  }

  @Override
  public ResultSet getSchemas() throws SQLException {
    return branch == null ? super.getSchemas() : branch.schemas();
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
    return branch == null ? super.getSchemas(catalog, schemaPattern) : branch.schemas(catalog, schemaPattern);
  }

  @Override
  public ResultSet getCatalogs() throws SQLException {
    return branch == null ? super.getCatalogs() : branch.catalogs();
  }
}
