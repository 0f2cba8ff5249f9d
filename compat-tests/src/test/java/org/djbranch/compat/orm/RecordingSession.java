package org.djbranch.compat.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/** A pipeline table, {@code session}; named apart from Hibernate's own Session. */
@Entity
@Table(name = "session")
@IdClass(RecordingSession.Key.class)
public class RecordingSession {
  @Id
  @Column(name = "subject_id")
  Integer subjectId;

  @Id
  @Column(name = "session_id")
  Integer sessionId;

  /** The composite primary key. */
  public static class Key implements Serializable {
    Integer subjectId;
    Integer sessionId;

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Objects.equals(subjectId, k.subjectId) && Objects.equals(sessionId, k.sessionId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(subjectId, sessionId);
    }
  }
}
