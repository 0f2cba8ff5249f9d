package org.djbranch.lake;

import org.djbranch.lake.util.LakeException;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A writer process of the racing rounds: for each round, once {@code start-<round>} appears in the
 * barrier folder, checks out the branch, adds one row, commits and writes
 * {@code ready-<round>-<name>}; once {@code go-<round>} appears, pushes once and writes
 * {@code done-<round>-<name>}: {@code won <version>} or {@code refused <version>}.
 */
final class RoundWriter {
  private RoundWriter() {
  }

  /** {@code <root> <work folder> <name> <first id> <barrier folder> <rounds>}. */
  public static void main(String[] args) throws Exception {
    String root = args[0];
    Path workDir = Path.of(args[1]);
    String name = args[2];
    int firstId = Integer.parseInt(args[3]);
    Path barrier = Path.of(args[4]);
    int rounds = Integer.parseInt(args[5]);
    for (int round = 1; round <= rounds; round++) {
      await(barrier.resolve("start-" + round));
      Path work = workDir.resolve(name + "-" + round + ".sqlite");
      Lake lake = Lake.open(root, Lake.localDataFolderFor(work));
      lake.checkout("main", null, work);
      new ExtensionLikeWriter(work, Lake.localDataFolderFor(work)).insert(1, "main/items",
          "SELECT " + (firstId + round) + "::INTEGER AS id, '" + name + "' AS label", "{id: 1, label: 2}", 1);
      String staged = Lake.commit(work, name + " round " + round, false).versionId().orElseThrow();
      Files.writeString(barrier.resolve("ready-" + round + "-" + name), staged);
      await(barrier.resolve("go-" + round));
      String outcome;
      try {
        outcome = "won " + Push.push(work, new Push.Listener() { }).versionId();
      } catch (LakeException e) {
        if (!LakeException.CONFLICT.equals(e.getSQLState()) || !e.getMessage().contains("someone else pushed first")) {
          throw e;
        }
        outcome = "refused " + staged;
      }
      Files.writeString(barrier.resolve("done-" + round + "-" + name), outcome);
    }
  }

  private static void await(Path file) throws Exception {
    long deadline = System.currentTimeMillis() + 120_000;
    while (!Files.exists(file)) {
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("no " + file.getFileName());
      }
      Thread.sleep(2);
    }
  }
}
