package org.djbranch.lake.catalog;

import org.djbranch.lake.util.Sha256;
import org.djbranch.lake.util.Sql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A digest of a frozen catalog's content: every bookkeeping table's name, columns, types and
 * rows in a fixed order. DuckDB files are not byte-for-byte reproducible, so this stands in for
 * the file's bytes. The {@code data_path} value is left out: it names where the repository is,
 * and a version's ID must not change when the repository moves.
 */
public final class CatalogDigest {
  private CatalogDigest() {
  }

  public static String of(Connection duck, String alias) throws SQLException {
    MessageDigest md = Sha256.digest();
    for (BookkeepingTable table : BookkeepingTables.ofDuckDb(duck, alias).stream()
        .sorted(java.util.Comparator.comparing(BookkeepingTable::name)).toList()) {
      field(md, "table " + table.name());
      table.columns().forEach(c -> field(md, c.name() + " " + c.type()));
      int keyIndex = -1;
      int valueIndex = -1;
      for (int i = 0; i < table.columns().size(); i++) {
        keyIndex = table.columns().get(i).name().equals("key") ? i : keyIndex;
        valueIndex = table.columns().get(i).name().equals("value") ? i : valueIndex;
      }
      boolean metadata = table.name().equals("ducklake_metadata") && keyIndex >= 0 && valueIndex >= 0;
      try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(
          "SELECT COLUMNS(*)::VARCHAR FROM " + Sql.ident(alias) + "." + Sql.ident(table.name()) + " ORDER BY ALL")) {
        int width = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          field(md, "row");
          boolean dataPath = metadata && "data_path".equals(rs.getString(keyIndex + 1));
          for (int i = 1; i <= width; i++) {
            String v = dataPath && i == valueIndex + 1 ? "(data_path)" : rs.getString(i);
            field(md, v == null ? "\u0000NULL" : v);
          }
        }
      }
    }
    return Sha256.hex(md);
  }

  private static void field(MessageDigest md, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    md.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
    md.update(bytes);
  }
}
