package org.djbranch.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.djbranch.cli.catalog.BranchDiff;
import org.djbranch.cli.catalog.BranchDiff.AddedTable;
import org.djbranch.cli.catalog.BranchDiff.ChangedTable;
import org.djbranch.cli.catalog.BranchDiff.Column;
import org.djbranch.cli.catalog.BranchDiff.Key;
import org.djbranch.cli.catalog.BranchDiff.Retyped;
import org.djbranch.cli.catalog.BranchDiff.SchemaDiff;
import org.djbranch.driver.backend.Backend.LiveIndex;

/**
 * A {@link BranchDiff} written out for a person at a terminal (text), a pull request (markdown: a summary line,
 * then one collapsible section per schema) or a tool (JSON, shape in {@code docs/diff.md}, {@link #VERSION}).
 * {@code verification} is null when the keys were not checked.
 */
final class DiffReport {
  /** The version of the JSON shape: raised when a field changes meaning or goes; a new field does not raise it. */
  static final int VERSION = 1;

  private final BranchDiff diff;
  private final BranchVerification verification;

  DiffReport(BranchDiff diff, BranchVerification verification) {
    this.diff = diff;
    this.verification = verification;
  }

  /** "adds 2 tables (14 rows, 3 symbolic keys), changes 1 pipeline table in 1 schema; verify: OK". */
  String summary() {
    int tables = diff.added();
    long schemas = diff.schemas().stream()
        .filter(s -> !s.added().isEmpty() || !s.changed().isEmpty() || !s.hidden().isEmpty()).count();
    List<String> parts = new ArrayList<>();
    if (tables > 0) {
      parts.add("adds " + plural(tables, "table") + " (" + plural(diff.rows(), "row") + ", " + plural(diff.keys(),
          "symbolic key") + ")");
    }
    if (diff.changed() > 0) {
      parts.add("changes " + plural(diff.changed(), "pipeline table"));
    }
    if (diff.hidden() > 0) {
      parts.add("drops " + plural(diff.hidden(), "pipeline table") + " on the branch");
    }
    String what = parts.isEmpty() ? "changes nothing" : String.join(", ", parts) + " in " + plural(schemas, "schema");
    return "Branch " + diff.branch() + " " + what + verifySummary();
  }

  private String verifySummary() {
    if (verification == null) {
      return "";
    }
    return verification.ok() ? "; verify: OK, every foreign key builds"
        : "; verify: FAILED, " + plural(verification.failures.size(), "statement") + " did not build";
  }

  String text() {
    StringWriter text = new StringWriter();
    PrintWriter out = new PrintWriter(text);
    out.println(summary() + ".");
    for (SchemaDiff s : diff.schemas()) {
      out.println();
      out.println("schema " + s.name() + "  (draft " + s.draft() + (s.baseExists() ? "" : "; the branch made the schema")
          + ")");
      for (AddedTable t : s.added()) {
        out.println("  + table " + t.name() + "  (" + plural(t.rows(), "row") + ")");
        TextTable columns = new TextTable("column", "type", "null", "key");
        for (Column c : t.columns()) {
          columns.row(c.name(), c.type(), c.nullable() ? "yes" : "no", t.primaryKey().contains(c.name()) ? "PK" : "");
        }
        columns.print(out, "      ");
        for (Key k : t.keys()) {
          out.println("      symbolic key " + key(k));
        }
        for (LiveIndex i : t.indexes()) {
          out.println("      index " + index(i));
        }
      }
      for (ChangedTable t : s.changed()) {
        out.println("  ~ table " + t.name() + "  (changed" + renamed(t) + ": " + plural(t.rowsCopied(), "row") + " copied, "
            + plural(t.rows(), "row") + " now)");
        for (String line : columnChanges(t)) {
          out.println("      " + line);
        }
        for (String statement : t.statements()) {
          out.println("      ran: " + statement);
        }
      }
      for (String t : s.hidden()) {
        out.println("  - table " + t + "  (dropped on the branch; trunk keeps it)");
      }
      if (!s.bookkeeping().isEmpty()) {
        out.println("  the branch's own bookkeeping copies (not changes): " + String.join(", ", s.bookkeeping()));
      }
      for (BranchVerification.Failure f : failures(s)) {
        out.println("  ! verify: " + BranchVerification.what(f) + ": " + Errors.describe(f.error()));
      }
    }
    out.flush();
    return text.toString();
  }

  /** ", trunk's cage renamed" where the branch renamed the table, else nothing. */
  private static String renamed(ChangedTable t) {
    return t.renamedFrom() == null ? "" : ", trunk's " + t.renamedFrom() + " renamed";
  }

  String markdown() {
    StringBuilder out = new StringBuilder("**djbranch diff** · ").append(md(summary())).append(".\n");
    for (SchemaDiff s : diff.schemas()) {
      List<BranchVerification.Failure> failures = failures(s);
      out.append("\n<details><summary><code>").append(html(s.name())).append("</code>: ")
          .append(plural(s.added().size(), "table")).append(" added")
          .append(s.changed().isEmpty() ? "" : ", " + s.changed().size() + " changed")
          .append(s.hidden().isEmpty() ? "" : ", " + s.hidden().size() + " dropped")
          .append(failures.isEmpty() ? "" : ", " + plural(failures.size(), "key") + " failing verify")
          .append("</summary>\n\n");
      for (AddedTable t : s.added()) {
        out.append("#### `").append(s.name()).append('.').append(t.name()).append("` (added, ")
            .append(plural(t.rows(), "row")).append(")\n\n| column | type | null | key |\n| --- | --- | --- | --- |\n");
        for (Column c : t.columns()) {
          out.append("| ").append(md(c.name())).append(" | ").append(md(String.valueOf(c.type()))).append(" | ")
              .append(c.nullable() ? "yes" : "no").append(" | ").append(t.primaryKey().contains(c.name()) ? "PK" : "")
              .append(" |\n");
        }
        out.append('\n');
        for (Key k : t.keys()) {
          out.append("- symbolic key ").append(md(key(k))).append('\n');
        }
        for (LiveIndex i : t.indexes()) {
          out.append("- index ").append(md(index(i))).append('\n');
        }
        out.append(t.keys().isEmpty() && t.indexes().isEmpty() ? "" : "\n");
      }
      for (ChangedTable t : s.changed()) {
        out.append("#### `").append(s.name()).append('.').append(t.name()).append("` (changed").append(renamed(t))
            .append(", ")
            .append(plural(t.rowsCopied(), "row")).append(" copied from trunk, ").append(plural(t.rows(), "row"))
            .append(" now)\n\n");
        for (String line : columnChanges(t)) {
          out.append("- ").append(md(line)).append('\n');
        }
        if (!t.statements().isEmpty()) {
          out.append("\n```sql\n");
          t.statements().forEach(st -> out.append(st).append(";\n"));
          out.append("```\n");
        }
        out.append('\n');
      }
      for (String t : s.hidden()) {
        out.append("#### `").append(s.name()).append('.').append(md(t)).append("` (dropped on the branch; trunk keeps it)\n\n");
      }
      if (!s.bookkeeping().isEmpty()) {
        out.append("The branch's own bookkeeping copies (not changes): ").append(md(String.join(", ", s.bookkeeping())))
            .append("\n\n");
      }
      for (BranchVerification.Failure f : failures) {
        out.append("- **verify fails**: ").append(md(BranchVerification.what(f))).append(": ")
            .append(md(Errors.describe(f.error()))).append('\n');
      }
      out.append(failures.isEmpty() ? "" : "\n").append("</details>\n");
    }
    return out.toString();
  }

  String json() {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("version", VERSION);
    root.put("branch", diff.branch());
    root.put("database", diff.database());
    root.put("changes", diff.changes());
    ObjectNode summary = root.putObject("summary");
    summary.put("added", diff.added());
    summary.put("changed", diff.changed());
    summary.put("hidden", diff.hidden());
    summary.put("rows", diff.rows());
    summary.put("symbolicKeys", diff.keys());
    ObjectNode verify = root.putObject("verify");
    verify.put("ran", verification != null);
    if (verification == null) {
      verify.putNull("ok");
    } else {
      verify.put("ok", verification.ok());
    }
    verify.put("failures", verification == null ? 0 : verification.failures.size());
    ArrayNode schemas = root.putArray("schemas");
    for (SchemaDiff s : diff.schemas()) {
      ObjectNode sn = schemas.addObject();
      sn.put("name", s.name());
      sn.put("draft", s.draft());
      sn.put("baseExists", s.baseExists());
      ArrayNode added = sn.putArray("added");
      for (AddedTable t : s.added()) {
        ObjectNode tn = added.addObject();
        tn.put("name", t.name());
        tn.put("rows", t.rows());
        ArrayNode columns = tn.putArray("columns");
        t.columns().forEach(c -> column(columns, c));
        strings(tn.putArray("primaryKey"), t.primaryKey());
        ArrayNode keys = tn.putArray("symbolicKeys");
        for (Key k : t.keys()) {
          ObjectNode kn = keys.addObject();
          kn.put("name", k.name());
          strings(kn.putArray("columns"), k.columns());
          ObjectNode ref = kn.putObject("references");
          ref.put("schema", k.parentSchema());
          ref.put("table", k.parentTable());
          strings(ref.putArray("columns"), k.parentColumns());
          kn.put("onUpdate", k.onUpdate());
          kn.put("onDelete", k.onDelete());
        }
        ArrayNode indexes = tn.putArray("indexes");
        for (LiveIndex i : t.indexes()) {
          ObjectNode in = indexes.addObject();
          in.put("name", i.name());
          in.put("unique", i.unique());
          strings(in.putArray("columns"), i.columns());
        }
      }
      ArrayNode changed = sn.putArray("changed");
      for (ChangedTable t : s.changed()) {
        ObjectNode tn = changed.addObject();
        tn.put("name", t.name());
        tn.put("renamedFrom", t.renamedFrom()); // trunk's name where the branch renamed the table, else null
        tn.put("rowsCopied", t.rowsCopied());
        tn.put("rows", t.rows());
        strings(tn.putArray("statements"), t.statements());
        ObjectNode columns = tn.putObject("columns");
        ArrayNode newColumns = columns.putArray("added");
        t.addedColumns().forEach(c -> column(newColumns, c));
        strings(columns.putArray("removed"), t.removedColumns());
        ArrayNode retyped = columns.putArray("retyped");
        for (Retyped r : t.retypedColumns()) {
          retyped.addObject().put("name", r.name()).put("trunkType", r.trunkType()).put("branchType", r.branchType());
        }
      }
      strings(sn.putArray("hidden"), s.hidden());
      strings(sn.putArray("bookkeeping"), s.bookkeeping());
      ArrayNode failures = sn.putArray("verifyFailures");
      for (BranchVerification.Failure f : failures(s)) {
        ObjectNode fn = failures.addObject();
        fn.put("table", f.step().table());
        if (f.step().key() == null) {
          fn.putNull("key");
        } else {
          fn.put("key", f.step().key().name());
        }
        fn.put("what", BranchVerification.what(f));
        fn.put("statement", f.step().sql());
        fn.put("sqlState", f.error().getSQLState());
        fn.put("error", Errors.describe(f.error()));
      }
    }
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The failed statements of verify in this schema's throwaway copy. */
  private List<BranchVerification.Failure> failures(SchemaDiff s) {
    List<BranchVerification.Failure> out = new ArrayList<>();
    if (verification != null) {
      for (BranchVerification.Failure f : verification.failures) {
        if (verification.logicalOf(f).equals(s.name())) {
          out.add(f);
        }
      }
    }
    return out;
  }

  private static void column(ArrayNode array, Column c) {
    array.addObject().put("name", c.name()).put("type", c.type()).put("nullable", c.nullable());
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }

  private static String key(Key k) {
    return k.name() + " (" + String.join(", ", k.columns()) + ") -> " + k.parentSchema() + "." + k.parentTable()
        + " (" + String.join(", ", k.parentColumns()) + ") ON UPDATE " + k.onUpdate() + " ON DELETE " + k.onDelete();
  }

  /** A changed table's columns against trunk's, a line each: "+ column extra integer", "- column note", ... */
  private static List<String> columnChanges(ChangedTable t) {
    List<String> out = new ArrayList<>();
    for (Column c : t.addedColumns()) {
      out.add("+ column " + c.name() + " " + c.type() + (c.nullable() ? "" : " not null"));
    }
    for (String c : t.removedColumns()) {
      out.add("- column " + c);
    }
    for (Retyped r : t.retypedColumns()) {
      out.add("~ column " + r.name() + ": " + r.trunkType() + " -> " + r.branchType());
    }
    return out;
  }

  private static String index(LiveIndex i) {
    return (i.unique() ? "unique " : "") + i.name() + " (" + String.join(", ", i.columns()) + ")";
  }

  private static String plural(long n, String word) {
    return n + " " + word + (n == 1 ? "" : "s");
  }

  /** Text inside markdown: characters that would start markup are escaped. */
  private static String md(String text) {
    return text.replaceAll("([\\\\`*_|<>\\[\\]#])", "\\\\$1");
  }

  private static String html(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
