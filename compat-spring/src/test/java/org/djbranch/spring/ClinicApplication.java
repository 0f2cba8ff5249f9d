package org.djbranch.spring;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small Spring Boot application in the shape of Spring PetClinic: Spring Data JPA repositories over HikariCP, a
 * schema.sql run at startup, Hibernate's ddl-auto. It knows nothing of branches: only its datasource URL and driver
 * class name say where it runs.
 */
@SpringBootApplication
public class ClinicApplication {
}
