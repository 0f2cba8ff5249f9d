package org.djbranch.driver.jdbc;

import java.sql.SQLException;

/**
 * Plain delegates for every {@link java.sql.DatabaseMetaData} method; behaviour lives in subclasses,
 * which override only the methods that carry it. Written once from the interface, kept by hand since.
 */
@SuppressWarnings({"deprecation", "removal"})
public class DelegatingDatabaseMetaData implements java.sql.DatabaseMetaData {

  protected final java.sql.DatabaseMetaData delegate;
  /** The connection that made this metadata: {@link #getConnection()} answers with it. */
  protected final java.sql.Connection owner;
  /** Where a call of this metadata reaches the server. */
  protected final ServerCalls calls;

  protected DelegatingDatabaseMetaData(java.sql.Connection owner, java.sql.DatabaseMetaData delegate,
      ServerCalls calls) {
    this.owner = owner;
    this.delegate = delegate;
    this.calls = calls;
  }

  /** The wrapped object itself. */
  public final java.sql.DatabaseMetaData delegate() {
    return delegate;
  }

  /** Called before each method that answers with a result set: each is a query to the server. */
  protected final void beforeQuery() {
    calls.reached();
  }

  /** Wraps each result set the wrapped metadata answers with; JDBC gives them no statement. */
  protected final java.sql.ResultSet result(java.sql.ResultSet rs) {
    return Wrappers.metadataResultSet(rs, owner);
  }

  @Override
  public final <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    return iface.cast(Wrappers.exposedBy(owner, iface.isInstance(delegate) ? delegate : delegate.unwrap(iface),
        iface));
  }

  @Override
  public final boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this)
        || (iface.isInstance(delegate) || delegate.isWrapperFor(iface)) && Wrappers.exposesChildren(owner);
  }

  @Override
  public boolean allProceduresAreCallable() throws SQLException {
    return delegate.allProceduresAreCallable();
  }

  @Override
  public boolean allTablesAreSelectable() throws SQLException {
    return delegate.allTablesAreSelectable();
  }

  @Override
  public boolean autoCommitFailureClosesAllResultSets() throws SQLException {
    return delegate.autoCommitFailureClosesAllResultSets();
  }

  @Override
  public boolean dataDefinitionCausesTransactionCommit() throws SQLException {
    return delegate.dataDefinitionCausesTransactionCommit();
  }

  @Override
  public boolean dataDefinitionIgnoredInTransactions() throws SQLException {
    return delegate.dataDefinitionIgnoredInTransactions();
  }

  @Override
  public boolean deletesAreDetected(int a0) throws SQLException {
    return delegate.deletesAreDetected(a0);
  }

  @Override
  public boolean doesMaxRowSizeIncludeBlobs() throws SQLException {
    return delegate.doesMaxRowSizeIncludeBlobs();
  }

  @Override
  public boolean generatedKeyAlwaysReturned() throws SQLException {
    return delegate.generatedKeyAlwaysReturned();
  }

  @Override
  public java.sql.ResultSet getAttributes(String a0, String a1, String a2, String a3) throws SQLException {
    beforeQuery();
    return result(delegate.getAttributes(a0, a1, a2, a3));
  }

  @Override
  public java.sql.ResultSet getBestRowIdentifier(String a0, String a1, String a2, int a3, boolean a4) throws SQLException {
    beforeQuery();
    return result(delegate.getBestRowIdentifier(a0, a1, a2, a3, a4));
  }

  @Override
  public String getCatalogSeparator() throws SQLException {
    return delegate.getCatalogSeparator();
  }

  @Override
  public String getCatalogTerm() throws SQLException {
    return delegate.getCatalogTerm();
  }

  @Override
  public java.sql.ResultSet getCatalogs() throws SQLException {
    beforeQuery();
    return result(delegate.getCatalogs());
  }

  @Override
  public java.sql.ResultSet getClientInfoProperties() throws SQLException {
    beforeQuery();
    return result(delegate.getClientInfoProperties());
  }

  @Override
  public java.sql.ResultSet getColumnPrivileges(String a0, String a1, String a2, String a3) throws SQLException {
    beforeQuery();
    return result(delegate.getColumnPrivileges(a0, a1, a2, a3));
  }

  @Override
  public java.sql.ResultSet getColumns(String a0, String a1, String a2, String a3) throws SQLException {
    beforeQuery();
    return result(delegate.getColumns(a0, a1, a2, a3));
  }

  @Override
  public final java.sql.Connection getConnection() {
    return owner;
  }

  @Override
  public java.sql.ResultSet getCrossReference(String a0, String a1, String a2, String a3, String a4, String a5) throws SQLException {
    beforeQuery();
    return result(delegate.getCrossReference(a0, a1, a2, a3, a4, a5));
  }

  @Override
  public int getDatabaseMajorVersion() throws SQLException {
    return delegate.getDatabaseMajorVersion();
  }

  @Override
  public int getDatabaseMinorVersion() throws SQLException {
    return delegate.getDatabaseMinorVersion();
  }

  @Override
  public String getDatabaseProductName() throws SQLException {
    return delegate.getDatabaseProductName();
  }

  @Override
  public String getDatabaseProductVersion() throws SQLException {
    return delegate.getDatabaseProductVersion();
  }

  @Override
  public int getDefaultTransactionIsolation() throws SQLException {
    return delegate.getDefaultTransactionIsolation();
  }

  @Override
  public int getDriverMajorVersion() {
    return delegate.getDriverMajorVersion();
  }

  @Override
  public int getDriverMinorVersion() {
    return delegate.getDriverMinorVersion();
  }

  @Override
  public String getDriverName() throws SQLException {
    return delegate.getDriverName();
  }

  @Override
  public String getDriverVersion() throws SQLException {
    return delegate.getDriverVersion();
  }

  @Override
  public java.sql.ResultSet getExportedKeys(String a0, String a1, String a2) throws SQLException {
    beforeQuery();
    return result(delegate.getExportedKeys(a0, a1, a2));
  }

  @Override
  public String getExtraNameCharacters() throws SQLException {
    return delegate.getExtraNameCharacters();
  }

  @Override
  public java.sql.ResultSet getFunctionColumns(String a0, String a1, String a2, String a3) throws SQLException {
    beforeQuery();
    return result(delegate.getFunctionColumns(a0, a1, a2, a3));
  }

  @Override
  public java.sql.ResultSet getFunctions(String a0, String a1, String a2) throws SQLException {
    beforeQuery();
    return result(delegate.getFunctions(a0, a1, a2));
  }

  @Override
  public String getIdentifierQuoteString() throws SQLException {
    return delegate.getIdentifierQuoteString();
  }

  @Override
  public java.sql.ResultSet getImportedKeys(String a0, String a1, String a2) throws SQLException {
    beforeQuery();
    return result(delegate.getImportedKeys(a0, a1, a2));
  }

  @Override
  public java.sql.ResultSet getIndexInfo(String a0, String a1, String a2, boolean a3, boolean a4) throws SQLException {
    beforeQuery();
    return result(delegate.getIndexInfo(a0, a1, a2, a3, a4));
  }

  @Override
  public int getJDBCMajorVersion() throws SQLException {
    return delegate.getJDBCMajorVersion();
  }

  @Override
  public int getJDBCMinorVersion() throws SQLException {
    return delegate.getJDBCMinorVersion();
  }

  @Override
  public int getMaxBinaryLiteralLength() throws SQLException {
    return delegate.getMaxBinaryLiteralLength();
  }

  @Override
  public int getMaxCatalogNameLength() throws SQLException {
    return delegate.getMaxCatalogNameLength();
  }

  @Override
  public int getMaxCharLiteralLength() throws SQLException {
    return delegate.getMaxCharLiteralLength();
  }

  @Override
  public int getMaxColumnNameLength() throws SQLException {
    return delegate.getMaxColumnNameLength();
  }

  @Override
  public int getMaxColumnsInGroupBy() throws SQLException {
    return delegate.getMaxColumnsInGroupBy();
  }

  @Override
  public int getMaxColumnsInIndex() throws SQLException {
    return delegate.getMaxColumnsInIndex();
  }

  @Override
  public int getMaxColumnsInOrderBy() throws SQLException {
    return delegate.getMaxColumnsInOrderBy();
  }

  @Override
  public int getMaxColumnsInSelect() throws SQLException {
    return delegate.getMaxColumnsInSelect();
  }

  @Override
  public int getMaxColumnsInTable() throws SQLException {
    return delegate.getMaxColumnsInTable();
  }

  @Override
  public int getMaxConnections() throws SQLException {
    return delegate.getMaxConnections();
  }

  @Override
  public int getMaxCursorNameLength() throws SQLException {
    return delegate.getMaxCursorNameLength();
  }

  @Override
  public int getMaxIndexLength() throws SQLException {
    return delegate.getMaxIndexLength();
  }

  @Override
  public long getMaxLogicalLobSize() throws SQLException {
    return delegate.getMaxLogicalLobSize();
  }

  @Override
  public int getMaxProcedureNameLength() throws SQLException {
    return delegate.getMaxProcedureNameLength();
  }

  @Override
  public int getMaxRowSize() throws SQLException {
    return delegate.getMaxRowSize();
  }

  @Override
  public int getMaxSchemaNameLength() throws SQLException {
    return delegate.getMaxSchemaNameLength();
  }

  @Override
  public int getMaxStatementLength() throws SQLException {
    return delegate.getMaxStatementLength();
  }

  @Override
  public int getMaxStatements() throws SQLException {
    return delegate.getMaxStatements();
  }

  @Override
  public int getMaxTableNameLength() throws SQLException {
    return delegate.getMaxTableNameLength();
  }

  @Override
  public int getMaxTablesInSelect() throws SQLException {
    return delegate.getMaxTablesInSelect();
  }

  @Override
  public int getMaxUserNameLength() throws SQLException {
    return delegate.getMaxUserNameLength();
  }

  @Override
  public String getNumericFunctions() throws SQLException {
    return delegate.getNumericFunctions();
  }

  @Override
  public java.sql.ResultSet getPrimaryKeys(String a0, String a1, String a2) throws SQLException {
    beforeQuery();
    return result(delegate.getPrimaryKeys(a0, a1, a2));
  }

  @Override
  public java.sql.ResultSet getProcedureColumns(String a0, String a1, String a2, String a3) throws SQLException {
    beforeQuery();
    return result(delegate.getProcedureColumns(a0, a1, a2, a3));
  }

  @Override
  public String getProcedureTerm() throws SQLException {
    return delegate.getProcedureTerm();
  }

  @Override
  public java.sql.ResultSet getProcedures(String a0, String a1, String a2) throws SQLException {
    beforeQuery();
    return result(delegate.getProcedures(a0, a1, a2));
  }

  @Override
  public java.sql.ResultSet getPseudoColumns(String a0, String a1, String a2, String a3) throws SQLException {
    beforeQuery();
    return result(delegate.getPseudoColumns(a0, a1, a2, a3));
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    return delegate.getResultSetHoldability();
  }

  @Override
  public java.sql.RowIdLifetime getRowIdLifetime() throws SQLException {
    return delegate.getRowIdLifetime();
  }

  @Override
  public String getSQLKeywords() throws SQLException {
    return delegate.getSQLKeywords();
  }

  @Override
  public int getSQLStateType() throws SQLException {
    return delegate.getSQLStateType();
  }

  @Override
  public String getSchemaTerm() throws SQLException {
    return delegate.getSchemaTerm();
  }

  @Override
  public java.sql.ResultSet getSchemas() throws SQLException {
    beforeQuery();
    return result(delegate.getSchemas());
  }

  @Override
  public java.sql.ResultSet getSchemas(String a0, String a1) throws SQLException {
    beforeQuery();
    return result(delegate.getSchemas(a0, a1));
  }

  @Override
  public String getSearchStringEscape() throws SQLException {
    return delegate.getSearchStringEscape();
  }

  @Override
  public String getStringFunctions() throws SQLException {
    return delegate.getStringFunctions();
  }

  @Override
  public java.sql.ResultSet getSuperTables(String a0, String a1, String a2) throws SQLException {
    beforeQuery();
    return result(delegate.getSuperTables(a0, a1, a2));
  }

  @Override
  public java.sql.ResultSet getSuperTypes(String a0, String a1, String a2) throws SQLException {
    beforeQuery();
    return result(delegate.getSuperTypes(a0, a1, a2));
  }

  @Override
  public String getSystemFunctions() throws SQLException {
    return delegate.getSystemFunctions();
  }

  @Override
  public java.sql.ResultSet getTablePrivileges(String a0, String a1, String a2) throws SQLException {
    beforeQuery();
    return result(delegate.getTablePrivileges(a0, a1, a2));
  }

  @Override
  public java.sql.ResultSet getTableTypes() throws SQLException {
    beforeQuery();
    return result(delegate.getTableTypes());
  }

  @Override
  public java.sql.ResultSet getTables(String a0, String a1, String a2, String[] names) throws SQLException {
    beforeQuery();
    return result(delegate.getTables(a0, a1, a2, names));
  }

  @Override
  public String getTimeDateFunctions() throws SQLException {
    return delegate.getTimeDateFunctions();
  }

  @Override
  public java.sql.ResultSet getTypeInfo() throws SQLException {
    beforeQuery();
    return result(delegate.getTypeInfo());
  }

  @Override
  public java.sql.ResultSet getUDTs(String a0, String a1, String a2, int[] a3) throws SQLException {
    beforeQuery();
    return result(delegate.getUDTs(a0, a1, a2, a3));
  }

  @Override
  public String getURL() throws SQLException {
    return delegate.getURL();
  }

  @Override
  public String getUserName() throws SQLException {
    return delegate.getUserName();
  }

  @Override
  public java.sql.ResultSet getVersionColumns(String a0, String a1, String a2) throws SQLException {
    beforeQuery();
    return result(delegate.getVersionColumns(a0, a1, a2));
  }

  @Override
  public boolean insertsAreDetected(int a0) throws SQLException {
    return delegate.insertsAreDetected(a0);
  }

  @Override
  public boolean isCatalogAtStart() throws SQLException {
    return delegate.isCatalogAtStart();
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    return delegate.isReadOnly();
  }

  @Override
  public boolean locatorsUpdateCopy() throws SQLException {
    return delegate.locatorsUpdateCopy();
  }

  @Override
  public boolean nullPlusNonNullIsNull() throws SQLException {
    return delegate.nullPlusNonNullIsNull();
  }

  @Override
  public boolean nullsAreSortedAtEnd() throws SQLException {
    return delegate.nullsAreSortedAtEnd();
  }

  @Override
  public boolean nullsAreSortedAtStart() throws SQLException {
    return delegate.nullsAreSortedAtStart();
  }

  @Override
  public boolean nullsAreSortedHigh() throws SQLException {
    return delegate.nullsAreSortedHigh();
  }

  @Override
  public boolean nullsAreSortedLow() throws SQLException {
    return delegate.nullsAreSortedLow();
  }

  @Override
  public boolean othersDeletesAreVisible(int a0) throws SQLException {
    return delegate.othersDeletesAreVisible(a0);
  }

  @Override
  public boolean othersInsertsAreVisible(int a0) throws SQLException {
    return delegate.othersInsertsAreVisible(a0);
  }

  @Override
  public boolean othersUpdatesAreVisible(int a0) throws SQLException {
    return delegate.othersUpdatesAreVisible(a0);
  }

  @Override
  public boolean ownDeletesAreVisible(int a0) throws SQLException {
    return delegate.ownDeletesAreVisible(a0);
  }

  @Override
  public boolean ownInsertsAreVisible(int a0) throws SQLException {
    return delegate.ownInsertsAreVisible(a0);
  }

  @Override
  public boolean ownUpdatesAreVisible(int a0) throws SQLException {
    return delegate.ownUpdatesAreVisible(a0);
  }

  @Override
  public boolean storesLowerCaseIdentifiers() throws SQLException {
    return delegate.storesLowerCaseIdentifiers();
  }

  @Override
  public boolean storesLowerCaseQuotedIdentifiers() throws SQLException {
    return delegate.storesLowerCaseQuotedIdentifiers();
  }

  @Override
  public boolean storesMixedCaseIdentifiers() throws SQLException {
    return delegate.storesMixedCaseIdentifiers();
  }

  @Override
  public boolean storesMixedCaseQuotedIdentifiers() throws SQLException {
    return delegate.storesMixedCaseQuotedIdentifiers();
  }

  @Override
  public boolean storesUpperCaseIdentifiers() throws SQLException {
    return delegate.storesUpperCaseIdentifiers();
  }

  @Override
  public boolean storesUpperCaseQuotedIdentifiers() throws SQLException {
    return delegate.storesUpperCaseQuotedIdentifiers();
  }

  @Override
  public boolean supportsANSI92EntryLevelSQL() throws SQLException {
    return delegate.supportsANSI92EntryLevelSQL();
  }

  @Override
  public boolean supportsANSI92FullSQL() throws SQLException {
    return delegate.supportsANSI92FullSQL();
  }

  @Override
  public boolean supportsANSI92IntermediateSQL() throws SQLException {
    return delegate.supportsANSI92IntermediateSQL();
  }

  @Override
  public boolean supportsAlterTableWithAddColumn() throws SQLException {
    return delegate.supportsAlterTableWithAddColumn();
  }

  @Override
  public boolean supportsAlterTableWithDropColumn() throws SQLException {
    return delegate.supportsAlterTableWithDropColumn();
  }

  @Override
  public boolean supportsBatchUpdates() throws SQLException {
    return delegate.supportsBatchUpdates();
  }

  @Override
  public boolean supportsCatalogsInDataManipulation() throws SQLException {
    return delegate.supportsCatalogsInDataManipulation();
  }

  @Override
  public boolean supportsCatalogsInIndexDefinitions() throws SQLException {
    return delegate.supportsCatalogsInIndexDefinitions();
  }

  @Override
  public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException {
    return delegate.supportsCatalogsInPrivilegeDefinitions();
  }

  @Override
  public boolean supportsCatalogsInProcedureCalls() throws SQLException {
    return delegate.supportsCatalogsInProcedureCalls();
  }

  @Override
  public boolean supportsCatalogsInTableDefinitions() throws SQLException {
    return delegate.supportsCatalogsInTableDefinitions();
  }

  @Override
  public boolean supportsColumnAliasing() throws SQLException {
    return delegate.supportsColumnAliasing();
  }

  @Override
  public boolean supportsConvert() throws SQLException {
    return delegate.supportsConvert();
  }

  @Override
  public boolean supportsConvert(int a0, int a1) throws SQLException {
    return delegate.supportsConvert(a0, a1);
  }

  @Override
  public boolean supportsCoreSQLGrammar() throws SQLException {
    return delegate.supportsCoreSQLGrammar();
  }

  @Override
  public boolean supportsCorrelatedSubqueries() throws SQLException {
    return delegate.supportsCorrelatedSubqueries();
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() throws SQLException {
    return delegate.supportsDataDefinitionAndDataManipulationTransactions();
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() throws SQLException {
    return delegate.supportsDataManipulationTransactionsOnly();
  }

  @Override
  public boolean supportsDifferentTableCorrelationNames() throws SQLException {
    return delegate.supportsDifferentTableCorrelationNames();
  }

  @Override
  public boolean supportsExpressionsInOrderBy() throws SQLException {
    return delegate.supportsExpressionsInOrderBy();
  }

  @Override
  public boolean supportsExtendedSQLGrammar() throws SQLException {
    return delegate.supportsExtendedSQLGrammar();
  }

  @Override
  public boolean supportsFullOuterJoins() throws SQLException {
    return delegate.supportsFullOuterJoins();
  }

  @Override
  public boolean supportsGetGeneratedKeys() throws SQLException {
    return delegate.supportsGetGeneratedKeys();
  }

  @Override
  public boolean supportsGroupBy() throws SQLException {
    return delegate.supportsGroupBy();
  }

  @Override
  public boolean supportsGroupByBeyondSelect() throws SQLException {
    return delegate.supportsGroupByBeyondSelect();
  }

  @Override
  public boolean supportsGroupByUnrelated() throws SQLException {
    return delegate.supportsGroupByUnrelated();
  }

  @Override
  public boolean supportsIntegrityEnhancementFacility() throws SQLException {
    return delegate.supportsIntegrityEnhancementFacility();
  }

  @Override
  public boolean supportsLikeEscapeClause() throws SQLException {
    return delegate.supportsLikeEscapeClause();
  }

  @Override
  public boolean supportsLimitedOuterJoins() throws SQLException {
    return delegate.supportsLimitedOuterJoins();
  }

  @Override
  public boolean supportsMinimumSQLGrammar() throws SQLException {
    return delegate.supportsMinimumSQLGrammar();
  }

  @Override
  public boolean supportsMixedCaseIdentifiers() throws SQLException {
    return delegate.supportsMixedCaseIdentifiers();
  }

  @Override
  public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException {
    return delegate.supportsMixedCaseQuotedIdentifiers();
  }

  @Override
  public boolean supportsMultipleOpenResults() throws SQLException {
    return delegate.supportsMultipleOpenResults();
  }

  @Override
  public boolean supportsMultipleResultSets() throws SQLException {
    return delegate.supportsMultipleResultSets();
  }

  @Override
  public boolean supportsMultipleTransactions() throws SQLException {
    return delegate.supportsMultipleTransactions();
  }

  @Override
  public boolean supportsNamedParameters() throws SQLException {
    return delegate.supportsNamedParameters();
  }

  @Override
  public boolean supportsNonNullableColumns() throws SQLException {
    return delegate.supportsNonNullableColumns();
  }

  @Override
  public boolean supportsOpenCursorsAcrossCommit() throws SQLException {
    return delegate.supportsOpenCursorsAcrossCommit();
  }

  @Override
  public boolean supportsOpenCursorsAcrossRollback() throws SQLException {
    return delegate.supportsOpenCursorsAcrossRollback();
  }

  @Override
  public boolean supportsOpenStatementsAcrossCommit() throws SQLException {
    return delegate.supportsOpenStatementsAcrossCommit();
  }

  @Override
  public boolean supportsOpenStatementsAcrossRollback() throws SQLException {
    return delegate.supportsOpenStatementsAcrossRollback();
  }

  @Override
  public boolean supportsOrderByUnrelated() throws SQLException {
    return delegate.supportsOrderByUnrelated();
  }

  @Override
  public boolean supportsOuterJoins() throws SQLException {
    return delegate.supportsOuterJoins();
  }

  @Override
  public boolean supportsPositionedDelete() throws SQLException {
    return delegate.supportsPositionedDelete();
  }

  @Override
  public boolean supportsPositionedUpdate() throws SQLException {
    return delegate.supportsPositionedUpdate();
  }

  @Override
  public boolean supportsRefCursors() throws SQLException {
    return delegate.supportsRefCursors();
  }

  @Override
  public boolean supportsResultSetConcurrency(int a0, int a1) throws SQLException {
    return delegate.supportsResultSetConcurrency(a0, a1);
  }

  @Override
  public boolean supportsResultSetHoldability(int a0) throws SQLException {
    return delegate.supportsResultSetHoldability(a0);
  }

  @Override
  public boolean supportsResultSetType(int a0) throws SQLException {
    return delegate.supportsResultSetType(a0);
  }

  @Override
  public boolean supportsSavepoints() throws SQLException {
    return delegate.supportsSavepoints();
  }

  @Override
  public boolean supportsSchemasInDataManipulation() throws SQLException {
    return delegate.supportsSchemasInDataManipulation();
  }

  @Override
  public boolean supportsSchemasInIndexDefinitions() throws SQLException {
    return delegate.supportsSchemasInIndexDefinitions();
  }

  @Override
  public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException {
    return delegate.supportsSchemasInPrivilegeDefinitions();
  }

  @Override
  public boolean supportsSchemasInProcedureCalls() throws SQLException {
    return delegate.supportsSchemasInProcedureCalls();
  }

  @Override
  public boolean supportsSchemasInTableDefinitions() throws SQLException {
    return delegate.supportsSchemasInTableDefinitions();
  }

  @Override
  public boolean supportsSelectForUpdate() throws SQLException {
    return delegate.supportsSelectForUpdate();
  }

  @Override
  public boolean supportsSharding() throws SQLException {
    return delegate.supportsSharding();
  }

  @Override
  public boolean supportsStatementPooling() throws SQLException {
    return delegate.supportsStatementPooling();
  }

  @Override
  public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException {
    return delegate.supportsStoredFunctionsUsingCallSyntax();
  }

  @Override
  public boolean supportsStoredProcedures() throws SQLException {
    return delegate.supportsStoredProcedures();
  }

  @Override
  public boolean supportsSubqueriesInComparisons() throws SQLException {
    return delegate.supportsSubqueriesInComparisons();
  }

  @Override
  public boolean supportsSubqueriesInExists() throws SQLException {
    return delegate.supportsSubqueriesInExists();
  }

  @Override
  public boolean supportsSubqueriesInIns() throws SQLException {
    return delegate.supportsSubqueriesInIns();
  }

  @Override
  public boolean supportsSubqueriesInQuantifieds() throws SQLException {
    return delegate.supportsSubqueriesInQuantifieds();
  }

  @Override
  public boolean supportsTableCorrelationNames() throws SQLException {
    return delegate.supportsTableCorrelationNames();
  }

  @Override
  public boolean supportsTransactionIsolationLevel(int a0) throws SQLException {
    return delegate.supportsTransactionIsolationLevel(a0);
  }

  @Override
  public boolean supportsTransactions() throws SQLException {
    return delegate.supportsTransactions();
  }

  @Override
  public boolean supportsUnion() throws SQLException {
    return delegate.supportsUnion();
  }

  @Override
  public boolean supportsUnionAll() throws SQLException {
    return delegate.supportsUnionAll();
  }

  @Override
  public boolean updatesAreDetected(int a0) throws SQLException {
    return delegate.updatesAreDetected(a0);
  }

  @Override
  public boolean usesLocalFilePerTable() throws SQLException {
    return delegate.usesLocalFilePerTable();
  }

  @Override
  public boolean usesLocalFiles() throws SQLException {
    return delegate.usesLocalFiles();
  }
}
