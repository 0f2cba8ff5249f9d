package org.djbranch.lake.repo;

import org.djbranch.lake.util.LakeException;

import java.util.Optional;

/** The refusal both repositories give when a ref no longer names the version a push started from. */
final class Refs {
  private Refs() {
  }

  static LakeException moved(String branch, Optional<String> current, Optional<String> expected, String root) {
    return new LakeException("branch " + branch + " of " + root + " now holds version " + current.orElse("(none)")
        + ", not " + expected.orElse("(none)") + " that this version was made from: someone else pushed first. "
        + "Check out again, redo the work, commit and push again", LakeException.CONFLICT);
  }
}
