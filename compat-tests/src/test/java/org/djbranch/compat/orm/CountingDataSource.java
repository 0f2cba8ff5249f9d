package org.djbranch.compat.orm;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Raw connections whose round trips are counted by the rules docs/connecting.md documents (statement executions and
 * batches, metadata methods answering with a result set, the connection calls that reach the server), so a pool of
 * them can be compared with a djbranch pool on trunk.
 */
final class CountingDataSource implements DataSource {
  private static final Set<String> CONNECTION_CALLS = Set.of("commit", "rollback", "setSavepoint", "releaseSavepoint",
      "setAutoCommit", "setTransactionIsolation", "setReadOnly", "setCatalog", "setSchema", "isValid");
  private static final Set<String> STATEMENT_CALLS = Set.of("execute", "executeQuery", "executeUpdate",
      "executeLargeUpdate", "executeBatch", "executeLargeBatch");

  /** Opens one raw connection. */
  interface Opener {
    Connection open() throws SQLException;
  }

  private final Opener opener;
  private final AtomicLong count = new AtomicLong();

  CountingDataSource(Opener opener) {
    this.opener = opener;
  }

  long roundTrips() {
    return count.get();
  }

  @Override
  public Connection getConnection() throws SQLException {
    return proxy(Connection.class, opener.open(), CONNECTION_CALLS);
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    return getConnection();
  }

  private <T> T proxy(Class<T> type, T target, Set<String> counted) {
    InvocationHandler handler = (p, m, args) -> {
      if (counted.contains(m.getName()) || type == DatabaseMetaData.class && m.getReturnType() == ResultSet.class) {
        count.incrementAndGet();
      }
      Object result;
      try {
        result = m.invoke(target, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
      if (m.getName().equals("unwrap") || m.getName().equals("isWrapperFor")) {
        return result;
      }
      if (result instanceof CallableStatement cs) {
        return proxy(CallableStatement.class, cs, STATEMENT_CALLS);
      }
      if (result instanceof PreparedStatement ps) {
        return proxy(PreparedStatement.class, ps, STATEMENT_CALLS);
      }
      if (result instanceof Statement s && type == Connection.class) {
        return proxy(Statement.class, s, STATEMENT_CALLS);
      }
      if (result instanceof DatabaseMetaData md) {
        return proxy(DatabaseMetaData.class, md, Set.of());
      }
      return result;
    };
    return type.cast(Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, handler));
  }

  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  @Override
  public void setLogWriter(PrintWriter out) {}

  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    throw new SQLException("not a wrapper");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return false;
  }
}
