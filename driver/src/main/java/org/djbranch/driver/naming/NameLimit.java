package org.djbranch.driver.naming;

import java.nio.charset.StandardCharsets;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;

/**
 * The longest name a database accepts, measured as that database measures it (Branch Resolution §1.3): PostgreSQL
 * counts an identifier's UTF-8 bytes (63) and silently cuts a longer one, so two long draft names sharing a prefix
 * would become one schema; MySQL and MariaDB count characters (64); a file system counts a file name's bytes (255),
 * which is what limits SQLite's attached draft files.
 *
 * @param database what imposes the limit, for messages ("PostgreSQL")
 * @param max the longest length accepted
 * @param inBytes whether a name is measured in UTF-8 bytes rather than in characters
 */
public record NameLimit(String database, int max, boolean inBytes) {
  /** The limit of a file name on the file systems djbranch runs on: 255 bytes. */
  public static final NameLimit FILE_NAME = new NameLimit("the file system", 255, true);

  /** This limit less the bytes of a suffix that is added to the name elsewhere (SQLite's {@code -journal}). */
  public NameLimit less(String suffix, String why) {
    return new NameLimit(database + " (" + why + ")", max - measure(suffix), inBytes);
  }

  /** The length of {@code name} as the database measures it. */
  public int measure(String name) {
    return inBytes ? name.getBytes(StandardCharsets.UTF_8).length : name.codePointCount(0, name.length());
  }

  /** Whether {@code name} fits. */
  public boolean fits(String name) {
    return measure(name) <= max;
  }

  /** "63 bytes", "64 characters". */
  public String describe() {
    return max + " " + unit(max);
  }

  /** A unit of length: "bytes" or "characters" (or "byte", "character" for one). */
  public String unit(int n) {
    return (inBytes ? "byte" : "character") + (n == 1 ? "" : "s");
  }

  /**
   * {@code name}, or a {@code 42622} error naming it when it does not fit: "The {@code what} {@code name} is 78
   * bytes long, past the 63 bytes PostgreSQL allows. {@code remedy}" where the remedy is given the excess.
   */
  public String check(String name, String what, java.util.function.IntFunction<String> remedy)
      throws BranchSqlException {
    int length = measure(name);
    if (length > max) {
      throw SqlState.NAME_TOO_LONG.exception("The " + what + " " + name + " is " + length + " " + unit(length)
          + " long, past the " + describe() + " " + database + " allows. " + remedy.apply(length - max));
    }
    return name;
  }
}
