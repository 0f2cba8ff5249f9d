package org.djbranch.driver.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.djbranch.driver.backend.Backend;
import org.djbranch.driver.backend.Backends;

/**
 * Branch Resolution §1.3 over names around each database's limit: the one draft-name function either answers a
 * name the database keeps whole, or refuses with 42622 naming the whole name; never a name the database would cut
 * (PostgreSQL: 63 bytes) or refuse itself (MySQL, MariaDB: 64 characters). Schema names may hold characters of two
 * and three UTF-8 bytes, where counting characters and counting bytes part ways.
 */
class DraftNameLimitPropertiesTest {
  @Property(tries = 2000)
  void aDraftNameFitsAsTheDatabaseMeasuresItOrIsRefusedNamingIt(@ForAll("databases") String url,
      @ForAll @IntRange(min = 1, max = 70) int branchLength, @ForAll("schemas") String schema) throws Exception {
    Backend backend = Backends.forUrl(url);
    String branch = "b".repeat(branchLength);
    String expected = "br_" + branch + "_" + schema;
    int length = url.startsWith("jdbc:postgresql") ? expected.getBytes(StandardCharsets.UTF_8).length
        : expected.codePointCount(0, expected.length());
    int limit = url.startsWith("jdbc:postgresql") ? 63 : 64;
    DraftNames drafts = backend.draftNames(branch);
    if (length <= limit) {
      assertEquals(expected, drafts.draftOf(schema));
    } else {
      SQLException e = assertThrows(SQLException.class, () -> drafts.draftOf(schema));
      assertEquals("42622", e.getSQLState());
      assertTrue(e.getMessage().contains(expected), e.getMessage());
      assertTrue(e.getMessage().contains(length + " " + (limit == 63 ? "bytes" : "characters")), e.getMessage());
      assertTrue(e.getMessage().contains((length - limit) + " "), "says by how much: " + e.getMessage());
    }
  }

  @Property(tries = 300)
  void aBranchWhosePrefixLeavesNoRoomIsRefusedWhateverTheSchema(@ForAll("databases") String url,
      @ForAll @IntRange(min = 55, max = 65) int branchLength) throws Exception {
    Backend backend = Backends.forUrl(url);
    DraftNames drafts = backend.draftNames("b".repeat(branchLength));
    boolean room = 3 + branchLength + 1 + 1 <= (url.startsWith("jdbc:postgresql") ? 63 : 64);
    if (room) {
      drafts.requireRoom();
      assertEquals("br_" + "b".repeat(branchLength) + "_s", drafts.draftOf("s"));
    } else {
      SQLException e = assertThrows(SQLException.class, drafts::requireRoom);
      assertEquals("42622", e.getSQLState());
      assertThrows(SQLException.class, () -> drafts.draftOf("s"));
    }
  }

  @Provide
  Arbitrary<String> databases() {
    return Arbitraries.of("jdbc:postgresql://h/db", "jdbc:mariadb://h/db", "jdbc:mysql://h/db");
  }

  /** Schema names of 1 to 70 characters: ASCII, two-byte (é) and three-byte (語) characters mixed. */
  @Provide
  Arbitrary<String> schemas() {
    return Arbitraries.of('s', '_', 'é', '語').list().ofMinSize(1).ofMaxSize(70)
        .map(cs -> cs.stream().map(String::valueOf).reduce("", String::concat));
  }
}
