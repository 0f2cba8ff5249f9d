package org.djbranch.driver.ddl;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.edges.Edges;
import org.djbranch.driver.layout.SchemaLayout;

/**
 * What one DDL statement does on a branch, decided before anything is sent: the text sent in the application's
 * place, the schemas to make first, the {@code ~edge} rows written or changed with it, and the layout changes once
 * it ran. A planner makes it; {@link DdlExecutor} alone carries it out (transactions, the draft role, the order of
 * steps where DDL is not transactional).
 *
 * @param text the statement sent in the application's place, as the application's own (its result is the answer)
 * @param mode how it is sent: alone, as the draft role, with its table's ~edge rows, or with a change of ~edge rows
 * @param schemas the logical schema whose base and draft are made first where missing (§2.3, §2.4), or null
 * @param edgeTable the draft schema whose ~edge table is made first where missing, or null
 * @param declared {@link Mode#DECLARE}: the table declared, whose ~edge rows become {@code rows}
 * @param rows {@link Mode#DECLARE}: the declared table's ~edge rows
 * @param drafts {@link Mode#EDGE_CHANGE}: the drafts whose ~edge rows {@code change} rewrites
 * @param change {@link Mode#EDGE_CHANGE}: the rule applied to those rows, in the database and in the layout
 * @param layoutChanges applied to the layout, in order, once the statement ran
 * @param warning the warning the statement answers with (an agreeing declaration sent no DDL), or null
 * @param temporary the lookup key of the session's own temporary table the statement creates, or null
 */
record DdlPlan(String text, Mode mode, SchemaLayout schemas, SchemaLayout edgeTable, Resolved declared,
    List<Edges.Edge> rows, List<SchemaLayout> drafts, Edges.Change change, List<LayoutChange> layoutChanges,
    String warning, String temporary) {

  enum Mode {
    /** The text alone, as the application's statement. */
    SEND,
    /** In a transaction as the draft role, where the branch has one (PostgreSQL: the new object belongs to it). */
    AS_DRAFT_ROLE,
    /** A draft table and its ~edge rows: together where DDL is transactional, the rows after the table elsewhere. */
    DECLARE,
    /** DDL with the ~edge change that follows it, in every draft named. */
    EDGE_CHANGE
  }

  /** A change of one logical schema's layout; with no {@code update}, the schema is listed again. */
  record LayoutChange(String logical, UnaryOperator<SchemaLayout> update) {}

  /** The text, sent as the application's statement; nothing else. */
  static DdlPlan send(String text) {
    return new DdlPlan(text, Mode.SEND, null, null, null, List.of(), List.of(), Edges.none(), List.of(), null, null);
  }

  /**
   * The text of a session's own temporary table, sent as the application's statement; once it ran, this connection
   * knows {@code key} as its temporary table ({@code ConnectionLayout.createdTemporary}).
   */
  static DdlPlan temporary(String text, String key) {
    return new DdlPlan(text, Mode.SEND, null, null, null, List.of(), List.of(), Edges.none(), List.of(), null, key);
  }

  /** A statement that agrees with what the pipeline holds: the backend's no-op sent, answered with a warning. */
  static DdlPlan answered(String noOp, String warning) {
    return new DdlPlan(noOp, Mode.SEND, null, null, null, List.of(), List.of(), Edges.none(), List.of(), warning, null);
  }

  /** A new draft table {@code text} and its ~edge {@code rows}, into {@code schemas} made first where not null. */
  static DdlPlan declare(String text, Resolved table, List<Edges.Edge> rows, SchemaLayout schemas) {
    return new DdlPlan(text, Mode.DECLARE, schemas, null, table, List.copyOf(rows), List.of(), Edges.none(),
        List.of(new LayoutChange(table.schema().logical,
            s -> s.withDeclared(table.key(), table.table(), table.draftPhysical(), rows, true))), null, null);
  }

  /** DDL whose ~edge {@code change} is made in each of {@code drafts} with it. */
  static DdlPlan withEdgeChange(String text, List<SchemaLayout> drafts, Edges.Change change) {
    return new DdlPlan(text, Mode.EDGE_CHANGE, null, null, null, List.of(), List.copyOf(drafts), change, List.of(),
        null, null);
  }

  /** A new object (view, sequence, type) in the draft of {@code schemas}, as the draft role. */
  static DdlPlan intoDraft(String text, SchemaLayout schemas) {
    return new DdlPlan(text, Mode.AS_DRAFT_ROLE, schemas, null, null, List.of(), List.of(), Edges.none(), List.of(),
        null, null);
  }

  /** This plan, with the ~edge table of {@code draft}'s schema made first where missing. */
  DdlPlan makingEdgeTable(SchemaLayout draft) {
    return new DdlPlan(text, mode, schemas, draft, declared, rows, drafts, change, layoutChanges, warning, temporary);
  }

  /** This plan, then {@code update} of {@code logical}'s layout once the statement ran (null: list it again). */
  DdlPlan then(String logical, UnaryOperator<SchemaLayout> update) {
    List<LayoutChange> changes = new ArrayList<>(layoutChanges);
    changes.add(new LayoutChange(logical, update));
    return new DdlPlan(text, mode, schemas, edgeTable, declared, rows, drafts, change, List.copyOf(changes), warning,
        temporary);
  }
}
