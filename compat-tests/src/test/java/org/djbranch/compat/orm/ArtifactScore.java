package org.djbranch.compat.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.ForeignKey;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinColumns;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/**
 * A table the branch adds, referencing the pipeline's recording and the branch's parameters: Hibernate declares both
 * foreign keys, which on a branch become symbolic edges.
 */
@Entity
@Table(name = "artifact_score")
@IdClass(ArtifactScore.Key.class)
public class ArtifactScore {
  @Id
  @Column(name = "subject_id")
  Integer subjectId;

  @Id
  @Column(name = "session_id")
  Integer sessionId;

  @Id
  @Column(name = "recording_id")
  Integer recordingId;

  @Id
  @Column(name = "param_id")
  Integer paramId;

  @Column(name = "score", nullable = false)
  double score;

  /**
   * Hibernate orders an {@code @IdClass} key's columns by name and, on PostgreSQL, writes {@code REFERENCES recording}
   * with no column list, which the database pairs with recording's key in its own order (subject, session,
   * recording): a wrong key on trunk as on a branch. The definition names the columns.
   */
  @ManyToOne(fetch = FetchType.LAZY)
  @JoinColumns(foreignKey = @ForeignKey(name = "artifact_score_recording_fk", foreignKeyDefinition = "FOREIGN KEY"
      + " (subject_id, session_id, recording_id) REFERENCES recording (subject_id, session_id, recording_id)"), value = {
      @JoinColumn(name = "subject_id", referencedColumnName = "subject_id", insertable = false, updatable = false),
      @JoinColumn(name = "session_id", referencedColumnName = "session_id", insertable = false, updatable = false),
      @JoinColumn(name = "recording_id", referencedColumnName = "recording_id", insertable = false, updatable = false)})
  Recording recording;

  @ManyToOne(fetch = FetchType.LAZY)
  @JoinColumn(name = "param_id", referencedColumnName = "param_id", insertable = false, updatable = false,
      foreignKey = @ForeignKey(name = "artifact_score_params_fk"))
  ArtifactParams params;

  protected ArtifactScore() {}

  ArtifactScore(Recording r, ArtifactParams p, double score) {
    this.subjectId = r.subjectId;
    this.sessionId = r.sessionId;
    this.recordingId = r.recordingId;
    this.paramId = p.paramId;
    this.score = score;
  }

  /** The composite primary key. */
  public static class Key implements Serializable {
    Integer subjectId;
    Integer sessionId;
    Integer recordingId;
    Integer paramId;

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Objects.equals(subjectId, k.subjectId) && Objects.equals(sessionId, k.sessionId)
          && Objects.equals(recordingId, k.recordingId) && Objects.equals(paramId, k.paramId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(subjectId, sessionId, recordingId, paramId);
    }
  }
}
