package org.djbranch.driver.session;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.djbranch.driver.error.SqlState;

/**
 * The parameters of one prepared statement on a branch as the application set them, each as a {@link Parameter}
 * that sets it again with the same setter and arguments: on a statement prepared anew after a stale listing, and
 * on the statements that honour symbolic foreign keys (Branch Resolution §5.2). The one place a setter is
 * recorded: while the log records, the statement hands each setter call to {@link #recorder()}, which sets the
 * parameter on the statement it wraps now, then records it (a value the statement refuses is never replayed);
 * once the log stops, setters reach the wrapped statement directly and nothing is kept.
 */
final class ParameterLog implements InvocationHandler {
  /** The statement a log records for: which statement it wraps now, and what happens to a stream. */
  interface Owner {
    PreparedStatement current();

    /** Whether a stream set as parameter {@code index} is read into memory, so that it can be set again. */
    boolean keepsStream(int index) throws SQLException;

    /** Why a stream passed on unread cannot be set again: thrown where it would be. */
    SQLException notKept(int index);
  }

  private static final Parameter[] NONE = new Parameter[0];
  /**
   * The most entries of a batch remembered to be set again, where nothing else needs them: a bulk load's first
   * batch is not held twice in memory; a larger one is not tried again (its schema is listed again all the same).
   */
  private static final int REMEMBERED_BATCH = 10_000;
  /** The setters whose value may be a stream, which is read once: kept in memory where it is to be set again. */
  private static final Set<String> STREAM_SETTERS = Set.of("setAsciiStream", "setBinaryStream", "setUnicodeStream",
      "setCharacterStream", "setNCharacterStream", "setBlob", "setClob", "setNClob");

  private final Owner owner;
  /** Whether every execution replays the parameters, so they are kept for as long as the statement lives. */
  private final boolean keepsAll;
  /** Whether setters are recorded: until the statement ran once, or always where every execution replays them. */
  private boolean recording = true;
  /** The parameters as set, by index from 0; as long as the highest index set so far. */
  private Parameter[] values = NONE;
  /** The parameters of the batch added so far, while recording; null before the first addBatch. */
  private List<Parameter[]> batch;
  /** Whether the open batch outgrew {@link #REMEMBERED_BATCH} and is no longer remembered. */
  private boolean batchForgotten;
  /** The setters' target while recording, made at the first setter call. */
  private PreparedStatement recorder;

  ParameterLog(Owner owner, boolean keepsAll) {
    this.owner = owner;
    this.keepsAll = keepsAll;
  }

  boolean recording() {
    return recording;
  }

  /** Where a setter call goes while recording: it is passed on to the wrapped statement, then recorded. */
  PreparedStatement recorder() {
    PreparedStatement r = recorder;
    if (r == null) {
      r = (PreparedStatement) Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(),
          new Class<?>[] {PreparedStatement.class}, this);
      recorder = r;
    }
    return r;
  }

  /** One setter call, {@code set...(index, value, ...)}, on {@link #recorder()}. */
  @Override
  public Object invoke(Object proxy, Method setter, Object[] args) throws Throwable {
    int index = (Integer) args[0];
    Object value = args[1];
    boolean stream = (value instanceof InputStream || value instanceof Reader)
        && STREAM_SETTERS.contains(setter.getName());
    if (stream && !owner.keepsStream(index)) {
      call(setter, owner.current(), args);
      remember(index, notKept(index));
      return null;
    }
    if (stream) {
      Parameter p = kept(setter, args, index);
      p.setOn(owner.current(), index);
      remember(index, p);
    } else {
      call(setter, owner.current(), args);
      remember(index, (ps, k) -> call(setter, ps, at(args, k)));
    }
    return null;
  }

  /** The arguments of a setter call, for parameter {@code index}. */
  private static Object[] at(Object[] args, int index) {
    Object[] a = args.clone();
    a[0] = index;
    return a;
  }

  private static void call(Method setter, PreparedStatement ps, Object[] args) throws SQLException {
    try {
      setter.invoke(ps, args);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException s) {
        throw s;
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw SqlState.GENERAL_ERROR.exception("Setting a parameter failed: " + cause, cause);
    } catch (IllegalAccessException e) {
      throw SqlState.GENERAL_ERROR.exception("Setting a parameter failed: " + e, e);
    }
  }

  /** A stream setter call whose stream is read into memory now and handed out anew each time it is set. */
  private static Parameter kept(Method setter, Object[] args, int index) throws SQLException {
    long length = args.length > 2 ? ((Number) args[2]).longValue() : -1;
    try {
      if (args[1] instanceof InputStream in) {
        byte[] bytes = length < 0 ? in.readAllBytes() : in.readNBytes((int) Math.min(length, Integer.MAX_VALUE));
        return (ps, k) -> {
          Object[] a = at(args, k);
          a[1] = new ByteArrayInputStream(bytes);
          call(setter, ps, a);
        };
      }
      String chars = read((Reader) args[1], length);
      return (ps, k) -> {
        Object[] a = at(args, k);
        a[1] = new StringReader(chars);
        call(setter, ps, a);
      };
    } catch (IOException e) {
      throw SqlState.GENERAL_ERROR.exception("Could not read the stream of parameter " + index + ": " + e, e);
    }
  }

  private static String read(Reader x, long length) throws IOException {
    StringBuilder read = new StringBuilder();
    char[] buffer = new char[8192];
    long left = length < 0 ? Long.MAX_VALUE : length;
    int n;
    while (left > 0 && (n = x.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
      read.append(buffer, 0, n);
      left -= n;
    }
    return read.toString();
  }

  /**
   * A stream passed on unread, since nothing needed it then: it cannot be set again. A statement prepared anew is
   * not tried with it; where a symbolic foreign key declared since needs it, the statement is refused before
   * anything ran, and setting the parameter again lets it run.
   */
  private Parameter notKept(int index) {
    return new Parameter() {
      @Override
      public void setOn(PreparedStatement ps, int k) throws SQLException {
        throw owner.notKept(index);
      }

      @Override
      public boolean repeatable() {
        return false;
      }
    };
  }

  /** After the wrapped statement took parameter {@code index}: the index is one it has. */
  private void remember(int index, Parameter p) {
    if (index < 1) {
      return;
    }
    if (index > values.length) {
      int had = values.length;
      values = Arrays.copyOf(values, Math.max(index, 2 * had));
      Arrays.fill(values, had, values.length, Parameter.UNSET);
    }
    values[index - 1] = p;
  }

  /** {@code clearParameters}: every parameter unset. */
  void clear() {
    Arrays.fill(values, Parameter.UNSET);
  }

  /** {@code addBatch}: the parameters as set now are one entry of the batch. */
  void addBatch() {
    if (!recording || batchForgotten) {
      return;
    }
    if (batch == null) {
      batch = new ArrayList<>();
    } else if (!keepsAll && batch.size() == REMEMBERED_BATCH) {
      batch = null;
      batchForgotten = true;
      return;
    }
    batch.add(values.clone());
  }

  /** The batch ran or was cleared: executing a batch empties it, whatever the outcome. */
  void forgetBatch() {
    batch = null;
    batchForgotten = false;
  }

  /** The statement ran once: its text met the layout it was routed by; unless every execution replays, stop. */
  void ranOnce() {
    if (!keepsAll) {
      recording = false;
      values = NONE;
      batch = null;
    }
  }

  /** The parameters of the single execution about to run. */
  List<Parameter[]> once() {
    return List.<Parameter[]>of(values.clone());
  }

  /** The parameters of every entry of the batch about to run. */
  List<Parameter[]> batchEntries() {
    return batch == null ? List.of() : new ArrayList<>(batch);
  }

  /** Whether every parameter (and, {@code ofBatch}, every entry of the batch) can be set again. */
  boolean repeatable(boolean ofBatch) {
    if (!repeatable(values)) {
      return false;
    }
    if (ofBatch && batch != null) {
      for (Parameter[] entry : batch) {
        if (!repeatable(entry)) {
          return false;
        }
      }
    }
    return !(ofBatch && batchForgotten);
  }

  private static boolean repeatable(Parameter[] parameters) {
    for (Parameter p : parameters) {
      if (!p.repeatable()) {
        return false;
      }
    }
    return true;
  }

  /** Sets everything recorded onto {@code ps}: the batch's entries ({@code ofBatch}), then the parameters. */
  void setOnto(PreparedStatement ps, boolean ofBatch) throws SQLException {
    if (ofBatch && batch != null) {
      for (Parameter[] entry : batch) {
        setOnto(ps, entry);
        ps.addBatch();
      }
    }
    setOnto(ps, values);
  }

  private static void setOnto(PreparedStatement ps, Parameter[] parameters) throws SQLException {
    for (int i = 0; i < parameters.length; i++) {
      parameters[i].setOn(ps, i + 1);
    }
  }
}
