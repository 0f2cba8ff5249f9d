package org.djbranch.compat;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Random;
import java.util.TimeZone;

/**
 * How one parameter of a prepared statement is set — one setter of many, with values that are hard to carry
 * (strings with quotes and question marks, decimals, timestamps with and without a calendar, bytes, streams, NULL) —
 * and the column of {@link #columns} it is written to or compared with.
 */
enum Setter {
  STRING("name"), CHARACTER_STREAM("name"), NULL_STRING("name"), DECIMAL("amount"), DECIMAL_OBJECT("amount"),
  TIMESTAMP("seen_at"), TIMESTAMP_CALENDAR("seen_at"), BYTES("payload"), BINARY_STREAM("payload"),
  INTEGER_OBJECT("num");

  private static final String CHARS = "abcXYZ019 '\"\\?;-%_()é";

  final String column;

  Setter(String column) {
    this.column = column;
  }

  /** A value of this setter's kind, drawn from {@code random}. */
  Object value(Random random) {
    switch (this) {
      case STRING:
      case CHARACTER_STREAM:
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(10); i > 0; i--) {
          s.append(CHARS.charAt(random.nextInt(CHARS.length())));
        }
        return s.toString();
      case NULL_STRING:
        return null;
      case DECIMAL:
      case DECIMAL_OBJECT:
        return new BigDecimal(BigInteger.valueOf(random.nextLong() % 1_000_000_000_000L), random.nextInt(5));
      case TIMESTAMP:
      case TIMESTAMP_CALENDAR:
        // Whole milliseconds between 1971 and 2099: every database here keeps them exactly.
        return new Timestamp(31_536_000_000L + Math.floorMod(random.nextLong(), 4_000_000_000_000L));
      case BYTES:
      case BINARY_STREAM:
        byte[] b = new byte[1 + random.nextInt(16)];
        random.nextBytes(b);
        return b;
      case INTEGER_OBJECT:
        return random.nextInt(1000) - 500;
      default:
        throw new IllegalStateException(name());
    }
  }

  void set(PreparedStatement ps, int index, Object value, TimeZone zone) throws SQLException {
    switch (this) {
      case STRING -> ps.setString(index, (String) value);
      case CHARACTER_STREAM -> ps.setCharacterStream(index, new StringReader((String) value),
          ((String) value).length());
      case NULL_STRING -> ps.setNull(index, Types.VARCHAR);
      case DECIMAL -> ps.setBigDecimal(index, (BigDecimal) value);
      case DECIMAL_OBJECT -> ps.setObject(index, value, Types.DECIMAL, 4);
      case TIMESTAMP -> ps.setTimestamp(index, (Timestamp) value);
      case TIMESTAMP_CALENDAR -> ps.setTimestamp(index, (Timestamp) value, Calendar.getInstance(zone));
      case BYTES -> ps.setBytes(index, (byte[]) value);
      case BINARY_STREAM -> ps.setBinaryStream(index, new ByteArrayInputStream((byte[]) value),
          ((byte[]) value).length);
      case INTEGER_OBJECT -> ps.setObject(index, value, Types.INTEGER);
      default -> throw new IllegalStateException(name());
    }
  }

  /** Whether the value is handed over as a stream, which the driver reads once. */
  boolean isStream() {
    return this == CHARACTER_STREAM || this == BINARY_STREAM;
  }

  /** The columns of a table every setter has a column in, keyed by {@code id}, in {@code db}'s types. */
  static String columns(Db db) {
    String text = db == Db.DUCKDB ? "VARCHAR" : "VARCHAR(40)";
    String time = db == Db.MARIADB ? "DATETIME(3)" : "TIMESTAMP";
    String binary = db == Db.POSTGRESQL ? "BYTEA" : db == Db.MARIADB ? "VARBINARY(16)" : "BLOB";
    return "id INT NOT NULL, name " + text + ", amount DECIMAL(16,4), seen_at " + time + ", payload " + binary
        + ", num INT, PRIMARY KEY (id)";
  }

  /**
   * The setters the driver of {@code raw} takes, each tried once on {@code table} (of {@link #columns}), which is
   * left empty.
   */
  static List<Setter> takenBy(Connection raw, String table) throws SQLException {
    List<Setter> taken = new ArrayList<>();
    for (Setter s : values()) {
      try (PreparedStatement ps = raw.prepareStatement("INSERT INTO " + table + " (id, " + s.column
          + ") VALUES (-1, ?)")) {
        s.set(ps, 1, s.value(new Random(1)), TimeZone.getTimeZone("America/New_York"));
        ps.executeUpdate();
        taken.add(s);
      } catch (SQLException unsupported) {
        // this database's driver takes no parameter set this way
      }
      BranchFixture.exec(raw, "DELETE FROM " + table);
    }
    return taken;
  }
}
