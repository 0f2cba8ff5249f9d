package org.djbranch.compat.orm;

import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.excluded;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.foreignKey;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.primaryKey;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.table;

import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.djbranch.compat.Db;
import org.jooq.BatchBindStep;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** The pipeline in jOOQ's DSL, with names instead of generated classes, and one plain SQL query. */
final class JooqPipeline implements EphysPipeline {
  private static final Table<?> SUBJECT = table(name("subject"));
  private static final Table<?> RECORDING = table(name("recording"));
  private static final Table<?> PARAMS_TABLE = table(name("artifact_params"));
  private static final Table<?> SCORE = table(name("artifact_score"));
  private static final Field<Integer> SUBJECT_ID = field(name("subject_id"), Integer.class);
  private static final Field<Integer> SESSION_ID = field(name("session_id"), Integer.class);
  private static final Field<Integer> RECORDING_ID = field(name("recording_id"), Integer.class);
  private static final Field<Integer> PARAM_ID = field(name("param_id"), Integer.class);
  private static final Field<Double> THRESHOLD = field(name("threshold"), Double.class);
  private static final Field<Double> SCORE_VALUE = field(name("score"), Double.class);
  private static final Field<Double> DURATION = field(name("duration"), Double.class);

  private final DSLContext ctx;

  /** A column qualified by a table alias. */
  private static <T> Field<T> q(String alias, Field<T> column) {
    return field(name(alias, column.getName()), column.getType());
  }

  private static <T> Field<T> q(String alias, String column, Class<T> type) {
    return field(name(alias, column), type);
  }

  JooqPipeline(DataSource ds, Db db) {
    this.ctx = DSL.using(ds, dialect(db));
  }

  static SQLDialect dialect(Db db) {
    switch (db) {
      case POSTGRESQL:
        return SQLDialect.POSTGRES;
      case MARIADB:
        return SQLDialect.MARIADB;
      case DUCKDB:
        return SQLDialect.DUCKDB;
      default:
        return SQLDialect.SQLITE;
    }
  }

  @Override
  public void declare() {
    ctx.createTableIfNotExists(PARAMS_TABLE)
        .column(PARAM_ID, SQLDataType.INTEGER.nullable(false))
        .column(THRESHOLD, SQLDataType.DOUBLE.nullable(false))
        .constraints(primaryKey(PARAM_ID))
        .execute();
    ctx.createTableIfNotExists(SCORE)
        .column(SUBJECT_ID, SQLDataType.INTEGER.nullable(false))
        .column(SESSION_ID, SQLDataType.INTEGER.nullable(false))
        .column(RECORDING_ID, SQLDataType.INTEGER.nullable(false))
        .column(PARAM_ID, SQLDataType.INTEGER.nullable(false))
        .column(SCORE_VALUE, SQLDataType.DOUBLE.nullable(false))
        .constraints(primaryKey(SUBJECT_ID, SESSION_ID, RECORDING_ID, PARAM_ID),
            foreignKey(SUBJECT_ID, SESSION_ID, RECORDING_ID).references(RECORDING, SUBJECT_ID, SESSION_ID,
                RECORDING_ID),
            foreignKey(PARAM_ID).references(PARAMS_TABLE, PARAM_ID))
        .execute();
  }

  @Override
  public void populate() {
    var upsert = ctx.insertInto(PARAMS_TABLE, PARAM_ID, THRESHOLD);
    for (double[] p : PARAMS) {
      upsert = upsert.values((int) p[0], p[1]);
    }
    upsert.onConflict(PARAM_ID).doUpdate().set(THRESHOLD, excluded(THRESHOLD)).execute();
    var recordings = ctx.select(SUBJECT_ID, SESSION_ID, RECORDING_ID, DURATION).from(RECORDING)
        .orderBy(SUBJECT_ID, SESSION_ID, RECORDING_ID).fetch();
    var params = ctx.select(PARAM_ID, THRESHOLD).from(PARAMS_TABLE).orderBy(PARAM_ID).fetch();
    BatchBindStep batch = ctx.batch(ctx.insertInto(SCORE, SUBJECT_ID, SESSION_ID, RECORDING_ID, PARAM_ID, SCORE_VALUE)
        .values((Integer) null, null, null, null, null));
    for (Record r : recordings) {
      for (Record p : params) {
        double score = r.get(DURATION) * p.get(THRESHOLD);
        if (score >= 10) {
          batch = batch.bind(r.get(SUBJECT_ID), r.get(SESSION_ID), r.get(RECORDING_ID), p.get(PARAM_ID), score);
        }
      }
    }
    batch.execute();
    ctx.update(SCORE).set(SCORE_VALUE, SCORE_VALUE.plus(1))
        .where(PARAM_ID.in(select(PARAM_ID).from(PARAMS_TABLE).where(THRESHOLD.gt(0.8)))).execute();
    ctx.deleteFrom(SCORE).where(SCORE_VALUE.gt(40.0)).execute();
  }

  @Override
  public List<String> report() {
    Table<?> s = SUBJECT.as("s");
    Table<?> a = SCORE.as("a");
    Table<?> r = RECORDING.as("r");
    Table<?> p = PARAMS_TABLE.as("p");
    List<String> out = new ArrayList<>();
    for (Record row : ctx.select(q("s", "species", String.class), q("a", SUBJECT_ID), q("a", SESSION_ID),
            q("a", RECORDING_ID), q("a", PARAM_ID), q("a", SCORE_VALUE))
        .from(s).join(a).on(q("a", SUBJECT_ID).eq(q("s", SUBJECT_ID)))
        .orderBy(q("a", SUBJECT_ID), q("a", SESSION_ID), q("a", RECORDING_ID), q("a", PARAM_ID)).fetch()) {
      out.add("score: " + Ephys.row(row.intoArray()));
    }
    for (Record row : ctx.select(q("r", SUBJECT_ID), count()).from(r).join(a)
        .on(q("a", SUBJECT_ID).eq(q("r", SUBJECT_ID)).and(q("a", SESSION_ID).eq(q("r", SESSION_ID)))
            .and(q("a", RECORDING_ID).eq(q("r", RECORDING_ID))))
        .groupBy(q("r", SUBJECT_ID)).orderBy(q("r", SUBJECT_ID)).fetch()) {
      out.add("scored recordings: " + Ephys.row(row.intoArray()));
    }
    for (Record row : ctx.select(q("p", PARAM_ID), q("p", THRESHOLD), count(q("a", SCORE_VALUE))).from(p)
        .leftJoin(a).on(q("a", PARAM_ID).eq(q("p", PARAM_ID)))
        .groupBy(q("p", PARAM_ID), q("p", THRESHOLD)).orderBy(q("p", PARAM_ID)).fetch()) {
      out.add("per parameter: " + Ephys.row(row.intoArray()));
    }
    for (int id = 1; id <= 3; id++) {
      out.add("count for " + id + ": "
          + Ephys.row(ctx.fetchValue("SELECT count(*) FROM artifact_score WHERE subject_id = ?", id)));
    }
    return out;
  }

  @Override
  public List<String> pipelineReport() {
    Table<?> s = SUBJECT.as("s");
    Table<?> r = RECORDING.as("r");
    Field<String> species = q("s", "species", String.class);
    List<String> out = new ArrayList<>();
    for (Record row : ctx.select(species, count()).from(s).join(r).on(q("r", SUBJECT_ID).eq(q("s", SUBJECT_ID)))
        .groupBy(species).orderBy(species).fetch()) {
      out.add("recordings per species: " + Ephys.row(row.intoArray()));
    }
    for (Record row : ctx.select(SUBJECT_ID, SESSION_ID, RECORDING_ID, DURATION).from(RECORDING)
        .where(SUBJECT_ID.eq(3)).orderBy(RECORDING_ID).fetch()) {
      out.add("recording: " + Ephys.row(row.intoArray()));
    }
    return out;
  }
}
