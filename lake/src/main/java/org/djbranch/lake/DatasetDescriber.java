package org.djbranch.lake;

import org.djbranch.lake.catalog.CatalogModel;
import org.djbranch.lake.catalog.DuckLakeTypes;
import org.djbranch.lake.repo.DatasetDescription;
import org.djbranch.lake.util.LakeException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Describes what a catalog holds at its snapshot as {@code dataset.json}. */
final class DatasetDescriber {
  private DatasetDescriber() {
  }

  static DatasetDescription describe(CatalogModel model) {
    List<DatasetDescription.Table> tables = new ArrayList<>();
    for (CatalogModel.Table t : model.tables()) {
      List<DatasetDescription.Column> columns = new ArrayList<>();
      for (CatalogModel.Column c : model.topLevelColumns(t.id())) {
        columns.add(new DatasetDescription.Column(c.name(), typeName(model, c), c.nullable()));
      }
      tables.add(new DatasetDescription.Table(model.schemaName(t.schemaId()), t.name(), columns));
    }
    tables.sort(Comparator.comparing(DatasetDescription.Table::schema).thenComparing(DatasetDescription.Table::name));
    List<DatasetDescription.View> views = new ArrayList<>();
    for (CatalogModel.View v : model.views()) {
      views.add(new DatasetDescription.View(model.schemaName(v.schemaId()), v.name(), v.dialect(), v.sql()));
    }
    views.sort(Comparator.comparing(DatasetDescription.View::schema).thenComparing(DatasetDescription.View::name));
    return new DatasetDescription(DatasetDescription.FORMAT, tables, views);
  }

  private static String typeName(CatalogModel model, CatalogModel.Column c) {
    try {
      return DuckLakeTypes.of(model, c);
    } catch (LakeException e) {
      return c.type();
    }
  }
}
