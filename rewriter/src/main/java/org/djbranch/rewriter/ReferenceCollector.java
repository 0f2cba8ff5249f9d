package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * Walks a parsed statement with JSqlParser's own table finder (which already visits every statement, clause and
 * expression kind) and keeps the objects rather than the names: the tables, the columns (for their qualifiers)
 * and the CTE names, which are not tables.
 */
final class ReferenceCollector extends TablesNamesFinder<Void> {
  final List<Table> tables = new ArrayList<>();
  final List<Column> columns = new ArrayList<>();
  final List<Table> allColumnsQualifiers = new ArrayList<>();
  final Set<String> cteNames = new HashSet<>();
  final Set<String> aliases = new HashSet<>();

  /** Collects what it can; the finder throws on a few statement kinds, and what was collected until then stays. */
  boolean collect(Statement statement) {
    try {
      getTables(statement);
      return true;
    } catch (RuntimeException unsupported) {
      return false;
    }
  }

  @Override
  public <S> Void visit(Table table, S context) {
    tables.add(table);
    if (table.getAlias() != null && table.getAlias().getName() != null) aliases.add(fold(table.getAlias().getName()));
    return super.visit(table, context);
  }

  @Override
  public <S> Void visit(Column column, S context) {
    columns.add(column);
    return super.visit(column, context);
  }

  @Override
  public <S> Void visit(AllTableColumns allTableColumns, S context) {
    if (allTableColumns.getTable() != null) allColumnsQualifiers.add(allTableColumns.getTable());
    return super.visit(allTableColumns, context);
  }

  @Override
  public <S> Void visit(WithItem<?> withItem, S context) {
    if (withItem.getAlias() != null && withItem.getAlias().getName() != null) cteNames.add(fold(withItem.getAlias().getName()));
    return super.visit(withItem, context);
  }

  static String fold(String name) {
    return NameChains.unquote(name).toLowerCase(Locale.ROOT);
  }
}
