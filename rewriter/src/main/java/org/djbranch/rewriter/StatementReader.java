package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import net.sf.jsqlparser.parser.ASTNodeAccess;
import net.sf.jsqlparser.parser.Node;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.comment.Comment;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.create.sequence.CreateSequence;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.type.CreateType;
import net.sf.jsqlparser.statement.create.view.AlterView;
import net.sf.jsqlparser.statement.create.view.CreateView;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.drop.Drop;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.truncate.Truncate;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.upsert.Upsert;
import net.sf.jsqlparser.statement.alter.RenameTableStatement;

/**
 * Turns one parsed statement into an {@link Analysis}: the kind and targets come from the statement object, every
 * table JSqlParser saw is located in our tokens through its AST offset, and DDL structure comes from the token
 * readers (which know the spans to cut).
 */
final class StatementReader {
  private final Tokens tokens;
  private final Statement statement;
  private final Map<Table, TableRef.Role> roles = new IdentityHashMap<>();
  private final TreeMap<Integer, TableRef> refs = new TreeMap<>();
  private final Set<Integer> usedStarts = new HashSet<>();
  private StatementKind kind = StatementKind.OTHER;
  private Table targetTable;
  private TableRef target;
  private org.djbranch.rewriter.CreateTable createTable;
  private List<ForeignKey> addedForeignKeys = List.of();
  private String droppedSchema;
  private boolean droppedSchemaExact;
  private TableRef renamedTo;
  private final List<TableRename> renames = new ArrayList<>();
  private List<DroppedConstraint> droppedConstraints = List.of();
  private List<RenamedColumn> renamedColumns = List.of();

  private final Dialect dialect;

  StatementReader(Tokens tokens, Statement statement, Dialect dialect) {
    this.dialect = dialect;
    this.tokens = tokens;
    this.statement = statement;
  }

  Analysis read() throws UnparsableStatementException {
    classify();
    nestedLock = !lockedAtTop && TokenReferences.locksRows(tokens);
    ReferenceCollector collector = new ReferenceCollector();
    collector.collect(statement);
    List<Table> tables = new ArrayList<>(collector.tables);
    tables.addAll(roles.keySet());                      // targets the finder may not visit
    Set<String> tableNames = new HashSet<>();
    for (Table table : tables) {
      if (kind == StatementKind.DROP_SCHEMA) break;   // the "table" of DROP SCHEMA is the schema
      TableRef.Role role = roleOf(table);
      TableRef ref = locate(table, role);
      if (ref == null && role == TableRef.Role.WRITE) {
        // a table the statement writes that the text does not show as a name (SQLite reads DELETE FROM 't' as
        // table t): left out, the statement would go to trunk's table as written
        throw new UnparsableStatementException("the parser read a table it writes, " + table.getFullyQualifiedName()
            + ", where the text holds no name");
      }
      if (ref == null) continue;
      if (ref.schema() == null && collector.cteNames.contains(ReferenceCollector.fold(ref.name())) && role == TableRef.Role.READ) continue;
      if (role == TableRef.Role.READ && nestedLock) ref = ref.withRole(TableRef.Role.WRITE);
      add(ref);
      if (table == targetTable) target = refs.get(ref.start());
    }
    for (TableRef ref : refs.values()) tableNames.add(ReferenceCollector.fold(ref.name()));
    for (Column column : collector.columns) addQualifier(column, column.getTable(), collector, tableNames);
    for (Table qualifier : collector.allColumnsQualifiers) addQualifier(null, qualifier, collector, tableNames);
    readDdlStructure();
    if (target == null && targetTable != null) target = refs.get(startOf(targetTable));
    return new Analysis(kind, new ArrayList<>(refs.values()), target, createTable, addedForeignKeys, droppedSchema,
        droppedSchemaExact, renamedTo, false)
        .withAlterations(renames, droppedConstraints, renamedColumns, tokens.isWord(0, "DROP") && endsWithCascade())
        .withUnaliasedItems(spans(collector.unaliasedItems));
  }

  /** The items' spans in our tokens; an item the parser gave no position, or none on token boundaries, is left out. */
  private List<SelectItemSpan> spans(List<SelectItem<?>> items) {
    List<SelectItemSpan> spans = new ArrayList<>();
    for (SelectItem<?> item : items) {
      Node node = item.getASTNode();
      if (node == null || node.jjtGetFirstToken() == null || node.jjtGetLastToken() == null) continue;
      int start = node.jjtGetFirstToken().absoluteBegin - 1;
      int end = node.jjtGetLastToken().absoluteEnd - 1;
      if (end > start && tokens.indexAt(start) >= 0 && tokens.indexEndingAt(end) >= 0) {
        spans.add(new SelectItemSpan(start, end));
      }
    }
    return spans;
  }

  /** DROP ... CASCADE: the last word of the statement, a closing semicolon aside. */
  private boolean endsWithCascade() {
    int last = tokens.size() - 1;
    if (tokens.isPunct(last, ';')) last--;
    return tokens.isWord(last, "CASCADE");
  }

  /** The statement's kind and the tables it writes, creates, alters or drops. */
  private void classify() {
    Statement s = statement;
    rowChangingWithItems(s);
    if (s instanceof Select select) {
      kind = StatementKind.SELECT;
      lockedTablesWritten(select);
    } else if (s instanceof Insert insert) {
      kind = StatementKind.INSERT;
      role(insert.getTable(), TableRef.Role.WRITE);
    } else if (s instanceof Upsert upsert) {
      kind = StatementKind.UPSERT;
      role(upsert.getTable(), TableRef.Role.WRITE);
    } else if (s instanceof Update update) {
      kind = StatementKind.UPDATE;
      role(update.getTable(), TableRef.Role.WRITE);
      if (update.getStartJoins() != null) {
        joinedTablesWritten(update);
      }
    } else if (s instanceof Delete delete) {
      kind = StatementKind.DELETE;
      role(delete.getTable(), TableRef.Role.WRITE);
      if (delete.getTables() != null) for (Table t : delete.getTables()) role(t, TableRef.Role.WRITE);
    } else if (s instanceof Merge merge) {
      kind = StatementKind.MERGE;
      role(merge.getTable(), TableRef.Role.WRITE);
    } else if (s instanceof CreateTable create) {
      kind = StatementKind.CREATE_TABLE;
      targetTable = role(create.getTable(), TableRef.Role.CREATE);
    } else if (s instanceof CreateView view) {
      kind = StatementKind.CREATE_VIEW;
      targetTable = role(view.getView(), TableRef.Role.CREATE);
    } else if (s instanceof AlterView view) {
      kind = StatementKind.ALTER_TABLE;                 // changing a view's definition alters it like a table
      targetTable = role(view.getView(), TableRef.Role.ALTER);
    } else if (s instanceof CreateIndex index) {
      kind = StatementKind.CREATE_INDEX;                // the target is the indexed table: the index lives with it
      targetTable = role(index.getTable(), TableRef.Role.ALTER);
    } else if (s instanceof CreateSequence) {
      kind = StatementKind.CREATE_SEQUENCE;
    } else if (s instanceof CreateType) {
      kind = StatementKind.CREATE_TYPE;
    } else if (s.getClass().getSimpleName().startsWith("Create")) {
      // a domain is a type (PostgreSQL), declared as one
      kind = tokens.isWord(1, "DOMAIN") ? StatementKind.CREATE_TYPE : StatementKind.CREATE_OTHER;
    } else if (s instanceof Alter alter) {
      kind = StatementKind.ALTER_TABLE;
      targetTable = role(alter.getTable(), TableRef.Role.ALTER);
    } else if (s instanceof Drop drop) {
      classifyDrop(drop);
    } else if (s instanceof Truncate truncate) {
      kind = StatementKind.TRUNCATE;
      targetTable = role(truncate.getTable(), TableRef.Role.WRITE);
      if (truncate.getTables() != null) for (Table t : truncate.getTables()) role(t, TableRef.Role.WRITE);
    } else if (s instanceof RenameTableStatement) {
      kind = StatementKind.RENAME;
    } else if (s instanceof Comment comment) {
      kind = StatementKind.COMMENT;
      Table t = comment.getTable() != null ? comment.getTable()
          : comment.getView() != null ? comment.getView()
          : comment.getColumn() != null ? comment.getColumn().getTable() : null;
      targetTable = role(t, TableRef.Role.ALTER);
    }
  }

  private void classifyDrop(Drop drop) {
    String type = drop.getType() == null ? "" : drop.getType().toUpperCase(java.util.Locale.ROOT);
    TableRef.Role role = TableRef.Role.DROP;
    switch (type) {
      case "TABLE" -> kind = StatementKind.DROP_TABLE;
      case "VIEW", "MATERIALIZED VIEW" -> kind = StatementKind.DROP_VIEW;
      case "INDEX" -> kind = StatementKind.DROP_INDEX;
      case "SCHEMA", "DATABASE" -> kind = StatementKind.DROP_SCHEMA;
      default -> kind = StatementKind.DROP_OTHER;
    }
    if (kind == StatementKind.DROP_SCHEMA) {
      String written = drop.getName() == null ? null : drop.getName().getName();
      droppedSchema = NameChains.unquote(written);
      droppedSchemaExact = written != null && !written.equals(droppedSchema);
      return;
    }
    targetTable = role(drop.getName(), role);
    if (drop.getNames() != null) for (Table t : drop.getNames()) role(t, role);
  }

  /**
   * MySQL's multi-table {@code UPDATE a JOIN b SET b.x = ...} writes each joined table a SET column names (by its
   * alias or name); an unqualified SET column may be any table's, so then each is taken as written.
   */
  private void joinedTablesWritten(Update update) {
    java.util.Set<String> qualifiers = new java.util.HashSet<>();
    boolean unqualified = false;
    for (net.sf.jsqlparser.statement.update.UpdateSet set : update.getUpdateSets()) {
      for (net.sf.jsqlparser.schema.Column c : set.getColumns()) {
        if (c.getTable() == null || c.getTable().getName() == null) {
          unqualified = true;
        } else {
          qualifiers.add(NameChains.unquote(c.getTable().getName()).toLowerCase(java.util.Locale.ROOT));
        }
      }
    }
    for (net.sf.jsqlparser.statement.select.Join j : update.getStartJoins()) {
      if (j.getRightItem() instanceof Table t) {
        String alias = t.getAlias() == null ? null : NameChains.unquote(t.getAlias().getName());
        boolean named = qualifiers.contains(NameChains.unquote(t.getName()).toLowerCase(java.util.Locale.ROOT))
            || (alias != null && qualifiers.contains(alias.toLowerCase(java.util.Locale.ROOT)));
        if (unqualified || named) {
          role(t, TableRef.Role.WRITE);
        }
      }
    }
  }

  /** Whether the statement's own query locks rows: the tables it locks are read from its FROM and OF list. */
  private boolean lockedAtTop;
  /**
   * Whether a query nested in the statement locks rows ({@code (SELECT ... FOR UPDATE)}, a {@code WITH} item's, or
   * any the parser keeps no lock mode of): every table it reads is then taken as written, which of them the lock
   * reaches not being read here.
   */
  private boolean nestedLock;

  /** Row locks a query takes: held until its transaction ends, they block every writer of those rows. */
  private static final Set<net.sf.jsqlparser.statement.select.ForMode> ROW_LOCKS = java.util.EnumSet.of(
      net.sf.jsqlparser.statement.select.ForMode.UPDATE, net.sf.jsqlparser.statement.select.ForMode.SHARE,
      net.sf.jsqlparser.statement.select.ForMode.NO_KEY_UPDATE, net.sf.jsqlparser.statement.select.ForMode.KEY_SHARE);

  /**
   * {@code SELECT ... FOR UPDATE} (or {@code SHARE}, {@code NO KEY UPDATE}, {@code KEY SHARE}) locks the rows it
   * reads until its transaction ends, blocking every writer of them: the tables of its FROM clause are written, as
   * far as a branch is concerned (those its {@code OF} list names, where it has one), so a pipeline table is the
   * branch's own copy before its rows are locked.
   */
  private void lockedTablesWritten(Select select) {
    if (!(select instanceof net.sf.jsqlparser.statement.select.PlainSelect plain)
        || !ROW_LOCKS.contains(plain.getForMode())) {
      return;
    }
    lockedAtTop = true;
    Set<String> of = new HashSet<>();
    if (plain.getForUpdateTables() != null) {
      for (Table t : plain.getForUpdateTables()) {
        of.add(NameChains.unquote(t.getName()).toLowerCase(java.util.Locale.ROOT));
      }
    }
    List<net.sf.jsqlparser.statement.select.FromItem> from = new ArrayList<>();
    from.add(plain.getFromItem());
    if (plain.getJoins() != null) {
      for (net.sf.jsqlparser.statement.select.Join j : plain.getJoins()) {
        from.add(j.getRightItem());
      }
    }
    for (net.sf.jsqlparser.statement.select.FromItem item : from) {
      if (item instanceof Table t) {
        String alias = t.getAlias() == null ? null : NameChains.unquote(t.getAlias().getName());
        if (of.isEmpty() || of.contains(NameChains.unquote(t.getName()).toLowerCase(java.util.Locale.ROOT))
            || alias != null && of.contains(alias.toLowerCase(java.util.Locale.ROOT))) {
          role(t, TableRef.Role.WRITE);
        }
      }
    }
  }

  /**
   * A WITH item holding an INSERT, UPDATE or DELETE (PostgreSQL's data-modifying WITH) writes its table, whatever
   * the statement around it is: a SELECT reading what a DELETE returned changes rows all the same.
   */
  private void rowChangingWithItems(Statement s) {
    List<net.sf.jsqlparser.statement.select.WithItem<?>> items = s instanceof Select select ? select.getWithItemsList()
        : s instanceof Insert insert ? insert.getWithItemsList() : s instanceof Update update
        ? update.getWithItemsList() : s instanceof Delete delete ? delete.getWithItemsList() : null;
    if (items == null) return;
    for (net.sf.jsqlparser.statement.select.WithItem<?> item : items) {
      Object inner = item.getStatement();
      if (inner instanceof net.sf.jsqlparser.statement.insert.ParenthesedInsert insert) {
        role(insert.getInsert().getTable(), TableRef.Role.WRITE);
      } else if (inner instanceof net.sf.jsqlparser.statement.update.ParenthesedUpdate update) {
        role(update.getUpdate().getTable(), TableRef.Role.WRITE);
      } else if (inner instanceof net.sf.jsqlparser.statement.delete.ParenthesedDelete delete) {
        role(delete.getDelete().getTable(), TableRef.Role.WRITE);
      }
    }
  }

  private Table role(Table table, TableRef.Role role) {
    if (table != null) roles.putIfAbsent(table, role);
    return table;
  }

  private TableRef.Role roleOf(Table table) {
    TableRef.Role role = roles.get(table);
    return role == null ? TableRef.Role.READ : role;
  }

  /** Adds a reference; at a start already taken, a specific role wins over READ. */
  private void add(TableRef ref) {
    if (tokens.isWord(tokens.indexAt(ref.start()) - 1, "REFERENCES")) ref = ref.withRole(TableRef.Role.REFERENCE);
    TableRef old = refs.get(ref.start());
    if (old == null || (old.role() == TableRef.Role.READ && ref.role() != TableRef.Role.READ)) refs.put(ref.start(), ref);
  }

  /** The table's span in our tokens: from its AST offset when the parser recorded one, else by searching. */
  private TableRef locate(Table table, TableRef.Role role) {
    if (table == null || table.getName() == null) return null;
    int start = startOf(table);
    int i = start >= 0 ? tokens.indexAt(start) : -1;
    if (i >= 0 && NameChains.isName(tokens, i)) {
      int end = NameChains.chainEnd(tokens, i);
      if (tokens.identifier(end).equalsIgnoreCase(NameChains.unquote(table.getName()))) {
        usedStarts.add(tokens.start(i));
        return NameChains.ref(tokens, i, end, role);
      }
    }
    List<String> parts = new ArrayList<>();
    for (String part : table.getFullyQualifiedName().split("\\.")) parts.add(NameChains.unquote(part));
    return search(parts, role);
  }

  /** The first occurrence of the name parts not already located: for tables the parser gave no offset. */
  private TableRef search(List<String> parts, TableRef.Role role) {
    int from = 0;
    while (true) {
      int i = NameChains.find(tokens, parts, from);
      if (i < 0) return null;
      int last = i + 2 * (parts.size() - 1);
      if (usedStarts.add(tokens.start(i))) return NameChains.ref(tokens, i, last, role);
      from = i + 1;
    }
  }

  /** 0-based start offset of a parsed object (JSqlParser counts from 1), or -1 when it has no AST node. */
  private static int startOf(ASTNodeAccess parsed) {
    Node node = parsed == null ? null : parsed.getASTNode();
    if (node == null || node.jjtGetFirstToken() == null) return -1;
    return node.jjtGetFirstToken().absoluteBegin - 1;
  }

  /**
   * The table part of a qualified column: "s.t" of s.t.col always; "t" of t.col only when t names a table of the
   * statement and is not an alias or CTE name (an alias needs no rewriting).
   */
  private void addQualifier(Column column, Table table, ReferenceCollector collector, Set<String> tableNames) {
    if (table == null || table.getName() == null || table.getName().isEmpty()) return;
    int start = startOf(column != null ? column : table);
    int i = start >= 0 ? tokens.indexAt(start) : -1;
    if (i < 0 || !NameChains.isName(tokens, i)) return;
    int end = NameChains.chainEnd(tokens, i);
    int qualifierEnd = column != null ? end - 2 : end;
    if (qualifierEnd < i) return;
    if (qualifierEnd == i) {
      String name = ReferenceCollector.fold(tokens.identifier(i));
      if (collector.aliases.contains(name) || collector.cteNames.contains(name) || !tableNames.contains(name)) return;
    }
    if (refs.containsKey(tokens.start(i))) return;
    add(NameChains.ref(tokens, i, qualifierEnd, TableRef.Role.COLUMN_QUALIFIER));
  }

  /** CREATE TABLE / ALTER TABLE / RENAME structure from the token readers, merged into the references. */
  private void readDdlStructure() {
    switch (kind) {
      case CREATE_TABLE -> {
        createTable = CreateTableReader.read(tokens, dialect);
        if (createTable != null) {
          add(createTable.table());
          for (ForeignKey fk : createTable.foreignKeys()) add(fk.parent());
          target = refs.get(createTable.table().start());
        }
        for (TableRef parent : DdlFallback.inheritedParents(tokens)) add(parent);
      }
      case ALTER_TABLE -> {
        AlterTableReader alter = AlterTableReader.read(tokens, dialect);
        if (alter != null) {
          add(alter.target);
          target = refs.get(alter.target.start());
          addedForeignKeys = alter.addedForeignKeys;
          droppedConstraints = alter.droppedConstraints;
          renamedColumns = alter.renamedColumns;
          for (ForeignKey fk : addedForeignKeys) add(fk.parent());
          if (alter.renamedTo != null) {
            renamedTo = alter.renamedTo;
            refs.remove(renamedTo.start());
            add(renamedTo);
          }
        }
      }
      case RENAME -> readRenameTable();
      case DROP_INDEX -> {
        // MySQL's DROP INDEX i ON t names the index's table, which the parser keeps as plain words: that table is
        // the one the statement changes
        for (int k = 0; k + 1 < tokens.size(); k++) {
          if (tokens.isWord(k, "ON")) {
            TableRef table = NameChains.refAt(tokens, k + 1, TableRef.Role.ALTER);
            if (table != null) add(table);
            break;
          }
        }
      }
      case CREATE_SEQUENCE, CREATE_TYPE, CREATE_OTHER -> {
        TableRef created = CreatedObjectName.read(tokens);
        if (created != null) {
          add(created);
          target = refs.get(created.start());
        }
      }
      default -> {
      }
    }
  }

  /**
   * RENAME TABLE [IF EXISTS] a [WAIT n | NOWAIT] TO b [, c TO d]: the old names are altered, the new ones created
   * (MariaDB's IF EXISTS, WAIT and NOWAIT say how, not what).
   */
  private void readRenameTable() {
    if (!tokens.isWord(0, "RENAME")) return;
    int k = tokens.isWord(1, "TABLE") ? 2 : 1;
    if (tokens.isWord(k, "IF") && tokens.isWord(k + 1, "EXISTS")) k += 2;
    boolean firstPair = true;
    refs.clear();
    while (NameChains.isName(tokens, k)) {
      int oldEnd = NameChains.chainEnd(tokens, k);
      TableRef old = NameChains.ref(tokens, k, oldEnd, TableRef.Role.ALTER);
      int to = tokens.isWord(oldEnd + 1, "NOWAIT") ? oldEnd + 2
          : tokens.isWord(oldEnd + 1, "WAIT") && tokens.kind(oldEnd + 2) == TokenKind.NUMBER ? oldEnd + 3 : oldEnd + 1;
      if (!tokens.isWord(to, "TO") || !NameChains.isName(tokens, to + 1)) break;
      int newEnd = NameChains.chainEnd(tokens, to + 1);
      TableRef renamed = NameChains.ref(tokens, to + 1, newEnd, TableRef.Role.CREATE);
      add(old);
      add(renamed);
      renames.add(new TableRename(old, renamed));
      if (firstPair) {
        target = old;
        renamedTo = renamed;
        firstPair = false;
      }
      if (!tokens.isPunct(newEnd + 1, ',')) break;
      k = newEnd + 2;
    }
  }
}
