package org.djbranch.compat.orm;

import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.cfg.Configuration;

/**
 * The pipeline as JPA entities. Declaring is Hibernate's {@code hbm2ddl.auto=update} when the session factory is
 * built: on a branch it creates the two new tables (and their foreign keys) in the draft; after the merge it finds
 * them on trunk and does nothing.
 */
final class HibernatePipeline implements EphysPipeline {
  private final SessionFactory sf;

  HibernatePipeline(DataSource ds, boolean declaring) {
    Configuration cfg = new Configuration().addAnnotatedClass(Subject.class).addAnnotatedClass(RecordingSession.class)
        .addAnnotatedClass(Recording.class).addAnnotatedClass(ArtifactParams.class)
        .addAnnotatedClass(ArtifactScore.class)
        .setProperty(AvailableSettings.HBM2DDL_AUTO, declaring ? "update" : "none")
        .setProperty(AvailableSettings.STATEMENT_BATCH_SIZE, "10").setProperty(AvailableSettings.SHOW_SQL, System.getProperty("ephys.showSql", "false"));
    cfg.getProperties().put(AvailableSettings.DATASOURCE, ds);
    this.sf = cfg.buildSessionFactory();
  }

  @Override
  public void declare() {
    // Done by hbm2ddl when the session factory was built.
  }

  @Override
  public void populate() {
    sf.inTransaction(s -> {
      for (double[] p : PARAMS) {
        s.merge(new ArtifactParams((int) p[0], p[1]));
      }
    });
    sf.inTransaction(s -> {
      List<Recording> recordings = s.createSelectionQuery(
          "from Recording r order by r.subjectId, r.sessionId, r.recordingId", Recording.class).getResultList();
      List<ArtifactParams> params = s.createSelectionQuery("from ArtifactParams p order by p.paramId",
          ArtifactParams.class).getResultList();
      for (Recording r : recordings) {
        for (ArtifactParams p : params) {
          double score = r.duration * p.threshold;
          if (score >= 10) {
            s.persist(new ArtifactScore(r, p, score));
          }
        }
      }
    });
    sf.inTransaction(s -> {
      s.createMutationQuery("update ArtifactScore a set a.score = a.score + 1"
          + " where a.paramId in (select p.paramId from ArtifactParams p where p.threshold > 0.8)").executeUpdate();
      s.createMutationQuery("delete from ArtifactScore a where a.score > 40").executeUpdate();
    });
  }

  @Override
  public List<String> report() {
    List<String> out = new ArrayList<>();
    sf.inSession(s -> {
      for (Object[] r : s.createSelectionQuery("select s.species, a.subjectId, a.sessionId, a.recordingId, a.paramId,"
          + " a.score from ArtifactScore a join Subject s on s.subjectId = a.subjectId"
          + " order by a.subjectId, a.sessionId, a.recordingId, a.paramId", Object[].class).getResultList()) {
        out.add("score: " + Ephys.row(r));
      }
      for (Object[] r : s.createSelectionQuery("select r.subjectId, count(*) from Recording r join ArtifactScore a"
          + " on a.recording = r group by r.subjectId order by r.subjectId", Object[].class).getResultList()) {
        out.add("scored recordings: " + Ephys.row(r));
      }
      for (Object[] r : s.createSelectionQuery("select p.paramId, p.threshold, count(a.score) from ArtifactParams p"
          + " left join ArtifactScore a on a.params = p group by p.paramId, p.threshold order by p.paramId",
          Object[].class).getResultList()) {
        out.add("per parameter: " + Ephys.row(r));
      }
      for (int id = 1; id <= 3; id++) {
        out.add("count for " + id + ": " + s.createSelectionQuery(
            "select count(*) from ArtifactScore a where a.subjectId = :id", Long.class).setParameter("id", id)
            .getSingleResult());
      }
    });
    return out;
  }

  @Override
  public List<String> pipelineReport() {
    List<String> out = new ArrayList<>();
    sf.inSession(s -> {
      for (Object[] r : s.createSelectionQuery("select s.species, count(*) from Subject s join Recording r"
          + " on r.subjectId = s.subjectId group by s.species order by s.species", Object[].class).getResultList()) {
        out.add("recordings per species: " + Ephys.row(r));
      }
      for (Recording r : s.createSelectionQuery("from Recording r where r.subjectId = :id order by r.recordingId",
          Recording.class).setParameter("id", 3).getResultList()) {
        out.add("recording: " + Ephys.row(r.subjectId, r.sessionId, r.recordingId, r.duration));
      }
    });
    return out;
  }

  /** How many scores there are, asked inside a transaction of its own. */
  long scoreCountInTransaction() {
    return sf.fromTransaction(s -> s.createSelectionQuery("select count(*) from ArtifactScore", Long.class)
        .getSingleResult());
  }

  @Override
  public void close() {
    sf.close();
  }
}
