package org.djbranch.lake;

import org.djbranch.lake.catalog.BookkeepingTable;
import org.djbranch.lake.util.LakeException;
import org.djbranch.lake.util.Sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Refuses a catalog whose inlined-data or inlined-delete tables hold rows: such rows live only in
 * the catalog, not in data files, and a version is made of data files. The tables themselves
 * exist in every catalog the extension made and are normal.
 */
final class InlinedRows {
  private InlinedRows() {
  }

  static void refuseAny(Connection c, String prefix, List<BookkeepingTable> tables, String what) throws SQLException {
    for (BookkeepingTable table : tables) {
      String name = table.name();
      if (!name.startsWith("ducklake_inlined_data_") && !name.startsWith("ducklake_inlined_delete_")
          || name.equals("ducklake_inlined_data_tables")) {
        continue;
      }
      try (Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM " + prefix + Sql.ident(name))) {
        rs.next();
        long rows = rs.getLong(1);
        if (rows > 0) {
          throw new LakeException(what + " holds " + rows + " inlined row(s) in " + name
              + ": a version keeps rows only in data files. Attach it with DATA_INLINING_ROW_LIMIT 0 "
              + "and flush them (CALL ducklake_flush_inlined_data('<alias>')), then commit again",
              LakeException.REFUSED);
        }
      }
    }
  }
}
