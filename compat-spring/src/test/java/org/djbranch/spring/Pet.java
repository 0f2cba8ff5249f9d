package org.djbranch.spring;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** A pet: the entity the branch adds; Hibernate's ddl-auto=update declares its table and its key to owners. */
@Entity
@Table(name = "pets")
public class Pet {
  @Id
  private Integer id;

  private String name;

  @ManyToOne(optional = false)
  @JoinColumn(name = "owner_id")
  private Owner owner;

  protected Pet() {
  }

  public Pet(Integer id, String name, Owner owner) {
    this.id = id;
    this.name = name;
    this.owner = owner;
  }

  public String getName() {
    return name;
  }

  public Owner getOwner() {
    return owner;
  }
}
