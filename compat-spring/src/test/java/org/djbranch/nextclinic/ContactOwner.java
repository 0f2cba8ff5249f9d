package org.djbranch.nextclinic;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The next release's owner: the pipeline's {@code owners}, with a new field. */
@Entity
@Table(name = "owners")
public class ContactOwner {
  @Id
  private Integer id;

  @Column(name = "first_name")
  private String firstName;

  @Column(name = "last_name")
  private String lastName;

  @Column(name = "telephone", length = 20)
  private String telephone;

  protected ContactOwner() {
  }

  public String getLastName() {
    return lastName;
  }

  public String getTelephone() {
    return telephone;
  }

  public void setTelephone(String telephone) {
    this.telephone = telephone;
  }
}
