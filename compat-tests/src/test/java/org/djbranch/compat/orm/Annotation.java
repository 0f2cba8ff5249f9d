package org.djbranch.compat.orm;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * A new entity of the application's next version whose id Hibernate generates as it does by default
 * ({@code GenerationType.AUTO}): from a sequence of its own, {@code annotation_seq}, where the database has sequences
 * (PostgreSQL, MariaDB 10.3 on), declared by {@code hbm2ddl.auto=update} and read with {@code nextval}.
 */
@Entity
@Table(name = "annotation")
public class Annotation {
  @Id
  @GeneratedValue
  Long id;

  @Column(name = "note", nullable = false)
  String note;

  public Annotation() {
  }

  Annotation(String note) {
    this.note = note;
  }
}
