package org.djbranch.compat.metadata;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;

/** A table a branch adds, mapped like any other: it lives in the draft, the application names it in its schema. */
@Entity
@Table(name = "artifact_note")
@IdClass(ArtifactNote.Key.class)
public class ArtifactNote {
  @Id
  @Column(name = "subject_id")
  Integer subjectId;

  @Id
  @Column(name = "session_id")
  Integer sessionId;

  @Id
  @Column(name = "artifact_id")
  Integer artifactId;

  @Column(name = "note", length = 100)
  String note;

  /** The composite primary key. */
  public static class Key implements Serializable {
    Integer subjectId;
    Integer sessionId;
    Integer artifactId;

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Objects.equals(subjectId, k.subjectId) && Objects.equals(sessionId, k.sessionId)
          && Objects.equals(artifactId, k.artifactId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(subjectId, sessionId, artifactId);
    }
  }
}
