package org.djbranch.compat;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the round trips of a raw driver's connection by the rules docs/connecting.md documents, independently of the
 * driver's own counting: statement executions and batches, metadata methods answering with a result set, and the
 * connection calls that reach the server.
 */
final class RoundTripCounter {
  private static final Set<String> CONNECTION_CALLS = Set.of("commit", "rollback", "setSavepoint", "releaseSavepoint",
      "setAutoCommit", "setTransactionIsolation", "setReadOnly", "setCatalog", "setSchema", "isValid");
  private static final Set<String> STATEMENT_CALLS = Set.of("execute", "executeQuery", "executeUpdate",
      "executeLargeUpdate", "executeBatch", "executeLargeBatch");

  private final AtomicLong count = new AtomicLong();

  long count() {
    return count.get();
  }

  Connection wrap(Connection raw) {
    return proxy(Connection.class, raw, (m, result) -> {
      if (CONNECTION_CALLS.contains(m.getName())) {
        count.incrementAndGet();
      }
    });
  }

  private interface Rule {
    void apply(Method m, Object result);
  }

  private <T> T proxy(Class<T> type, T target, Rule rule) {
    InvocationHandler handler = (p, m, args) -> {
      rule.apply(m, null);
      Object result;
      try {
        result = m.invoke(target, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
      return wrapResult(result);
    };
    return type.cast(Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {type}, handler));
  }

  private Object wrapResult(Object result) {
    Rule statements = (m, r) -> {
      if (STATEMENT_CALLS.contains(m.getName())) {
        count.incrementAndGet();
      }
    };
    if (result instanceof CallableStatement) {
      return proxy(CallableStatement.class, (CallableStatement) result, statements);
    }
    if (result instanceof PreparedStatement) {
      return proxy(PreparedStatement.class, (PreparedStatement) result, statements);
    }
    if (result instanceof Statement) {
      return proxy(Statement.class, (Statement) result, statements);
    }
    if (result instanceof DatabaseMetaData) {
      return proxy(DatabaseMetaData.class, (DatabaseMetaData) result, (m, r) -> {
        if (m.getReturnType() == ResultSet.class) {
          count.incrementAndGet();
        }
      });
    }
    return result;
  }
}
