package org.djbranch.compat.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A pipeline table. */
@Entity
@Table(name = "subject")
public class Subject {
  @Id
  @Column(name = "subject_id")
  Integer subjectId;

  @Column(name = "species", length = 20, nullable = false)
  String species;
}
