package org.djbranch.driver.metadata;

import org.djbranch.driver.error.SqlState;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rows of a metadata answer held in memory, with the column descriptions of the wrapped driver's answer, so a
 * merged listing keeps the names, types and order JDBC and its readers (Hibernate, SchemaCrawler) rely on. A cell
 * keeps both the object and the text the wrapped driver gave for it, so getString answers as the driver did.
 */
final class MetadataTable {
  final MetadataColumns columns;
  final List<Cell[]> rows = new ArrayList<>();

  /** One value as the wrapped driver answered it. */
  record Cell(Object value, String text) {
    static final Cell NULL = new Cell(null, null);

    static Cell of(Object value) {
      return value == null ? NULL : new Cell(value, value.toString());
    }
  }

  MetadataTable(MetadataColumns columns) {
    this.columns = columns;
  }

  /** Reads and closes a wrapped result set. */
  static MetadataTable read(ResultSet rs) throws SQLException {
    try (rs) {
      MetadataTable t = new MetadataTable(MetadataColumns.copyOf(rs.getMetaData()));
      t.addAll(rs);
      return t;
    }
  }

  /** Appends the rows of another answer of the same method, closing it. */
  void addAll(ResultSet rs) throws SQLException {
    try (rs) {
      int n = columns.count();
      while (rs.next()) {
        Cell[] row = new Cell[n];
        for (int i = 0; i < n; i++) {
          Object value = rs.getObject(i + 1);
          row[i] = value == null ? Cell.NULL : new Cell(value, rs.getString(i + 1));
        }
        rows.add(row);
      }
    }
  }

  /** The 0-based index of a column, or -1 when this answer has no such column. */
  int index(String label) {
    return columns.index(label);
  }

  /** The text of a cell, or null. */
  static String text(Cell[] row, int index) {
    return index < 0 ? null : row[index].text();
  }

  /**
   * A value for a synthetic row, of the Java type the wrapped driver uses for that column (Short or Integer for
   * KEY_SEQ, say), so that getObject answers alike for real and synthetic rows.
   */
  Cell cell(int index, Object value) {
    if (value == null) {
      return Cell.NULL;
    }
    if (value instanceof Number n) {
      switch (columns.className(index)) {
        case "java.lang.Short":
          return Cell.of(n.shortValue());
        case "java.lang.Long":
          return Cell.of(n.longValue());
        case "java.lang.String":
          return Cell.of(n.toString());
        default:
          return Cell.of(n.intValue());
      }
    }
    return Cell.of(value);
  }

  /** A copy of a result set's column descriptions, independent of the result set. */
  static final class MetadataColumns implements ResultSetMetaData {
    private final String[] labels;
    private final String[] names;
    private final int[] types;
    private final String[] typeNames;
    private final String[] classNames;
    private final int[] nullable;
    private final int[] precision;
    private final int[] scale;
    private final int[] displaySize;

    private MetadataColumns(int n) {
      labels = new String[n];
      names = new String[n];
      types = new int[n];
      typeNames = new String[n];
      classNames = new String[n];
      nullable = new int[n];
      precision = new int[n];
      scale = new int[n];
      displaySize = new int[n];
    }

    static MetadataColumns copyOf(ResultSetMetaData m) throws SQLException {
      MetadataColumns c = new MetadataColumns(m.getColumnCount());
      for (int i = 0; i < c.labels.length; i++) {
        int col = i + 1;
        c.labels[i] = m.getColumnLabel(col);
        c.names[i] = m.getColumnName(col);
        c.types[i] = m.getColumnType(col);
        c.typeNames[i] = m.getColumnTypeName(col);
        c.classNames[i] = m.getColumnClassName(col);
        c.nullable[i] = m.isNullable(col);
        c.precision[i] = m.getPrecision(col);
        c.scale[i] = m.getScale(col);
        c.displaySize[i] = m.getColumnDisplaySize(col);
      }
      return c;
    }

    int count() {
      return labels.length;
    }

    String className(int index) {
      return classNames[index] == null ? "" : classNames[index];
    }

    int index(String label) {
      for (int i = 0; i < labels.length; i++) {
        if (labels[i].equalsIgnoreCase(label)) {
          return i;
        }
      }
      return -1;
    }

    String label(int index) {
      return labels[index].toUpperCase(Locale.ROOT);
    }

    private int at(int column) throws SQLException {
      if (column < 1 || column > labels.length) {
        throw SqlState.GENERAL_ERROR.exception("Column index " + column + " is out of range: this metadata result"
            + " set has " + labels.length + " columns.");
      }
      return column - 1;
    }

    @Override
    public int getColumnCount() {
      return labels.length;
    }

    @Override
    public boolean isAutoIncrement(int column) {
      return false;
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
      return classNames[at(column)] != null && classNames[at(column)].equals("java.lang.String");
    }

    @Override
    public boolean isSearchable(int column) {
      return true;
    }

    @Override
    public boolean isCurrency(int column) {
      return false;
    }

    @Override
    public int isNullable(int column) throws SQLException {
      return nullable[at(column)];
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
      String c = classNames[at(column)];
      return c != null && (c.startsWith("java.lang.") && !c.equals("java.lang.String") && !c.equals("java.lang.Boolean")
          || c.equals("java.math.BigDecimal"));
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
      return displaySize[at(column)];
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
      return labels[at(column)];
    }

    @Override
    public String getColumnName(int column) throws SQLException {
      return names[at(column)];
    }

    @Override
    public String getSchemaName(int column) {
      return "";
    }

    @Override
    public int getPrecision(int column) throws SQLException {
      return precision[at(column)];
    }

    @Override
    public int getScale(int column) throws SQLException {
      return scale[at(column)];
    }

    @Override
    public String getTableName(int column) {
      return "";
    }

    @Override
    public String getCatalogName(int column) {
      return "";
    }

    @Override
    public int getColumnType(int column) throws SQLException {
      return types[at(column)];
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
      return typeNames[at(column)];
    }

    @Override
    public boolean isReadOnly(int column) {
      return true;
    }

    @Override
    public boolean isWritable(int column) {
      return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) {
      return false;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
      return classNames[at(column)];
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
      if (iface.isInstance(this)) {
        return iface.cast(this);
      }
      throw SqlState.GENERAL_ERROR.exception("This metadata result set's description does not wrap " + iface.getName()
          + ".");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
      return iface.isInstance(this);
    }
  }
}
