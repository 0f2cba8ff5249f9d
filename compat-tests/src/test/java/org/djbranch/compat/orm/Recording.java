package org.djbranch.compat.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/** A pipeline table, the parent the branch's scores reference. */
@Entity
@Table(name = "recording")
@IdClass(Recording.Key.class)
public class Recording {
  @Id
  @Column(name = "subject_id")
  Integer subjectId;

  @Id
  @Column(name = "session_id")
  Integer sessionId;

  @Id
  @Column(name = "recording_id")
  Integer recordingId;

  @Column(name = "duration", nullable = false)
  double duration;

  /** The composite primary key. */
  public static class Key implements Serializable {
    Integer subjectId;
    Integer sessionId;
    Integer recordingId;

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Objects.equals(subjectId, k.subjectId) && Objects.equals(sessionId, k.sessionId)
          && Objects.equals(recordingId, k.recordingId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(subjectId, sessionId, recordingId);
    }
  }
}
