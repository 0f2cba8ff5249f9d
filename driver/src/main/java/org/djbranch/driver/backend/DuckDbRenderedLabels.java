package org.djbranch.driver.backend;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.djbranch.rewriter.RenderedLabels;

/**
 * DuckDB's label of an unaliased select item: its parser's print of the item, which DuckDB gives as {@code SELECT}
 * and the item when a statement of the item alone is serialised and read back. Parsing binds nothing, so the item's
 * tables need not exist. A text that does not parse comes back marked as an error rather than failing, so the
 * question never aborts the application's open transaction. Answers are kept per connection for the last texts
 * asked: one query per item text not asked for lately, and only for items that name a draft table and have no alias.
 */
final class DuckDbRenderedLabels implements RenderedLabels {
  private static final String PRINT = "SELECT CASE WHEN json_extract(j, '$.error')::BOOLEAN THEN NULL"
      + " ELSE json_deserialize_sql(j) END FROM (SELECT json_serialize_sql(?) AS j)";
  private static final String SELECT = "SELECT ";
  private static final int KEPT = 256;

  private final Connection internal;
  private final Map<String, String> recent = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
      return size() > KEPT;
    }
  };

  DuckDbRenderedLabels(Connection internal) {
    this.internal = internal;
  }

  @Override
  public String of(String itemText) {
    String label = recent.get(itemText);
    if (label == null) {
      label = printed(itemText);
      if (label == null) return null;   // the next statement asks again
      recent.put(itemText, label);
    }
    return label;
  }

  private String printed(String itemText) {
    try (PreparedStatement p = internal.prepareStatement(PRINT)) {
      p.setString(1, SELECT + itemText);
      try (ResultSet r = p.executeQuery()) {
        String statement = r.next() ? r.getString(1) : null;
        // The label is lost, not the statement: without it the column shows the draft's name, as before.
        return statement != null && statement.startsWith(SELECT) ? statement.substring(SELECT.length()) : null;
      }
    } catch (SQLException e) {
      return null;
    }
  }
}
