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
      // One working catalog path, so its data folder keeps what earlier rounds downloaded.
      Path work = workDir.resolve(name + ".sqlite");
      WorkingCatalog.delete(work);
      long t0 = System.nanoTime();
      Lake lake = Lake.open(root, Lake.localDataFolderFor(work));
      lake.checkout("main", null, work);
      new ExtensionLikeWriter(work, Lake.localDataFolderFor(work)).insert(1, "main/items",
          "SELECT " + (firstId + round) + "::INTEGER AS id, '" + name + "' AS label", "{id: 1, label: 2}", 1);
      String staged = Lake.commit(work, name + " round " + round, false).versionId().orElseThrow();
      System.out.printf("round %d: checkout and commit %.2f s%n", round, (System.nanoTime() - t0) / 1e9);
      say(barrier.resolve("ready-" + round + "-" + name), staged);
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
      System.out.printf("round %d: push %.2f s, %s%n", round, (System.nanoTime() - t0) / 1e9, outcome);
      say(barrier.resolve("done-" + round + "-" + name), outcome);
    }
  }

  /** Writes a barrier file whole: the test reads it as soon as it exists. */
  private static void say(Path file, String text) throws Exception {
    Path part = file.resolveSibling(file.getFileName() + ".part");
    Files.writeString(part, text);
    Files.move(part, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
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
