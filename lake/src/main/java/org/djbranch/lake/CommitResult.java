package org.djbranch.lake;

import java.util.Optional;

/** What a commit did: the version it made, or why it made none. */
public record CommitResult(Optional<String> versionId, String explanation) {
  public boolean madeVersion() {
    return versionId.isPresent();
  }
}
