package org.djbranch.cli.diagram;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.djbranch.cli.diagram.SchemaPicture.Column;
import org.djbranch.cli.diagram.SchemaPicture.Key;
import org.djbranch.cli.diagram.SchemaPicture.Kind;
import org.djbranch.cli.diagram.SchemaPicture.Schema;
import org.djbranch.cli.diagram.SchemaPicture.Table;

/**
 * A {@link SchemaPicture} as one SVG document. Each logical schema is a cluster; inside it tables are laid out in
 * layers, parents above the tables that reference them (the way DataJoint draws a pipeline), and each layer is
 * ordered by where its parents stand so that keys cross little. A table box lists its primary-key columns first,
 * each marked, then a rule, then the other columns. Pipeline and draft tables differ in colour and in a "draft"
 * tag; real foreign keys are solid lines, symbolic ones (rows of {@code ~edge}) dashed.
 *
 * <p>Every element a reader (or a test) looks for carries a class and {@code data-} attributes: {@code table
 * pipeline|draft} with {@code data-schema} and {@code data-table}, {@code column pk} and {@code column},
 * {@code key real|symbolic} with {@code data-child} and {@code data-parent}.
 */
public final class SvgDiagram {
  private static final double CHAR = 7.3;       // advance of one character of 12px monospace
  private static final int LINE = 17;           // height of a column row
  private static final int HEADER = 24;         // height of a table's name bar
  private static final int PAD = 8;
  private static final int GAP_X = 36;          // between tables of a layer
  private static final int GAP_Y = 56;          // between layers: room for the keys' curves
  private static final int CLUSTER_PAD = 20;
  private static final int CLUSTER_LABEL = 30;
  private static final int CLUSTER_GAP = 40;
  private static final int MARGIN = 20;
  private static final int TITLE = 34;
  private static final int MAX_ROW = 1100;      // a wider layer wraps onto a further row

  private static final String PIPELINE_FILL = "#dce8f6";
  private static final String PIPELINE_LINE = "#2f5f98";
  private static final String DRAFT_FILL = "#fde6c4";
  private static final String DRAFT_LINE = "#b86200";
  private static final String REAL_KEY = "#3a3a3a";
  private static final String SYMBOLIC_KEY = "#b86200";

  private SvgDiagram() {}

  /** A laid-out table. */
  private static final class Box {
    final Table table;
    final List<Column> primary = new ArrayList<>();
    final List<Column> others = new ArrayList<>();
    double x;
    double y;
    double w;
    double h;
    int depth;
    int inbound;
    int outbound;

    Box(Table table) {
      this.table = table;
      for (Column c : table.columns()) {
        (c.primaryKey() ? primary : others).add(c);
      }
      int chars = table.name().length() + (table.kind() != Kind.PIPELINE ? 8 : 0);
      for (Column c : table.columns()) {
        chars = Math.max(chars, c.name().length() + 2 + type(c).length() + 2);
      }
      w = Math.max(120, Math.ceil(chars * CHAR) + 2 * PAD + 12);
      int rows = Math.max(1, table.columns().size());
      h = HEADER + rows * LINE + PAD + (primary.isEmpty() || others.isEmpty() ? 0 : 6);
    }

    double centreX() {
      return x + w / 2;
    }
  }

  public static String render(SchemaPicture picture) {
    Map<String, Box> boxes = new LinkedHashMap<>();
    for (Schema s : picture.schemas()) {
      for (Table t : s.tables()) {
        boxes.put(t.id(), new Box(t));
      }
    }
    List<Key> keys = new ArrayList<>();
    for (Key k : picture.keys()) {
      if (boxes.containsKey(k.child()) && boxes.containsKey(k.parent())) {
        keys.add(k);
      }
    }
    double x = MARGIN;
    double top = MARGIN + TITLE;
    double height = 0;
    List<double[]> frames = new ArrayList<>();
    for (Schema s : picture.schemas()) {
      double[] size = layOut(s, boxes, keys, x + CLUSTER_PAD, top + CLUSTER_LABEL);
      double inner = Math.max(size[0], Math.max(220, label(s).length() * 7.9 + 12));
      shift(s, boxes, (inner - size[0]) / 2);
      double w = inner + 2 * CLUSTER_PAD;
      double h = size[1] + CLUSTER_LABEL + CLUSTER_PAD;
      frames.add(new double[] {x, top, w, h});
      x += w + CLUSTER_GAP;
      height = Math.max(height, h);
    }
    double width = Math.max(x - CLUSTER_GAP + MARGIN, 820);
    double legendTop = top + height + 24;
    double total = legendTop + 40;

    StringBuilder svg = new StringBuilder();
    svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
        + " viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"12\">\n",
        width, total, width, total));
    svg.append("<title>").append(escape(picture.title())).append("</title>\n");
    svg.append("<defs>\n");
    marker(svg, "arrow-real", REAL_KEY);
    marker(svg, "arrow-symbolic", SYMBOLIC_KEY);
    svg.append("</defs>\n");
    svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"15\" font-weight=\"bold\""
        + " font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">%s</text>\n", MARGIN, MARGIN + 16,
        escape(picture.title())));
    for (int i = 0; i < picture.schemas().size(); i++) {
      cluster(svg, picture.schemas().get(i), frames.get(i), height);
    }
    for (Box b : boxes.values()) {
      table(svg, b);
    }
    edges(svg, keys, boxes);
    legend(svg, legendTop);
    svg.append("</svg>\n");
    return svg.toString();
  }

  /** Moves a cluster's tables right, to centre them under a label wider than they are. */
  private static void shift(Schema s, Map<String, Box> boxes, double dx) {
    for (Table t : s.tables()) {
      boxes.get(t.id()).x += dx;
    }
  }

  private static String label(Schema s) {
    return "schema " + s.name() + (s.draft() == null ? "" : "  (draft " + s.draft() + ")");
  }

  /**
   * Places the cluster's tables from {@code (left, top)}: depth 0 holds the tables with no parent in the cluster,
   * each further layer the tables whose deepest parent is one layer up. Answers the width and height used.
   */
  private static double[] layOut(Schema s, Map<String, Box> boxes, List<Key> keys, double left, double top) {
    Map<String, List<String>> parents = new HashMap<>();
    for (Key k : keys) {
      if (!k.child().equals(k.parent())) {
        parents.computeIfAbsent(k.child(), c -> new ArrayList<>()).add(k.parent());
      }
    }
    Set<String> ids = new HashSet<>();
    for (Table t : s.tables()) {
      ids.add(t.id());
    }
    List<Box> mine = new ArrayList<>();
    Map<String, Integer> memo = new HashMap<>();
    for (Table t : s.tables()) {
      Box b = boxes.get(t.id());
      b.depth = depth(t.id(), ids, parents, memo, new ArrayList<>());
      mine.add(b);
    }
    int deepest = mine.stream().mapToInt(b -> b.depth).max().orElse(-1);
    double y = top;
    double width = 0;
    for (int d = 0; d <= deepest; d++) {
      final int depth = d;
      List<Box> layer = new ArrayList<>(mine.stream().filter(b -> b.depth == depth).toList());
      // Under their parents: ordered by the mean position of the parents already placed.
      layer.sort(Comparator.comparingDouble((Box b) -> meanParentX(b, parents, boxes))
          .thenComparing(b -> b.table.name()));
      List<List<Box>> rows = new ArrayList<>();
      List<Box> row = new ArrayList<>();
      double rowWidth = 0;
      for (Box b : layer) {
        if (!row.isEmpty() && rowWidth + GAP_X + b.w > MAX_ROW) {
          rows.add(row);
          row = new ArrayList<>();
          rowWidth = 0;
        }
        rowWidth += (row.isEmpty() ? 0 : GAP_X) + b.w;
        row.add(b);
      }
      if (!row.isEmpty()) {
        rows.add(row);
      }
      for (List<Box> r : rows) {
        double bx = left;
        double tallest = 0;
        for (Box b : r) {
          b.x = bx;
          b.y = y;
          bx += b.w + GAP_X;
          tallest = Math.max(tallest, b.h);
        }
        width = Math.max(width, bx - GAP_X - left);
        y += tallest + GAP_Y;
      }
    }
    centreRows(mine, left, width);
    return new double[] {width, Math.max(0, y - top - GAP_Y)};
  }

  /** Each row of boxes centred in the cluster's width, so that a lone child stands under its parents. */
  private static void centreRows(List<Box> boxes, double left, double width) {
    Map<Double, List<Box>> rows = new LinkedHashMap<>();
    for (Box b : boxes) {
      rows.computeIfAbsent(b.y, y -> new ArrayList<>()).add(b);
    }
    for (List<Box> r : rows.values()) {
      double used = r.get(r.size() - 1).x + r.get(r.size() - 1).w - r.get(0).x;
      double shift = (width - used) / 2;
      for (Box b : r) {
        b.x += shift;
      }
    }
  }

  private static double meanParentX(Box b, Map<String, List<String>> parents, Map<String, Box> boxes) {
    double sum = 0;
    int n = 0;
    for (String p : parents.getOrDefault(b.table.id(), List.of())) {
      Box pb = boxes.get(p);
      if (pb != null && pb.table.schema().equals(b.table.schema()) && pb.depth < b.depth) {
        sum += pb.centreX();
        n++;
      }
    }
    return n == 0 ? Double.MAX_VALUE / 2 : sum / n;
  }

  /** Longest chain of parents within the schema; a cycle (possible with symbolic keys) is cut where it closes. */
  private static int depth(String id, Set<String> cluster, Map<String, List<String>> parents,
      Map<String, Integer> memo, List<String> path) {
    Integer known = memo.get(id);
    if (known != null) {
      return known;
    }
    path.add(id);
    int d = 0;
    for (String p : parents.getOrDefault(id, List.of())) {
      if (cluster.contains(p) && !path.contains(p)) {
        d = Math.max(d, 1 + depth(p, cluster, parents, memo, path));
      }
    }
    path.remove(path.size() - 1);
    memo.put(id, d);
    return d;
  }

  private static void cluster(StringBuilder svg, Schema s, double[] f, double height) {
    svg.append(String.format(Locale.ROOT, "<g class=\"schema\" data-schema=\"%s\">\n", escape(s.name())));
    svg.append(String.format(Locale.ROOT, "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"10\""
        + " fill=\"#f7f7f4\" stroke=\"#9a9a90\"/>\n", f[0], f[1], f[2], height));
    svg.append(String.format(Locale.ROOT, "  <text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" font-weight=\"bold\""
        + " font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">schema %s", f[0] + 12, f[1] + 20,
        escape(s.name())));
    if (s.draft() != null) {
      svg.append(String.format(Locale.ROOT, "<tspan dx=\"12\" font-weight=\"normal\" fill=\"%s\">draft tables in %s</tspan>",
          DRAFT_LINE, escape(s.draft())));
    }
    svg.append("</text>\n");
    if (s.tables().isEmpty()) {
      svg.append(String.format(Locale.ROOT, "  <text x=\"%.1f\" y=\"%.1f\" fill=\"#777\">(no tables)</text>\n",
          f[0] + 12, f[1] + 46));
    }
    svg.append("</g>\n");
  }

  private static void table(StringBuilder svg, Box b) {
    Table t = b.table;
    boolean draft = t.kind() != Kind.PIPELINE; // a changed table is the branch's own copy: drawn as its drafts
    boolean changed = t.kind() == Kind.CHANGED;
    String fill = draft ? DRAFT_FILL : PIPELINE_FILL;
    String line = draft ? DRAFT_LINE : PIPELINE_LINE;
    svg.append(String.format(Locale.ROOT, "<g class=\"table %s\" data-schema=\"%s\" data-table=\"%s\">\n",
        changed ? "changed" : draft ? "draft" : "pipeline", escape(t.schema()), escape(t.name())));
    svg.append("  <title>").append(escape(t.schema() + "." + t.name())).append(changed
        ? " (changed: this branch's own copy of the pipeline table)" : draft ? " (draft: this branch only)"
        : " (pipeline)").append("</title>\n");
    svg.append(String.format(Locale.ROOT, "  <rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\""
        + " fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"%s\"/>\n", b.x, b.y, b.w, b.h, line, draft ? "2" : "1.4"));
    svg.append(String.format(Locale.ROOT, "  <path d=\"M%.1f %.1f h%.1f v%d h%.1f z\" fill=\"%s\"/>\n",
        b.x + 1, b.y + 1, b.w - 2, HEADER - 1, -(b.w - 2), fill));
    svg.append(String.format(Locale.ROOT, "  <line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
        b.x, b.y + HEADER, b.x + b.w, b.y + HEADER, line));
    svg.append(String.format(Locale.ROOT, "  <text class=\"name\" x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\">%s</text>\n",
        b.x + PAD, b.y + 16, escape(t.name())));
    if (draft) {
      svg.append(String.format(Locale.ROOT, "  <text class=\"tag\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\""
          + " font-size=\"10\" fill=\"%s\">%s</text>\n", b.x + b.w - PAD, b.y + 15, DRAFT_LINE,
          changed ? "changed" : "draft"));
    }
    double y = b.y + HEADER + LINE - 4;
    for (Column c : b.primary) {
      column(svg, b, c, y);
      y += LINE;
    }
    if (!b.primary.isEmpty() && !b.others.isEmpty()) {
      // DataJoint's rule: the primary key above the line, the other attributes below it.
      svg.append(String.format(Locale.ROOT, "  <line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
          + " stroke-width=\"0.8\"/>\n", b.x + PAD, y - LINE + 7, b.x + b.w - PAD, y - LINE + 7, line));
      y += 6;
    }
    for (Column c : b.others) {
      column(svg, b, c, y);
      y += LINE;
    }
    svg.append("</g>\n");
  }

  private static void column(StringBuilder svg, Box b, Column c, double y) {
    svg.append(String.format(Locale.ROOT, "  <g class=\"column%s\" data-column=\"%s\">", c.primaryKey() ? " pk" : "",
        escape(c.name())));
    if (c.primaryKey()) {
      svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.2\" fill=\"#1f1f1f\"/>",
          b.x + PAD + 3, y - 4));
    }
    svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\"%s>%s</text>", b.x + PAD + 12, y,
        c.primaryKey() ? " font-weight=\"bold\"" : "", escape(c.name())));
    svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" fill=\"#666\">%s</text>",
        b.x + b.w - PAD, y, escape(type(c))));
    svg.append("</g>\n");
  }

  private static String type(Column c) {
    return c.type() == null ? "" : c.type().toLowerCase(Locale.ROOT);
  }

  /** Each key from the child's top edge to the parent's bottom edge, spread along both edges. */
  private static void edges(StringBuilder svg, List<Key> keys, Map<String, Box> boxes) {
    Map<Box, List<Key>> out = new HashMap<>();
    Map<Box, List<Key>> in = new HashMap<>();
    for (Key k : keys) {
      out.computeIfAbsent(boxes.get(k.child()), b -> new ArrayList<>()).add(k);
      in.computeIfAbsent(boxes.get(k.parent()), b -> new ArrayList<>()).add(k);
    }
    for (Key k : keys) {
      Box child = boxes.get(k.child());
      Box parent = boxes.get(k.parent());
      double x1 = spread(child, out.get(child).indexOf(k), out.get(child).size());
      double x2 = spread(parent, in.get(parent).indexOf(k), in.get(parent).size());
      // Upward from the child's top to the parent's bottom; a key closing a cycle points down, bottom to top.
      boolean down = parent.y > child.y + child.h;
      double y1 = down ? child.y + child.h : child.y;
      double y2 = down ? parent.y - 1 : parent.y + parent.h + 1;
      double bend = (down ? -1 : 1) * Math.max(28, Math.abs(y1 - y2) / 2);
      String colour = k.symbolic() ? SYMBOLIC_KEY : REAL_KEY;
      svg.append(String.format(Locale.ROOT, "<g class=\"key %s\" data-name=\"%s\" data-child=\"%s\""
          + " data-parent=\"%s\">\n", k.symbolic() ? "symbolic" : "real", escape(k.name() == null ? "" : k.name()),
          escape(k.child()), escape(k.parent())));
      svg.append("  <title>").append(escape((k.name() == null || k.name().isEmpty() ? "" : k.name() + ": ")
          + k.child() + " (" + String.join(", ", k.columns()) + ") -> " + k.parent() + " ("
          + String.join(", ", k.parentColumns()) + ")" + (k.symbolic() ? ", symbolic (a row of ~edge)"
          : ", a foreign key constraint"))).append("</title>\n");
      svg.append(String.format(Locale.ROOT, "  <path d=\"M%.1f %.1f C%.1f %.1f %.1f %.1f %.1f %.1f\" fill=\"none\""
          + " stroke=\"%s\" stroke-width=\"1.6\"%s marker-end=\"url(#arrow-%s)\"/>\n", x1, y1, x1, y1 - bend, x2,
          y2 + bend, x2, y2, colour, k.symbolic() ? " stroke-dasharray=\"7 4\"" : "",
          k.symbolic() ? "symbolic" : "real"));
      svg.append("</g>\n");
    }
  }

  private static double spread(Box b, int i, int n) {
    double usable = Math.min(b.w - 24, 24.0 * n);
    return b.centreX() - usable / 2 + (n == 1 ? usable / 2 : usable * i / (n - 1));
  }

  private static void marker(StringBuilder svg, String id, String colour) {
    svg.append(String.format(Locale.ROOT, "  <marker id=\"%s\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\""
        + " markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M0 0 L10 5 L0 10 z\""
        + " fill=\"%s\"/></marker>\n", id, colour));
  }

  private static void legend(StringBuilder svg, double y) {
    double x = MARGIN;
    svg.append("<g class=\"legend\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" font-size=\"12\">\n");
    svg.append(String.format(Locale.ROOT, "  <rect x=\"%.1f\" y=\"%.1f\" width=\"22\" height=\"14\" fill=\"%s\""
        + " stroke=\"%s\"/><text x=\"%.1f\" y=\"%.1f\">pipeline table</text>\n", x, y, PIPELINE_FILL, PIPELINE_LINE,
        x + 28, y + 11));
    x += 130;
    svg.append(String.format(Locale.ROOT, "  <rect x=\"%.1f\" y=\"%.1f\" width=\"22\" height=\"14\" fill=\"%s\""
        + " stroke=\"%s\" stroke-width=\"2\"/><text x=\"%.1f\" y=\"%.1f\">draft table (this branch)</text>\n", x, y,
        DRAFT_FILL, DRAFT_LINE, x + 28, y + 11));
    x += 200;
    svg.append(String.format(Locale.ROOT, "  <line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
        + " stroke-width=\"1.6\"/><text x=\"%.1f\" y=\"%.1f\">foreign key</text>\n", x, y + 7, x + 30, y + 7,
        REAL_KEY, x + 36, y + 11));
    x += 120;
    svg.append(String.format(Locale.ROOT, "  <line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
        + " stroke-width=\"1.6\" stroke-dasharray=\"7 4\"/><text x=\"%.1f\" y=\"%.1f\">symbolic key (~edge)</text>\n",
        x, y + 7, x + 30, y + 7, SYMBOLIC_KEY, x + 36, y + 11));
    x += 180;
    svg.append(String.format(Locale.ROOT, "  <circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.2\" fill=\"#1f1f1f\"/>"
        + "<text x=\"%.1f\" y=\"%.1f\">primary-key column</text>\n", x + 4, y + 7, x + 12, y + 11));
    svg.append("</g>\n");
  }

  /** Text and attribute values: the five XML specials, and characters XML 1.0 cannot hold dropped. */
  static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&apos;");
        default -> {
          if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }
}
