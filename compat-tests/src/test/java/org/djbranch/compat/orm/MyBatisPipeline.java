package org.djbranch.compat.orm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javax.sql.DataSource;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.mapping.VendorDatabaseIdProvider;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.ExecutorType;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;

/** The pipeline through a MyBatis mapper; inserts of scores go through a batch executor. */
final class MyBatisPipeline implements EphysPipeline {
  private final SqlSessionFactory factory;

  MyBatisPipeline(DataSource ds) throws Exception {
    Configuration config = new Configuration(new Environment("ephys", new JdbcTransactionFactory(), ds));
    Properties vendors = new Properties();
    vendors.setProperty("PostgreSQL", "postgresql");
    vendors.setProperty("MySQL", "mysql");
    vendors.setProperty("MariaDB", "mysql");
    vendors.setProperty("DuckDB", "duckdb");
    vendors.setProperty("SQLite", "sqlite");
    VendorDatabaseIdProvider ids = new VendorDatabaseIdProvider();
    ids.setProperties(vendors);
    config.setDatabaseId(ids.getDatabaseId(ds));
    config.addMapper(EphysMapper.class);
    this.factory = new SqlSessionFactoryBuilder().build(config);
  }

  @Override
  public void declare() {
    try (SqlSession s = factory.openSession(true)) {
      EphysMapper m = s.getMapper(EphysMapper.class);
      m.declareParams();
      m.declareScore();
    }
  }

  @Override
  public void populate() {
    try (SqlSession s = factory.openSession()) {
      EphysMapper m = s.getMapper(EphysMapper.class);
      for (double[] p : PARAMS) {
        m.upsertParams((int) p[0], p[1]);
      }
      s.commit();
    }
    try (SqlSession s = factory.openSession(ExecutorType.BATCH)) {
      EphysMapper m = s.getMapper(EphysMapper.class);
      List<LinkedHashMap<String, Object>> params = m.params();
      for (Map<String, Object> r : m.recordings()) {
        for (Map<String, Object> p : params) {
          double score = number(r, "duration") * number(p, "threshold");
          if (score >= 10) {
            m.insertScore((int) number(r, "subject_id"), (int) number(r, "session_id"), (int) number(r, "recording_id"),
                (int) number(p, "param_id"), score);
          }
        }
      }
      s.flushStatements();
      s.commit();
    }
    try (SqlSession s = factory.openSession()) {
      EphysMapper m = s.getMapper(EphysMapper.class);
      m.raiseScores(0.8);
      m.deleteScores(40);
      s.commit();
    }
  }

  /** A column of a row, whatever case the database gave its label. */
  private static double number(Map<String, Object> row, String column) {
    for (Map.Entry<String, Object> e : row.entrySet()) {
      if (e.getKey().equalsIgnoreCase(column)) {
        return ((Number) e.getValue()).doubleValue();
      }
    }
    throw new IllegalArgumentException(column + " not in " + row.keySet());
  }

  @Override
  public List<String> report() {
    List<String> out = new ArrayList<>();
    try (SqlSession s = factory.openSession()) {
      EphysMapper m = s.getMapper(EphysMapper.class);
      m.scores().forEach(r -> out.add("score: " + Ephys.row(r.values().toArray())));
      m.scoredRecordings().forEach(r -> out.add("scored recordings: " + Ephys.row(r.values().toArray())));
      m.perParameter().forEach(r -> out.add("per parameter: " + Ephys.row(r.values().toArray())));
      for (int id = 1; id <= 3; id++) {
        out.add("count for " + id + ": " + m.scoresOf(id));
      }
    }
    return out;
  }

  @Override
  public List<String> pipelineReport() {
    List<String> out = new ArrayList<>();
    try (SqlSession s = factory.openSession()) {
      EphysMapper m = s.getMapper(EphysMapper.class);
      m.recordingsPerSpecies().forEach(r -> out.add("recordings per species: " + Ephys.row(r.values().toArray())));
      m.recordingsOf(3).forEach(r -> out.add("recording: " + Ephys.row(r.values().toArray())));
    }
    return out;
  }
}
