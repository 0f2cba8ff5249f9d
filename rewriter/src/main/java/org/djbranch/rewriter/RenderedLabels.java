package org.djbranch.rewriter;

/**
 * How a database that labels an unaliased select item by printing its parsed expression again (DuckDB, {@link
 * Dialect.LabelRule#RENDERED}) labels an item's text. Only the database can print its own expressions, so the
 * driver answers this, from a connection; the rewriter only asks.
 */
@FunctionalInterface
public interface RenderedLabels {
  /** The label the database gives the select item {@code itemText} written without an alias; null when it cannot say. */
  String of(String itemText);
}
