package org.djbranch.compat.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

/**
 * The next version of the application's {@link Recording}: the same pipeline table, with a new field. Hibernate's
 * {@code hbm2ddl.auto=update} adds its column, which on a branch is a change of a pipeline table.
 */
@Entity
@Table(name = "recording")
@IdClass(Recording.Key.class)
public class MeasuredRecording {
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

  @Column(name = "noise")
  Double noise;
}
