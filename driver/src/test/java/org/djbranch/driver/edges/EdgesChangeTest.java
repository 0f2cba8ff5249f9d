package org.djbranch.driver.edges;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The changes of ~edge rows the layout applies to what it holds, which may already show the change. */
class EdgesChangeTest {
  private static Edges.Edge edge(String column) {
    return new Edges.Edge("fk_score", "br_b_s.score", "s.recording", column, column, 1, "NO ACTION", "NO ACTION");
  }

  @Test
  void keysAddedAppearAfterTheOthers() {
    List<Edges.Edge> before = List.of(edge("subject_id"));
    assertEquals(List.of(edge("subject_id"), edge("session_id")),
        Edges.added(List.of(edge("session_id"))).apply(before));
  }

  @Test
  void keysAListingAlreadyShowsAreNotShownTwice() {
    // A pool's other connection listed the schema after the ALTER wrote ~edge and before the layout heard of it.
    List<Edges.Edge> listed = List.of(edge("subject_id"), edge("session_id"));
    assertEquals(listed, Edges.added(List.of(edge("subject_id"), edge("session_id"))).apply(listed));
  }
}
