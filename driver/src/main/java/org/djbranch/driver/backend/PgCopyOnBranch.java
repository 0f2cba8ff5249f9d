package org.djbranch.driver.backend;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.error.SqlState;

/**
 * pgjdbc's connection as a branch connection's {@code unwrap} hands it out. pgjdbc runs {@code COPY ... FROM STDIN}
 * and {@code COPY ... TO STDOUT} through its own API, not as statements: its {@code CopyManager} sends the text
 * straight to the server ({@code QueryExecutor.startCopy}). An application reaches it by {@code
 * unwrap(PGConnection.class).getCopyAPI()}, and Flyway by {@code new CopyManager(unwrap(BaseConnection.class))} for
 * every {@code COPY ... FROM stdin} of a migration; either would write trunk's table, or fail on a table the branch
 * declared. So on a branch the connection handed out is a proxy of pgjdbc's own interfaces:
 *
 * <ul>
 *   <li>its executor's {@code startCopy} sends the text as the branch routes it (a table the branch declared, the
 *       branch's copy of a pipeline table, made first under {@code pipelineWrites=copy}, or a refusal);
 *   <li>{@code getCopyAPI()} answers a {@code CopyManager} over the proxy;
 *   <li>its JDBC calls ({@code createStatement}, {@code commit} ...) go to the djbranch connection, and pgjdbc's
 *       {@code execSQLQuery} and {@code execSQLUpdate} run their text as the djbranch connection's statements;
 *   <li>its large objects, fast-path calls, replication and its executor's own queries are refused: they reach the
 *       database past the branch, and large objects belong to no schema;
 *   <li>everything else (types, notifications, the backend's process id) is pgjdbc's own, unchanged.
 * </ul>
 *
 * <p>pgjdbc is not a compile-time dependency of djbranch: its classes are those of the connection's class loader.
 * Its concrete connection class cannot be proxied, so asking for it by class on a branch is refused.
 */
final class PgCopyOnBranch {
  private static final String BASE_CONNECTION = "org.postgresql.core.BaseConnection";

  private PgCopyOnBranch() {
  }

  /** Whether {@link #expose} hands out {@code inner} as {@code iface}: pgjdbc's connection, as an interface. */
  static boolean exposes(Class<?> iface, Object inner) {
    Class<?> base = load(inner.getClass().getClassLoader(), BASE_CONNECTION);
    return iface.isInterface() && base != null && base.isInstance(inner);
  }

  static Object expose(Object inner, Class<?> iface, Connection branch, Backend.Routing routing) throws SQLException {
    ClassLoader loader = inner.getClass().getClassLoader();
    Class<?> base = load(loader, BASE_CONNECTION);
    if (base == null || !base.isInstance(inner)) {
      return null; // not pgjdbc's connection: nothing of it is handed out on a branch
    }
    if (!iface.isInterface()) {
      throw SqlState.FEATURE_NOT_SUPPORTED.exception("On a branch, unwrap(" + iface.getName() + ") is refused: the"
          + " class is pgjdbc's own, whose statements and COPY would reach the database without the branch."
          + " Unwrap to org.postgresql.PGConnection or " + BASE_CONNECTION + " instead, whose COPY goes through the"
          + " branch.", null);
    }
    InvocationHandler handler = (proxy, method, args) -> {
      String name = method.getName();
      Class<?> declaring = method.getDeclaringClass();
      if (declaring == Object.class) {
        return switch (name) {
          case "equals" -> proxy == args[0];
          case "hashCode" -> System.identityHashCode(proxy);
          default -> "djbranch branch view of " + inner;
        };
      }
      if (name.equals("unwrap") && args.length == 1 && args[0] instanceof Class<?> wanted) {
        return wanted.isInstance(proxy) ? proxy : branch.unwrap(wanted);
      }
      if (name.equals("isWrapperFor") && args.length == 1 && args[0] instanceof Class<?> wanted) {
        return wanted.isInstance(proxy) || branch.isWrapperFor(wanted);
      }
      if (declaring.getName().startsWith("java.sql.") || declaring == AutoCloseable.class) {
        return call(method, branch, args); // the connection's own statements and transactions: the branch's
      }
      switch (name) {
        case "getLargeObjectAPI", "getFastpathAPI", "getReplicationAPI":
          SQLException refused = bypassRefused(name);
          // getReplicationAPI declares no SQLException: refused unchecked, the SQLException its cause
          throw List.of(method.getExceptionTypes()).contains(SQLException.class) ? refused
              : new UnsupportedOperationException(refused.getMessage(), refused);
        case "getCopyAPI":
          if (args == null || args.length == 0) {
            return load(loader, "org.postgresql.copy.CopyManager").getConstructor(base).newInstance(proxy);
          }
          break;
        case "getQueryExecutor":
          if (args == null || args.length == 0) {
            return routedExecutor(call(method, inner, args), routing);
          }
          break;
        case "execSQLUpdate":
          if (args != null && args.length == 1 && args[0] instanceof String sql) {
            try (Statement s = branch.createStatement()) {
              s.execute(sql);
            }
            return null;
          }
          break;
        case "execSQLQuery":
          if (args != null && args[0] instanceof String sql) {
            Statement s = args.length == 3 ? branch.createStatement((Integer) args[1], (Integer) args[2])
                : branch.createStatement();
            s.closeOnCompletion();
            return s.executeQuery(sql);
          }
          break;
        default:
          break;
      }
      return call(method, inner, args);
    };
    return Proxy.newProxyInstance(loader, interfacesOf(inner.getClass()), handler);
  }

  /** pgjdbc's executor, whose {@code startCopy} sends the text as the branch routes it. */
  private static Object routedExecutor(Object executor, Backend.Routing routing) {
    return Proxy.newProxyInstance(executor.getClass().getClassLoader(), interfacesOf(executor.getClass()),
        (proxy, method, args) -> {
          if (method.getDeclaringClass() == Object.class && method.getName().equals("equals")) {
            return proxy == args[0];
          }
          if (method.getName().equals("execute") || method.getName().equals("fastpathCall")) {
            throw bypassRefused("getQueryExecutor()." + method.getName());
          }
          if (method.getName().equals("startCopy") && args != null && args.length > 0
              && args[0] instanceof String sql) {
            Object[] routed = args.clone();
            routed[0] = routing.route(sql);
            return call(method, executor, routed);
          }
          return call(method, executor, args);
        });
  }

  /**
   * What a branch refuses of pgjdbc's own calls: its executor's queries, which no routing sees, and its large objects,
   * fast-path calls and replication, which reach objects of no schema (trunk's large objects too: {@code lo_unlink},
   * refused as SQL, would otherwise run as a fast-path call).
   */
  private static SQLException bypassRefused(String call) {
    return SqlState.FEATURE_NOT_SUPPORTED.exception("On a branch, pgjdbc's " + call + "() is refused: it reaches the"
        + " database past the branch (large objects and replication belong to no schema, so trunk's too). Run"
        + " statements of the connection instead, or connect without a branch for pgjdbc's own API.", null);
  }

  private static Object call(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** Every public interface {@code type} and its superclasses implement, in the order found. */
  private static Class<?>[] interfacesOf(Class<?> type) {
    Set<Class<?>> found = new LinkedHashSet<>();
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      for (Class<?> i : c.getInterfaces()) {
        if (java.lang.reflect.Modifier.isPublic(i.getModifiers())) {
          found.add(i);
        }
      }
    }
    return found.toArray(new Class<?>[0]);
  }

  private static Class<?> load(ClassLoader loader, String name) {
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      return null;
    }
  }
}
