package org.djbranch.lake;

import org.djbranch.lake.catalog.CatalogModel;
import org.djbranch.lake.catalog.DuckLakeTypes;
import org.djbranch.lake.read.RowDiff;
import org.djbranch.lake.util.LakeException;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What changed between two states of a dataset, as {@code status} (a working catalog since its
 * checkout) and {@code diff} (two versions) report it: tables and views added, dropped or
 * changed; for a table, the rows added and removed, counted as multisets by {@link RowDiff}, the
 * comparison commit uses. A table rebuilt with the same rows is no change.
 *
 * @param from    what was compared from (a version ID, or "(none)")
 * @param to      what was compared to (a version ID, or the working catalog's path)
 * @param changes one entry per table or view that differs, sorted by kind and name; empty when none
 */
public record Changes(String from, String to, List<Change> changes) {

  /**
   * One table or view that differs.
   *
   * @param kind        {@code table} or {@code view}
   * @param change      {@code added}, {@code dropped}, {@code changed} (rows), {@code columns changed}
   *                    or {@code unreadable} (its rows could not be read, so it counts as changed)
   * @param rowsAdded   rows only the newer side holds (null when not counted)
   * @param rowsRemoved rows only the older side holds (null when not counted)
   */
  public record Change(String kind, String name, String change, Long rowsAdded, Long rowsRemoved) {
  }

  public boolean none() {
    return changes.isEmpty();
  }

  /**
   * @param older   the older catalog, or null when there is none (every table is added)
   * @param oldData where the older catalog's data files are, ending with '/' (and {@code newData} the newer's)
   */
  static Changes between(Connection duck, String from, CatalogModel older, String oldData, String to,
                         CatalogModel newer, String newData) throws LakeException {
    List<Change> out = new ArrayList<>();
    Map<String, CatalogModel.Table> before = older == null ? Map.of() : tables(older);
    Map<String, CatalogModel.Table> after = newer == null ? Map.of() : tables(newer);
    for (Map.Entry<String, CatalogModel.Table> e : after.entrySet()) {
      CatalogModel.Table old = before.get(e.getKey());
      if (old == null) {
        out.add(new Change("table", e.getKey(), "added", RowDiff.count(duck, newer, e.getValue(), newData).orElse(null), 0L));
      } else if (!columns(older, old).equals(columns(newer, e.getValue()))) {
        out.add(new Change("table", e.getKey(), "columns changed", null, null));
      } else {
        Optional<RowDiff.Counts> counts = RowDiff.of(duck, older, old, oldData, newer, e.getValue(), newData);
        if (counts.isEmpty()) {
          out.add(new Change("table", e.getKey(), "unreadable", null, null));
        } else if (!counts.get().same()) {
          out.add(new Change("table", e.getKey(), "changed", counts.get().added(), counts.get().removed()));
        }
      }
    }
    for (Map.Entry<String, CatalogModel.Table> e : before.entrySet()) {
      if (!after.containsKey(e.getKey())) {
        out.add(new Change("table", e.getKey(), "dropped", 0L, RowDiff.count(duck, older, e.getValue(), oldData).orElse(null)));
      }
    }
    Map<String, String> viewsBefore = older == null ? Map.of() : views(older);
    Map<String, String> viewsAfter = newer == null ? Map.of() : views(newer);
    viewsAfter.forEach((name, sql) -> {
      if (!viewsBefore.containsKey(name)) {
        out.add(new Change("view", name, "added", null, null));
      } else if (!viewsBefore.get(name).equals(sql)) {
        out.add(new Change("view", name, "changed", null, null));
      }
    });
    viewsBefore.keySet().stream().filter(n -> !viewsAfter.containsKey(n))
        .forEach(n -> out.add(new Change("view", n, "dropped", null, null)));
    out.sort(Comparator.comparing(Change::kind).thenComparing(Change::name));
    return new Changes(from, to, out);
  }

  private static Map<String, CatalogModel.Table> tables(CatalogModel model) {
    Map<String, CatalogModel.Table> out = new LinkedHashMap<>();
    model.tables().forEach(t -> out.put(model.qualifiedName(t), t));
    return out;
  }

  private static Map<String, String> views(CatalogModel model) {
    Map<String, String> out = new LinkedHashMap<>();
    model.views().forEach(v -> out.put(model.schemaName(v.schemaId()) + "." + v.name(), v.dialect() + "\n" + v.sql()));
    return out;
  }

  /** Names, types and nullability in column order, as dataset.json describes them. */
  private static List<String> columns(CatalogModel model, CatalogModel.Table table) {
    List<String> out = new ArrayList<>();
    for (CatalogModel.Column c : model.topLevelColumns(table.id())) {
      String type;
      try {
        type = DuckLakeTypes.of(model, c);
      } catch (LakeException e) {
        type = c.type();
      }
      out.add(c.name() + " " + type + (c.nullable() ? "" : " NOT NULL"));
    }
    return out;
  }
}
