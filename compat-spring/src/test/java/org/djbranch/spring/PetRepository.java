package org.djbranch.spring;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

public interface PetRepository extends JpaRepository<Pet, Integer> {
  List<Pet> findByOwnerLastName(String lastName);
}
