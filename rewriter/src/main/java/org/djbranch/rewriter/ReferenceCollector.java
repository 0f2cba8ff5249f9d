package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Parenthesis;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * Walks a parsed statement with JSqlParser's own table finder (which already visits every statement, clause and
 * expression kind) and keeps the objects rather than the names: the tables, the columns (for their qualifiers)
 * and the CTE names, which are not tables; and the select items without an alias that the database may label by
 * their text.
 */
final class ReferenceCollector extends TablesNamesFinder<Void> {
  final List<Table> tables = new ArrayList<>();
  final List<Column> columns = new ArrayList<>();
  final List<Table> allColumnsQualifiers = new ArrayList<>();
  final Set<String> cteNames = new HashSet<>();
  final Set<String> aliases = new HashSet<>();
  final List<SelectItem<?>> unaliasedItems = new ArrayList<>();

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

  /**
   * MySQL's {@code EXPLAIN t}, which describes table {@code t} as {@code DESCRIBE t} does: the parser holds the table
   * apart from any explained statement, and the finder does not visit it, so a branch sent the name as written.
   */
  @Override
  public <S> Void visit(net.sf.jsqlparser.statement.ExplainStatement explain, S context) {
    if (explain.getTable() != null && explain.getStatement() == null) {
      return visit(explain.getTable(), context);
    }
    return super.visit(explain, context);
  }

  @Override
  public <S> Void visit(Column column, S context) {
    columns.add(column);
    return super.visit(column, context);
  }

  @Override
  public <S> Void visit(SelectItem<?> item, S context) {
    if (item.getAlias() == null && !isColumnOrStar(item.getExpression())) unaliasedItems.add(item);
    item.getExpression().accept(this, context);   // as the finder does: its own method cannot be called from here
    return null;
  }

  /** A column, in parentheses or not, or {@code *}: labelled by the column's name everywhere, never by its text. */
  private static boolean isColumnOrStar(Expression e) {
    if (e instanceof Column || e instanceof AllColumns) return true;
    if (e instanceof Parenthesis p) return isColumnOrStar(p.getExpression());
    if (e instanceof ParenthesedExpressionList<?> list && list.size() == 1) return isColumnOrStar(list.get(0));
    return false;
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
