package org.djbranch.lake;

import org.djbranch.lake.util.LakeException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * One writer of the concurrency proof: checks out the branch, adds one row {@code (id, name)},
 * commits and pushes; when refused, checks out again, redoes the work and pushes again. Runs in a
 * thread of the test or, through {@link #main}, as a separate process.
 */
final class Writer {
  /** How a writer fared: whether its first push won, and how many pushes it took. */
  record Outcome(String name, boolean firstWon, int pushes) {
  }

  interface Barrier {
    void await() throws Exception;
  }

  private Writer() {
  }

  static Outcome run(String root, Path workDir, String name, int id, Barrier beforeFirstPush) throws Exception {
    Path work = workDir.resolve(name + ".sqlite");
    for (int attempt = 1; attempt <= 40; attempt++) {
      WorkingCatalog.delete(work);
      Lake lake = Lake.open(root, Lake.localDataFolderFor(work));
      lake.checkout("main", null, work);
      new ExtensionLikeWriter(work, lake.repository().dataFilesInPlace() ? lake.repository().localDataFolder()
          : Lake.localDataFolderFor(work)).insert(1, "main/items",
          "SELECT " + id + "::INTEGER AS id, '" + name + "' AS label", "{id: 1, label: 2}", 1);
      CommitResult made = Lake.commit(work, "row " + id + " by " + name, false);
      if (!made.madeVersion()) {
        throw new IllegalStateException(name + ": " + made.explanation());
      }
      if (attempt == 1) {
        beforeFirstPush.await();
      }
      try {
        Push.push(work, new Push.Listener() { });
        return new Outcome(name, attempt == 1, attempt);
      } catch (LakeException e) {
        if (!LakeException.CONFLICT.equals(e.getSQLState()) || !e.getMessage().contains("someone else pushed first")) {
          throw e;
        }
      }
    }
    throw new IllegalStateException(name + " did not get its push in after 40 attempts");
  }

  /**
   * {@code <root> <work folder> <name> <id> <barrier folder>}: writes {@code <name>.ready} into
   * the barrier folder once committed, waits for {@code go} there, then pushes; prints the outcome.
   */
  public static void main(String[] args) throws Exception {
    Path barrier = Path.of(args[4]);
    Outcome o = run(args[0], Path.of(args[1]), args[2], Integer.parseInt(args[3]), () -> {
      Files.writeString(barrier.resolve(args[2] + ".ready"), "ready");
      long deadline = System.currentTimeMillis() + 120_000;
      while (!Files.exists(barrier.resolve("go"))) {
        if (System.currentTimeMillis() > deadline) {
          throw new IllegalStateException("no go signal");
        }
        Thread.sleep(5);
      }
    });
    System.out.println("OUTCOME " + o.firstWon() + " " + o.pushes());
  }

}
