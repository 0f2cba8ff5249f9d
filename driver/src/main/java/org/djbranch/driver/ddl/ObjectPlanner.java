package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.binding.Binder.Resolved;
import org.djbranch.driver.layout.SchemaLayout.Binding;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.CreateIndexName;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.DdlObject;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.StatementKind;
import org.djbranch.rewriter.TableRef;

/**
 * DDL of objects other than tables: a new view, sequence or type lands in the draft, its body bound; TRUNCATE,
 * COMMENT and CREATE / DROP INDEX are refused on a pipeline table (or answered, where an index agrees with one the
 * table has) and otherwise sent with physical names.
 */
final class ObjectPlanner {
  private final DdlContext ddl;
  private final Backend backend;
  private final Agreements agreements;
  private final PipelineChanges pipeline;

  ObjectPlanner(DdlContext ddl, Agreements agreements, PipelineChanges pipeline) {
    this.ddl = ddl;
    this.backend = ddl.backend;
    this.agreements = agreements;
    this.pipeline = pipeline;
  }

  /**
   * A new view, sequence or type named in a logical schema lands in the draft, its body rewritten. A temporary one
   * ({@code temporary}) is the session's own: created where the database puts it, its body bound as any statement's.
   */
  DdlPlan create(String sql, Analysis a, DdlObject object) throws SQLException {
    boolean temporary = object != null && object.temporary();
    TableRef created = a.target();
    List<TableRef> read = created == null ? a.tables() : DdlContext.without(a.tables(), created);
    if (temporary && created != null) {
      return DdlPlan.temporary(Splicer.apply(sql, ddl.binder.withLabels(sql, a, ddl.binder.physicalNames(read))),
          backend.key(ddl.binder.stored(created.name(), created.quoted()), true));
    }
    Resolved r = created == null ? null : ddl.binder.resolveDeclared(created);
    if (r == null) {
      return DdlPlan.send(ddl.rewritten(sql, a.tables()));
    }
    if (r.binding() == Binding.LOGICAL) {
      throw pipeline.declaringPipelineObject(r, object != null && object.replaces());
    }
    pipeline.refuseReadingAcrossFiles(r.logicalName(), read);
    List<Edit> names = ddl.binder.physicalNames(read);
    names.add(new Edit(created.start(), created.end(), r.draftPhysical()));
    // a view's columns are named by its select list's labels: kept as on trunk
    DdlPlan plan = DdlPlan.intoDraft(Splicer.apply(sql, ddl.binder.withLabels(sql, a, names)), r.schema());
    // a view is a table of the draft's; a sequence or type is none, and a name held as one would bind as a table
    return object == null || object.holdsRows() ? plan.then(r.schema().logical, s -> s.withDraftTable(r.key(), r.table()))
        : plan.then(r.schema().logical, null);
  }

  /** TRUNCATE, COMMENT, CREATE / DROP INDEX. */
  DdlPlan changeExisting(String sql, Analysis a) throws SQLException {
    String agreed = agreements.of(sql, a);
    if (agreed != null) {
      Resolved r = ddl.binder.resolve(a.target());
      return DdlPlan.answered(backend.noOp(r.schema().logical, r.table()), agreed);
    }
    if (a.kind() == StatementKind.DROP_INDEX || a.kind() == StatementKind.ALTER_INDEX) {
      return indexByName(sql, a);
    }
    pipeline.refuse(a);
    if (a.kind() == StatementKind.TRUNCATE) {
      refuseTruncatingParents(a);
    }
    return DdlPlan.send(a.kind() == StatementKind.CREATE_INDEX ? indexText(sql, a) : ddl.rewritten(sql, a.tables()));
  }

  /**
   * A TRUNCATE of a table that symbolic keys of other tables reference (draft tables' keys, and pipeline tables'
   * keys to the branch's copy) is refused where the database refuses it for a real key
   * ({@code Backend.truncateOfReferenced}: outright, or while rows reference its rows): else the children's rows would be left naming parents that are gone. Refused with CASCADE too, which the branch cannot carry to the children: the statement should name them.
   */
  private void refuseTruncatingParents(Analysis a) throws SQLException {
    if (!ddl.truncateChecksKeys()) {
      return;
    }
    List<String> truncated = new ArrayList<>();
    for (TableRef ref : a.tables()) {
      Resolved r = ddl.binder.resolve(ref);
      if (r != null && r.binding() == Binding.DRAFT) {
        truncated.add(r.draftPhysical());
      }
    }
    ddl.refuseTruncatingSymbolicParents(truncated);
  }

  /**
   * DROP INDEX i, ALTER INDEX i, COMMENT ON INDEX i. Where index names are a schema's own, an index the draft holds is dropped there, one that a
   * pipeline table holds is a change of that table, and one neither holds is left to the database to answer;
   * MySQL's DROP INDEX i ON t binds t as any table binds (refused on a pipeline table, spliced on a draft one). An unqualified name is looked up in the schema
   * a new object would go to, as the database looks it up along its path.
   */
  private DdlPlan indexByName(String sql, Analysis a) throws SQLException {
    pipeline.refuse(a); // MySQL's ON t: the index of a pipeline table is a change of that table
    List<TableRef> tables = new ArrayList<>(a.tables());
    tables.removeIf(ref -> ref.role() == TableRef.Role.DROP);
    List<Edit> edits = ddl.binder.physicalNames(tables);
    for (TableRef index : a.tables()) {
      if (index.role() != TableRef.Role.DROP) {
        continue;
      }
      // A pipeline table's index was refused above, or copied with its table before this plan.
      PipelineChanges.ObjectHome home = pipeline.locate(index, PipelineChanges.INDEX);
      if (home != null && home.inDraft()) {
        // the draft's index; or trunk's index of a table the branch has its own version of, which the draft's
        // name makes the database answer for as missing, never trunk's to drop
        edits.add(new Edit(index.start(), index.end(), backend.quote(home.schema().draft, home.name())));
      }
    }
    return DdlPlan.send(edits.isEmpty() ? sql : Splicer.apply(sql, edits));
  }

  /** CREATE INDEX on a draft table; where the index carries the schema (SQLite), the draft moves onto it. */
  private String indexText(String sql, Analysis a) throws SQLException {
    Resolved table = a.target() == null ? null : ddl.binder.resolve(a.target());
    TableRef index = CreateIndexName.find(sql, backend.dialect());
    if (!backend.qualifiesIndexNotTable() || table == null || table.binding() != Binding.DRAFT || index == null) {
      return ddl.rewritten(sql, a.tables());
    }
    return Splicer.apply(sql, List.of(new Edit(a.target().start(), a.target().end(), backend.quote(table.table())),
        new Edit(index.start(), index.end(), backend.quote(table.schema().draft, ddl.binder.stored(index.name(),
            index.quoted())))));
  }
}
