package org.djbranch.driver.ddl;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;
import org.djbranch.driver.layout.SchemaLayout;
import org.djbranch.rewriter.Analysis;
import org.djbranch.rewriter.Edit;
import org.djbranch.rewriter.NamedObjects;
import org.djbranch.rewriter.Splicer;
import org.djbranch.rewriter.TableRef;

/**
 * DROP, ALTER and COMMENT ON a type, domain or sequence named alone ({@code rewriter.NamedObjects}): each name binds
 * as a table's does (Branch Resolution §3.1: in each schema it may be in, the pipeline's first, then the draft's). The
 * draft's object is named physically, and the statement runs there as the draft role; the pipeline's is refused, since
 * a branch copies tables only; one neither holds is left to the database to answer. Moving an object to another
 * schema ({@code SET SCHEMA}) is refused before it is planned ({@code PipelineChanges.refuseSchemaMove}).
 */
final class NamedObjectPlanner {
  private final DdlContext ddl;

  NamedObjectPlanner(DdlContext ddl) {
    this.ddl = ddl;
  }

  DdlPlan plan(String sql, Analysis a) throws SQLException {
    NamedObjects named = NamedObjects.read(sql, ddl.backend.dialect()); // SET SCHEMA: PipelineChanges.refuseSchemaMove
    List<Edit> edits = new ArrayList<>();
    SchemaLayout draft = null;
    for (TableRef ref : a.tables()) {
      String name = ddl.binder.stored(ref.name(), ref.quoted());
      for (String logical : ddl.binder.schemasOf(ref)) {
        SchemaLayout s = ddl.layout.activate(ddl.internal, logical);
        if (s.logicalExists && ddl.backend.holdsObject(ddl.internal, s.logical, named.object(), name)) {
          throw pipelineObject(named, s.logical + "." + name);
        }
        if (s.draftExists && ddl.backend.holdsObject(ddl.internal, s.draft, named.object(), name)) {
          edits.add(new Edit(ref.start(), ref.end(), ddl.backend.quote(s.draft, name)));
          draft = s;
          break;
        }
      }
    }
    String text = Splicer.apply(sql, edits);
    return draft == null ? DdlPlan.send(text) : DdlPlan.intoDraft(text, draft);
  }

  private BranchSqlException pipelineObject(NamedObjects named, String object) {
    String kind = named.object().toLowerCase(java.util.Locale.ROOT);
    return SqlState.OBJECT_NOT_IN_PREREQUISITE_STATE.refusal(named.verb() + " " + named.object() + " of " + object
        + " refused on branch " + ddl.branch + ": the " + kind + " is the pipeline's, and a branch keeps its own"
        + " versions of tables only, so nothing a branch runs may change it. Change it on trunk; on the branch,"
        + " declare a " + kind + " of another name.");
  }

}
