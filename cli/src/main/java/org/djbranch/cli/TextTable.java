package org.djbranch.cli;

import java.io.PrintWriter;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Rows printed as an aligned table with a header rule, the way psql and the duckdb shell print them. */
public final class TextTable {
  private static final int MAX_CELL = 60;
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  public TextTable(String... header) {
    this(List.of(header));
  }

  public TextTable(List<String> header) {
    this.header = header;
  }

  public TextTable row(Object... cells) {
    List<String> r = new ArrayList<>();
    for (Object c : cells) {
      r.add(c == null ? "NULL" : c.toString());
    }
    rows.add(r);
    return this;
  }

  public int size() {
    return rows.size();
  }

  /** Every row of the result set (its cursor ends past the last row). */
  public static TextTable of(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> header = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      header.add(md.getColumnLabel(i));
    }
    TextTable t = new TextTable(header);
    while (rs.next()) {
      Object[] cells = new Object[header.size()];
      for (int i = 0; i < cells.length; i++) {
        cells[i] = rs.getString(i + 1);
      }
      t.row(cells);
    }
    return t;
  }

  public void print(PrintWriter out, String indent) {
    int[] width = new int[header.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = header.get(i).length();
      for (List<String> r : rows) {
        width[i] = Math.max(width[i], cell(r, i).length());
      }
    }
    line(out, indent, header, width);
    StringBuilder rule = new StringBuilder(indent);
    for (int i = 0; i < width.length; i++) {
      rule.append(i == 0 ? "" : "-+-").append("-".repeat(width[i]));
    }
    out.println(rule);
    for (List<String> r : rows) {
      line(out, indent, r, width);
    }
    out.println(indent + "(" + rows.size() + (rows.size() == 1 ? " row)" : " rows)"));
    out.flush();
  }

  private static void line(PrintWriter out, String indent, List<String> cells, int[] width) {
    StringBuilder s = new StringBuilder(indent);
    for (int i = 0; i < width.length; i++) {
      String c = cell(cells, i);
      s.append(i == 0 ? "" : " | ").append(c).append(" ".repeat(width[i] - c.length()));
    }
    out.println(s.toString().stripTrailing());
  }

  private static String cell(List<String> cells, int i) {
    String c = i < cells.size() ? cells.get(i) : "";
    c = c.replace('\n', ' ');
    return c.length() > MAX_CELL ? c.substring(0, MAX_CELL - 1) + "…" : c;
  }
}
