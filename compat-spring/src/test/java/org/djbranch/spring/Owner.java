package org.djbranch.spring;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An owner: a table the pipeline holds on trunk, which the application's schema.sql declares as well. */
@Entity
@Table(name = "owners")
public class Owner {
  @Id
  private Integer id;

  @Column(name = "first_name")
  private String firstName;

  @Column(name = "last_name")
  private String lastName;

  protected Owner() {
  }

  /** A visitor's new owner, as the application's form makes one. */
  public Owner(Integer id, String firstName, String lastName) {
    this.id = id;
    this.firstName = firstName;
    this.lastName = lastName;
  }

  public Integer getId() {
    return id;
  }

  public String getLastName() {
    return lastName;
  }

  public String getFirstName() {
    return firstName;
  }
}
