package org.djbranch.driver.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.djbranch.driver.naming.DraftNames.Reading;
import org.junit.jupiter.api.Test;

/** A draft name read backwards: every way it splits into a branch and a schema, the true one always among them. */
class DraftNamesTest {
  private static final String CHARS = "ab_1";

  private static String name(Random r) {
    StringBuilder s = new StringBuilder();
    int n = 1 + r.nextInt(6);
    for (int i = 0; i < n; i++) {
      s.append(CHARS.charAt(r.nextInt(CHARS.length())));
    }
    return s.toString();
  }

  @Test
  void everyDraftNameReadsBackAsItsOwnBranchAndSchemaAndAsNothingElseThatMakesAnotherName() throws Exception {
    Random r = new Random(14);
    for (int i = 0; i < 5000; i++) {
      String branch = name(r);
      String logical = name(r);
      String draft = new DraftNames(branch).draftOf(logical);
      List<Reading> readings = DraftNames.readings(draft);
      assertTrue(readings.contains(new Reading(draft, branch, logical)), draft + ": " + readings);
      for (Reading other : readings) {
        assertEquals(draft, new DraftNames(other.branch()).draftOf(other.logical()), "every reading makes the same name");
      }
    }
  }

  @Test
  void nestedBranchNamesMakeTheSameDraftName() {
    assertEquals(List.of(new Reading("br_x_audit_y_s", "x", "audit_y_s"),
        new Reading("br_x_audit_y_s", "x_audit", "y_s"), new Reading("br_x_audit_y_s", "x_audit_y", "s")),
        DraftNames.readings("br_x_audit_y_s"));
    assertEquals(List.of(), DraftNames.readings("proj_ephys"));
    assertEquals(List.of(), DraftNames.readings("br_x"), "no schema after the branch");
  }

  @Test
  void aDraftNameBelongsToTheReadingWhoseLogicalSchemaExistsElseToItsOnlyReading() {
    assertEquals(new Reading("br_x_lab_s", "x", "lab_s"), DraftNames.owner("br_x_lab_s", "lab_s"::equals));
    assertEquals(new Reading("br_x_lab_s", "x_lab", "s"), DraftNames.owner("br_x_lab_s", "s"::equals));
    assertEquals(null, DraftNames.owner("br_x_lab_s", s -> true), "both schemas exist: cannot be told");
    assertEquals(null, DraftNames.owner("br_x_lab_s", s -> false), "neither exists and it reads two ways");
    assertEquals(new Reading("br_x_s", "x", "s"), DraftNames.owner("br_x_s", s -> false), "its only reading");
    assertEquals(null, DraftNames.owner("proj_ephys", s -> true), "no draft name at all");
  }
}
