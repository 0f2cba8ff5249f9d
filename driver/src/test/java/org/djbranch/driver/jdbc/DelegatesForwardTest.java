package org.djbranch.driver.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.net.MalformedURLException;
import java.net.URL;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every JDBC method of each plain delegate calls the same method of the wrapped object, with the same arguments,
 * and returns what it returned. The wrapped object is a {@link Proxy} that records the one call it gets and answers
 * with a value of its own; nothing here stands for a database. Each method is called on a fresh delegate with an
 * argument of its own at every position, so a delegate that calls another method (another overload too), drops,
 * swaps or replaces an argument, or answers with something else fails.
 *
 * <p>The methods that differ on purpose, and why:
 * <ul>
 * <li>{@code unwrap}, {@code isWrapperFor}: the wrapper answers for itself first, then for the wrapped object.</li>
 * <li>{@code Statement.getConnection}, {@code DatabaseMetaData.getConnection}, {@code ResultSet.getStatement}: the
 * djbranch object that made it, never the wrapped one, so an application never reaches past the driver.</li>
 * <li>A method that answers with a statement, a result set or metadata answers with a wrapper of exactly what the
 * wrapped method returned (checked: {@link #WRAPPED}), so that its own calls are counted too.</li>
 * </ul>
 */
class DelegatesForwardTest {
  /** Returned types a delegate hands back wrapped, with the wrapped object read from the wrapper. */
  private static final Map<Class<?>, Function<Object, Object>> WRAPPED = Map.of(
      Statement.class, w -> ((DelegatingStatement<?>) w).delegate(),
      PreparedStatement.class, w -> ((DelegatingStatement<?>) w).delegate(),
      CallableStatement.class, w -> ((DelegatingStatement<?>) w).delegate(),
      ResultSet.class, w -> ((DelegatingResultSet) w).delegate(),
      DatabaseMetaData.class, w -> ((DelegatingDatabaseMetaData) w).delegate());

  /** A delegate under test: the wrapper of {@code inner}, made as the driver makes it. */
  private interface Maker {
    Object wrap(Object inner);
  }

  private record Delegate(Class<?> jdbc, Maker maker) {}

  private static final Connection OWNER = sample(Connection.class, 0);
  private static final Statement STATEMENT_OWNER = sample(Statement.class, 0);

  private static List<Delegate> delegates() {
    RoundTrips trips = new RoundTrips();
    return List.of(
        new Delegate(Connection.class, inner -> new DelegatingConnection((Connection) inner, trips)),
        new Delegate(Statement.class, inner -> Wrappers.statement(OWNER, (Statement) inner, trips)),
        new Delegate(PreparedStatement.class, inner -> Wrappers.prepared(OWNER, (PreparedStatement) inner, trips)),
        new Delegate(CallableStatement.class, inner -> Wrappers.callable(OWNER, (CallableStatement) inner, trips)),
        new Delegate(ResultSet.class, inner -> Wrappers.resultSet((ResultSet) inner, STATEMENT_OWNER)),
        new Delegate(DatabaseMetaData.class,
            inner -> new DelegatingDatabaseMetaData(OWNER, (DatabaseMetaData) inner, trips)));
  }

  @TestFactory
  Stream<DynamicContainer> everyMethodForwards() {
    return delegates().stream().map(d -> DynamicContainer.dynamicContainer(d.jdbc().getSimpleName(),
        forwarded(d.jdbc()).map(m -> DynamicTest.dynamicTest(signature(m), () -> checkForwards(d, m)))));
  }

  /** The methods checked: every method of the interface but those listed in the class comment. */
  private static Stream<Method> forwarded(Class<?> jdbc) {
    return Arrays.stream(jdbc.getMethods())
        .filter(m -> !Modifier.isStatic(m.getModifiers()))
        .filter(m -> !List.of("unwrap", "isWrapperFor").contains(m.getName()))
        .filter(m -> !(m.getName().equals("getConnection") && m.getParameterCount() == 0))
        .filter(m -> !(jdbc == ResultSet.class && m.getName().equals("getStatement")));
  }

  @Test
  void theUnforwardedAnswerWithTheWrapperThatMadeThem() throws SQLException {
    assertSame(OWNER, Wrappers.statement(OWNER, sample(Statement.class, 1), new RoundTrips()).getConnection());
    assertSame(OWNER, new DelegatingDatabaseMetaData(OWNER, sample(DatabaseMetaData.class, 1), new RoundTrips())
        .getConnection());
    assertSame(STATEMENT_OWNER, Wrappers.resultSet(sample(ResultSet.class, 1), STATEMENT_OWNER).getStatement());
    Statement wrapper = Wrappers.statement(OWNER, sample(Statement.class, 1), new RoundTrips());
    assertSame(wrapper, wrapper.unwrap(Statement.class));
  }

  /** The check itself fails on a delegate that calls another method, or drops an argument. */
  @Test
  void aDelegateThatForwardsElsewhereFails() throws Exception {
    Delegate otherMethod = new Delegate(Statement.class, inner -> new DelegatingStatement<>(OWNER, (Statement) inner,
        new RoundTrips()) {
      @Override
      public void setMaxRows(int max) throws SQLException {
        delegate.setFetchSize(max);
      }
    });
    assertThrows(AssertionError.class,
        () -> checkForwards(otherMethod, Statement.class.getMethod("setMaxRows", int.class)));
    Delegate droppedArgument = new Delegate(Statement.class, inner -> new DelegatingStatement<>(OWNER,
        (Statement) inner, new RoundTrips()) {
      @Override
      public boolean execute(String sql, int keys) throws SQLException {
        return delegate.execute(sql, Statement.RETURN_GENERATED_KEYS);
      }
    });
    assertThrows(AssertionError.class,
        () -> checkForwards(droppedArgument, Statement.class.getMethod("execute", String.class, int.class)));
    Delegate otherOverload = new Delegate(Statement.class, inner -> new DelegatingStatement<>(OWNER,
        (Statement) inner, new RoundTrips()) {
      @Override
      public boolean execute(String sql, int keys) throws SQLException {
        return delegate.execute(sql);
      }
    });
    assertThrows(AssertionError.class,
        () -> checkForwards(otherOverload, Statement.class.getMethod("execute", String.class, int.class)));
  }

  /** One call of {@code m} on a fresh delegate: exactly that call reached the wrapped object, and its answer back. */
  private static void checkForwards(Delegate d, Method m) throws Throwable {
    List<Object[]> calls = new ArrayList<>();
    List<Method> called = new ArrayList<>();
    Object[] returned = new Object[1];
    Object inner = Proxy.newProxyInstance(DelegatesForwardTest.class.getClassLoader(), new Class<?>[] {d.jdbc()},
        (proxy, method, args) -> {
          if (method.getDeclaringClass() == Object.class) {
            return method.getName().equals("equals") ? proxy == args[0]
                : method.getName().equals("hashCode") ? System.identityHashCode(proxy) : "recorder";
          }
          called.add(method);
          calls.add(args == null ? new Object[0] : args);
          returned[0] = sample(method.getReturnType(), 900);
          return returned[0];
        });
    Object wrapper = d.maker().wrap(inner);
    Object[] args = new Object[m.getParameterCount()];
    for (int i = 0; i < args.length; i++) {
      args[i] = sample(m.getParameterTypes()[i], i + 1);
    }
    Object answer;
    try {
      answer = m.invoke(wrapper, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
    assertEquals(1, called.size(), () -> signature(m) + " made " + called.size() + " calls: " + called);
    Method reached = called.get(0);
    assertEquals(signature(m), signature(reached), "the method reached");
    Object[] passed = calls.get(0);
    assertEquals(args.length, passed.length);
    for (int i = 0; i < args.length; i++) {
      assertTrue(same(args[i], passed[i]), signature(m) + ": argument " + (i + 1) + " passed as " + passed[i]
          + ", given " + args[i]);
    }
    if (m.getReturnType() == void.class) {
      return;
    }
    Function<Object, Object> unwrapped = WRAPPED.get(m.getReturnType());
    if (unwrapped != null) {
      assertNotNull(answer, signature(m));
      assertSame(returned[0], unwrapped.apply(answer), signature(m) + " answers with a wrapper of what it got");
    } else {
      assertTrue(same(returned[0], answer), signature(m) + " answered " + answer + ", the wrapped one " + returned[0]);
    }
  }

  /** The same object; a primitive, boxed on either side, the same value. */
  private static boolean same(Object given, Object passed) {
    if (given instanceof Number || given instanceof Boolean || given instanceof Character) {
      return given.equals(passed);
    }
    return given == passed;
  }

  private static String signature(Method m) {
    StringBuilder s = new StringBuilder(m.getName()).append('(');
    for (Class<?> p : m.getParameterTypes()) {
      s.append(s.charAt(s.length() - 1) == '(' ? "" : ", ").append(p.getSimpleName());
    }
    return s.append(')').toString();
  }

  /** A value of {@code type} of its own for position {@code n}: no two positions of one call hold the same. */
  @SuppressWarnings("unchecked")
  private static <T> T sample(Class<T> type, int n) {
    Object v;
    if (type == int.class) {
      v = 1000 + n;
    } else if (type == long.class) {
      v = 2000L + n;
    } else if (type == short.class) {
      v = (short) (3000 + n);
    } else if (type == byte.class) {
      v = (byte) (10 + n);
    } else if (type == float.class) {
      v = 4000f + n;
    } else if (type == double.class) {
      v = 5000d + n;
    } else if (type == boolean.class) {
      v = n % 2 == 0;   // true at 900, the answer: a delegate answering false by itself fails
    } else if (type == char.class) {
      v = (char) ('a' + n);
    } else if (type == String.class) {
      v = new String("text " + n);
    } else if (type.isArray()) {
      v = java.lang.reflect.Array.newInstance(type.getComponentType(), n % 3 + 1);
    } else if (type == Object.class) {
      v = new Object();
    } else if (type == Class.class) {
      v = n % 2 == 0 ? String.class : Integer.class;
    } else if (type == BigDecimal.class) {
      v = BigDecimal.valueOf(n);
    } else if (type == java.sql.Date.class) {
      v = new java.sql.Date(n);
    } else if (type == java.sql.Time.class) {
      v = new java.sql.Time(n);
    } else if (type == java.sql.Timestamp.class) {
      v = new java.sql.Timestamp(n);
    } else if (type == java.sql.SQLWarning.class) {
      v = new java.sql.SQLWarning("warning " + n);
    } else if (type.isEnum()) {
      Object[] constants = type.getEnumConstants();
      v = constants[n % constants.length];
    } else if (type == Calendar.class) {
      v = Calendar.getInstance();
    } else if (type == Properties.class) {
      v = new Properties();
    } else if (type == InputStream.class) {
      v = new ByteArrayInputStream(new byte[n % 5]);
    } else if (type == Reader.class) {
      v = new StringReader("r" + n);
    } else if (type == URL.class) {
      try {
        v = new URL("http://localhost/" + n);
      } catch (MalformedURLException e) {
        throw new AssertionError(e);
      }
    } else if (type.isInterface()) {
      v = Proxy.newProxyInstance(DelegatesForwardTest.class.getClassLoader(), new Class<?>[] {type},
          (proxy, method, args) -> method.getName().equals("equals") ? proxy == args[0]
              : method.getName().equals("hashCode") ? System.identityHashCode(proxy)
              : method.getName().equals("toString") ? type.getSimpleName() + " " + n : null);
    } else if (type == void.class) {
      v = null;
    } else {
      return fail("no sample value for " + type);
    }
    return (T) v;
  }
}
