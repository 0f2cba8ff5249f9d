package org.djbranch.compat;

import static org.djbranch.compat.BranchFixture.exec;
import static org.djbranch.compat.BranchFixture.newBranch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TimeZone;
import java.util.TreeMap;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Branch Resolution §5.2 with every kind of parameter: a prepared {@code DELETE FROM thing WHERE c = ?} or
 * {@code UPDATE thing SET id = id + ? WHERE c = ?} of a pipeline parent, its parameter set with one setter of many
 * (strings with quotes and question marks, decimals, timestamps with and without a calendar, bytes, streams,
 * NULL), leaves the draft children exactly as real keys would: CASCADE children of the rows the database changed
 * are deleted or moved with them, SET NULL children let go, every other child untouched. The parent rows are
 * written with the same setter, so the database's own comparison decides which rows change; the children must
 * follow that decision. Tries per database: {@code -Djqwik.tries.default=N}.
 */
class ReferentialActionsParametersTest extends EachDatabaseProperty {
  private static final PerDatabase<Place> PLACES = new PerDatabase<>(Place::new);
  private static final Map<Db, Integer> CHANGED = new EnumMap<>(Db.class);
  private static final String[] ZONES = {"UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham"};

  /** One database, its pipeline table {@code thing}, a branch with two draft children, and the setters it takes. */
  private static final class Place implements AutoCloseable {
    final TestDatabase p;
    final Path dir;
    final Connection raw;
    final Connection branch;
    final List<Setter> setters;

    Place(Db db) throws Exception {
      dir = Files.createTempDirectory("djb-ra-params");
      p = TestDatabase.create(db, dir).inSpecificationMode();
      String b = newBranch();
      p.draftFor(b);
      raw = p.raw();
      exec(raw, "CREATE TABLE " + p.table("thing") + " (" + Setter.columns(db) + ")");
      setters = Setter.takenBy(raw, p.table("thing"));
      branch = p.branch(b);
      exec(branch, "CREATE TABLE " + p.table("thing_note") + " (note_id INT NOT NULL, thing_id INT NOT NULL,"
              + " PRIMARY KEY (note_id), FOREIGN KEY (thing_id) REFERENCES " + p.parent("thing") + " (id)"
              + " ON DELETE CASCADE ON UPDATE CASCADE)",
          "CREATE TABLE " + p.table("thing_tag") + " (tag_id INT NOT NULL, thing_id INT, PRIMARY KEY (tag_id),"
              + " FOREIGN KEY (thing_id) REFERENCES " + p.parent("thing") + " (id)"
              + " ON DELETE SET NULL ON UPDATE SET NULL)");
    }

    @Override
    public void close() throws Exception {
      branch.close();
      raw.close();
      p.close();
      BranchFixture.deleteTree(dir);
    }
  }

  @AfterContainer
  static void closeAll() throws Exception {
    System.out.println("Prepared statements with parent rows changed, by database: " + CHANGED);
    for (Map.Entry<Db, Place> place : PLACES.made().entrySet()) {
      System.out.println(place.getKey() + " takes parameters set as " + place.getValue().setters);
    }
    PLACES.closeAll();
  }

  @Override
  void check(Db db, long seed) throws Exception {
    Place place = PLACES.get(db);
    TestDatabase p = place.p;
    Random random = new Random(seed);
    Setter setter = place.setters.get(random.nextInt(place.setters.size()));
    TimeZone zone = TimeZone.getTimeZone(ZONES[random.nextInt(ZONES.length)]);
    boolean delete = random.nextBoolean();
    exec(place.branch, "DELETE FROM " + p.table("thing_note"), "DELETE FROM " + p.table("thing_tag"));
    exec(place.raw, "DELETE FROM " + p.table("thing"));

    // Parent rows whose values repeat, so that one parameter may match several; children of each.
    List<Object> pool = Arrays.asList(setter.value(random), setter.value(random), setter.value(random));
    List<Object> written = new ArrayList<>();
    Map<Integer, Integer> notes = new TreeMap<>();
    Map<Integer, Integer> tags = new TreeMap<>();
    try (PreparedStatement parent = place.raw.prepareStatement("INSERT INTO " + p.table("thing") + " (id, "
            + setter.column + ") VALUES (?, ?)");
        PreparedStatement note = place.branch.prepareStatement("INSERT INTO " + p.table("thing_note")
            + " VALUES (?, ?)");
        PreparedStatement tag = place.branch.prepareStatement("INSERT INTO " + p.table("thing_tag")
            + " VALUES (?, ?)")) {
      for (int id = 1; id <= 6; id++) {
        parent.setInt(1, id);
        Object value = pool.get(random.nextInt(pool.size()));
        written.add(value);
        setter.set(parent, 2, value, zone);
        parent.executeUpdate();
        for (int k = random.nextInt(3); k > 0; k--) {
          int noteId = notes.size() + 1;
          notes.put(noteId, id);
          note.setInt(1, noteId);
          note.setInt(2, id);
          note.executeUpdate();
        }
        if (random.nextBoolean()) {
          int tagId = tags.size() + 1;
          tags.put(tagId, id);
          tag.setInt(1, tagId);
          tag.setInt(2, id);
          tag.executeUpdate();
        }
      }
    }
    boolean fromRows = random.nextInt(4) > 0;
    Object match = fromRows ? written.get(random.nextInt(written.size())) : setter.value(random);

    Set<Integer> before = ids(place.raw, p);
    int changed;
    String sql = delete ? "DELETE FROM " + p.table("thing") + " WHERE " + setter.column + " = ?"
        : "UPDATE " + p.table("thing") + " SET id = id + ? WHERE " + setter.column + " = ?";
    try (PreparedStatement ps = place.branch.prepareStatement(sql)) {
      int index = 1;
      if (!delete) {
        ps.setInt(index++, 1000);
      }
      setter.set(ps, index, match, zone);
      changed = ps.executeUpdate();
    }
    Set<Integer> after = ids(place.raw, p);

    // What real keys would have left: the database decided which parents changed; the children follow.
    Set<Integer> gone = new HashSet<>(before);
    gone.removeAll(after);
    Map<Integer, Integer> expectedNotes = new TreeMap<>();
    Map<Integer, Integer> expectedTags = new TreeMap<>();
    for (Map.Entry<Integer, Integer> n : notes.entrySet()) {
      if (!gone.contains(n.getValue())) {
        expectedNotes.put(n.getKey(), n.getValue());
      } else if (!delete) {
        expectedNotes.put(n.getKey(), n.getValue() + 1000);
      }
    }
    for (Map.Entry<Integer, Integer> t : tags.entrySet()) {
      expectedTags.put(t.getKey(), gone.contains(t.getValue()) ? null : t.getValue());
    }
    String what = db + " " + (delete ? "DELETE" : "UPDATE") + " by " + setter + " = " + shown(match)
        + " (" + zone.getID() + "), seed " + seed;
    check(gone.size() == changed, what + ": the statement said " + changed + " rows, " + gone + " changed");
    if (!delete) {
      for (int id : gone) {
        check(after.contains(id + 1000), what + ": parent " + id + " moved");
      }
    }
    check(!fromRows || setter == Setter.NULL_STRING || changed > 0,
        what + ": a value the rows were written with matches them");
    check(expectedNotes.equals(children(place.branch, p, "thing_note")), what + ": CASCADE children "
        + children(place.branch, p, "thing_note") + ", expected " + expectedNotes);
    check(expectedTags.equals(children(place.branch, p, "thing_tag")), what + ": SET NULL children "
        + children(place.branch, p, "thing_tag") + ", expected " + expectedTags);
    if (changed > 0) {
      CHANGED.merge(db, 1, Integer::sum);
    }
  }

  private static void check(boolean holds, String message) {
    if (!holds) {
      throw new AssertionError(message);
    }
  }

  private static String shown(Object value) {
    return value instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : String.valueOf(value);
  }

  private static Set<Integer> ids(Connection c, TestDatabase p) throws SQLException {
    Set<Integer> out = new HashSet<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id FROM " + p.table("thing"))) {
      while (rs.next()) {
        out.add(rs.getInt(1));
      }
    }
    return out;
  }

  private static Map<Integer, Integer> children(Connection c, TestDatabase p, String table) throws SQLException {
    Map<Integer, Integer> out = new HashMap<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM " + p.table(table))) {
      while (rs.next()) {
        int child = rs.getInt(1);
        int parent = rs.getInt(2);
        out.put(child, rs.wasNull() ? null : parent);
      }
    }
    return new TreeMap<>(out);
  }
}
