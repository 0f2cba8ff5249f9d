package org.djbranch.nextclinic;

import org.springframework.data.jpa.repository.JpaRepository;

public interface ContactOwnerRepository extends JpaRepository<ContactOwner, Integer> {
}
