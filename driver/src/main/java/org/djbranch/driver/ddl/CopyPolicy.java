package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.Locale;
import org.djbranch.driver.error.SqlState;

/**
 * What a branch does when a statement would change a table the pipeline holds (docs/branch-semantics.md "Changing a
 * pipeline table on a branch"): the connection properties {@code pipelineChanges}, {@code pipelineWrites} and
 * {@code copyRowLimit}. {@code pipelineChanges=refuse&pipelineWrites=pass} is the specification exactly (Branch
 * Resolution §9, additive only; §8, rows are the credential's business).
 *
 * @param changes a change of a pipeline table's structure (ALTER, an index, DROP, TRUNCATE, RENAME, COMMENT)
 * @param writes an INSERT, UPDATE, DELETE, MERGE or REPLACE of a pipeline table's rows
 * @param rowLimit the most rows a copy may take; a table with more is refused before anything is copied
 */
public record CopyPolicy(Changes changes, Writes writes, long rowLimit) {
  /** The default of {@code copyRowLimit}: a bounded sample copies in seconds, a production table is refused. */
  public static final long DEFAULT_ROW_LIMIT = 1_000_000;
  public static final CopyPolicy DEFAULT = new CopyPolicy(Changes.COPY, Writes.COPY, DEFAULT_ROW_LIMIT);
  /** The specification's behaviour: structure additive only, rows written where they are. */
  public static final CopyPolicy SPECIFICATION = new CopyPolicy(Changes.REFUSE, Writes.PASS, DEFAULT_ROW_LIMIT);

  /** {@code pipelineChanges}. */
  public enum Changes {
    /** The table is copied into the draft first, and the change runs on the copy. */
    COPY,
    /** Refused with 55000, as the specification releases branches (additive only). */
    REFUSE
  }

  /** {@code pipelineWrites}. */
  public enum Writes {
    /** The table is copied into the draft first, and the rows are written there. */
    COPY,
    /** Refused with 55000, naming the table and the property. */
    REFUSE,
    /** Written into the pipeline's table, as the credential allows (the specification's behaviour). */
    PASS
  }

  /**
   * The policy the three property values ask for (null: the default); a value it does not know fails naming the
   * property and the values it takes.
   */
  public static CopyPolicy of(String changes, String writes, String rowLimit) throws SQLException {
    return new CopyPolicy(
        changes == null ? Changes.COPY : value(Changes.class, "pipelineChanges", changes),
        writes == null ? Writes.COPY : value(Writes.class, "pipelineWrites", writes),
        rowLimit == null ? DEFAULT_ROW_LIMIT : limit(rowLimit));
  }

  private static <E extends Enum<E>> E value(Class<E> type, String property, String given) throws SQLException {
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(given.strip())) {
        return e;
      }
    }
    throw SqlState.INVALID_PARAMETER_VALUE.exception("The connection property " + property + " is '" + given
        + "'; it takes " + String.join(" or ", Arrays.stream(type.getEnumConstants())
        .map(e -> e.name().toLowerCase(Locale.ROOT)).toList()) + ".");
  }

  private static long limit(String given) throws SQLException {
    try {
      long n = Long.parseLong(given.strip().replace("_", ""));
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException notANumber) {
      // said below
    }
    throw SqlState.INVALID_PARAMETER_VALUE.exception("The connection property copyRowLimit is '" + given
        + "'; it takes a number of rows, 0 or more (default " + DEFAULT_ROW_LIMIT + ").");
  }
}
