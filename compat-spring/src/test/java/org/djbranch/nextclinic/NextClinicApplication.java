package org.djbranch.nextclinic;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The clinic's next release: its owner has a telephone, a field the pipeline's {@code owners} table has no column
 * for. Started with {@code ddl-auto=update}, Hibernate adds the column; on a branch, to the branch's own copy.
 */
@SpringBootApplication
public class NextClinicApplication {
}
