package org.djbranch.driver.session;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.djbranch.rewriter.Dialect;
import org.djbranch.rewriter.DmlShape;
import org.djbranch.rewriter.ParameterMarkers;

/**
 * A single-table DELETE or UPDATE as the referential actions need it (Branch Resolution §5.2): its shape, read once,
 * and where its parameter markers stand, so that the rows it changes and the values it assigns are written into
 * derived statements that take the same parameters. It keeps its last answer to whether its target is a parent of
 * symbolic foreign keys, good until the layout or the current schema changes: a prepared statement asks at every
 * execution, and only the first after a change costs more than a comparison.
 */
final class RowChange {
  /**
   * The statement's target as a parent: its physical name and the columns its children reference, each as
   * {@code columnKey} (the database's comparison of column names) makes it.
   */
  record Target(String parent, Set<String> keyColumns, UnaryOperator<String> columnKey) {
    static final Target NONE = new Target(null, Set.of(), UnaryOperator.identity());

    boolean referenced() {
      return parent != null;
    }

    /** Whether a child references column {@code column} (as written in the statement, as stored). */
    boolean isKeyColumn(String column) {
      return keyColumns.contains(columnKey.apply(column));
    }
  }

  private static final int[] NO_MARKERS = {};

  final String text;
  final DmlShape shape;
  private final int[] markers;
  private final boolean prepared;
  private Target decided;
  private long decidedAt = -1;
  private String decidedSchema;

  private RowChange(String text, DmlShape shape, int[] markers, boolean prepared) {
    this.text = text;
    this.shape = shape;
    this.markers = markers;
    this.prepared = prepared;
  }

  /** A prepared statement's text, or null when it is no single-table DELETE or UPDATE. */
  static RowChange prepared(String text, Dialect dialect) {
    DmlShape shape = DmlShape.read(text, dialect);
    return shape == null ? null : new RowChange(text, shape, ParameterMarkers.positions(text, dialect), true);
  }

  /** A plain statement's text, whose {@code ?} are no markers; null when it is no single-table DELETE or UPDATE. */
  static RowChange plain(String text, Dialect dialect) {
    DmlShape shape = DmlShape.read(text, dialect);
    return shape == null ? null : new RowChange(text, shape, NO_MARKERS, false);
  }

  /** The last answer, if made under this layout generation and current schema; else null. */
  Target decided(long generation, String currentSchema) {
    return generation == decidedAt && Objects.equals(currentSchema, decidedSchema) ? decided : null;
  }

  void decide(long generation, String currentSchema, Target target) {
    decided = target;
    decidedAt = generation;
    decidedSchema = currentSchema;
  }

  /** The WHERE condition with its parameters from {@code values}; null where the statement has none. */
  DerivedSql where(Parameter[] values) {
    return shape.hasWhere() ? piece(shape.whereStart(), shape.whereEnd(), values) : null;
  }

  /**
   * Each assigned column, keyed as {@code target} compares column names, with its expression and the expression's
   * parameters.
   */
  Map<String, DerivedSql> newValues(Parameter[] values, Target target) {
    Map<String, DerivedSql> out = new HashMap<>();
    for (DmlShape.Assignment a : shape.assignments()) {
      out.put(target.columnKey().apply(a.column()), piece(a.start(), a.end(), values));
    }
    return out;
  }

  /**
   * Whether the actions for {@code target} read parameter {@code index} (from 0): one in the WHERE condition, or
   * in the new value of a column a child references. A stream is kept in memory only then.
   */
  boolean mayRead(int index, Target target) {
    if (!target.referenced() || index < 0 || index >= markers.length) {
      return false;
    }
    int at = markers[index];
    if (shape.hasWhere() && at >= shape.whereStart() && at < shape.whereEnd()) {
      return true;
    }
    for (DmlShape.Assignment a : shape.assignments()) {
      if (at >= a.start() && at < a.end()) {
        return target.isKeyColumn(a.column());
      }
    }
    return false;
  }

  /** The text from {@code start} to {@code end}, taking the parameters of the markers inside it. */
  private DerivedSql piece(int start, int end, Parameter[] values) {
    List<Parameter> taken = new ArrayList<>();
    for (int k = 0; k < markers.length; k++) {
      if (markers[k] >= start && markers[k] < end) {
        taken.add(k < values.length ? values[k] : Parameter.UNSET);
      }
    }
    return DerivedSql.piece(text.substring(start, end), taken, prepared);
  }
}
