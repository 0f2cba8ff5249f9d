package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.djbranch.cli.Cli.Run;
import org.djbranch.cli.Place.Db;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The {@code ./djbranch} lines of docs/ci.md's workflow, read out of the file and run in their order against each
 * database, the application's tests replaced by declarations on the branch through the URL the workflow gives them.
 */
class CiWorkflowTest {
  @TempDir
  Path temp;

  /** The options whose value is a file: the workflow names them relative to its working directory. */
  private static final Set<String> FILE_OPTIONS = Set.of("-o", "--output", "--keep-from", "-f");

  /** Every {@code ./djbranch ...} line of the workflow, in order, without the {@code ./djbranch}. */
  static List<String> commands() throws Exception {
    String doc = Files.readString(Path.of("../docs/ci.md"));
    int start = doc.indexOf("```yaml\n");
    String yaml = doc.substring(start, doc.indexOf("```\n", start + 8));
    List<String> out = new ArrayList<>();
    for (String line : yaml.split("\n")) {
      String l = line.strip();
      l = l.startsWith("run: ") ? l.substring(5).strip() : l;
      if (l.startsWith("./djbranch ")) {
        out.add(l.substring("./djbranch ".length()));
      }
    }
    return out;
  }

  /** Splits a shell command line into words: double quotes group, {@code $NAME} is replaced from {@code env}. */
  static List<String> words(String line, Map<String, String> env) {
    List<String> out = new ArrayList<>();
    StringBuilder word = null;
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '"') {
        quoted = !quoted;
        word = word == null ? new StringBuilder() : word;
      } else if (c == '$') {
        int end = i + 1;
        while (end < line.length() && (Character.isLetterOrDigit(line.charAt(end)) || line.charAt(end) == '_')) {
          end++;
        }
        String name = line.substring(i + 1, end);
        if (!env.containsKey(name)) {
          throw new AssertionError("the test gives no value for $" + name + " in: " + line);
        }
        word = word == null ? new StringBuilder() : word;
        word.append(env.get(name));
        i = end - 1;
      } else if (Character.isWhitespace(c) && !quoted) {
        if (word != null) {
          out.add(word.toString());
          word = null;
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    if (word != null) {
      out.add(word.toString());
    }
    return out;
  }

  @Test
  void theWorkflowHasEveryStepOfTheRecipe() throws Exception {
    List<String> commands = commands();
    for (String first : new String[] {"verify ", "diff ", "diagram ", "prune "}) {
      assertTrue(commands.stream().anyMatch(c -> c.startsWith(first)), first + "in " + commands);
    }
    assertTrue(commands.stream().anyMatch(c -> c.contains("--format markdown")), commands.toString());
    String doc = Files.readString(Path.of("../docs/ci.md"));
    assertTrue(doc.contains("&branch=pr_${{ github.event.pull_request.number }}"), "the tests run on the branch");
  }

  @ParameterizedTest
  @EnumSource(Db.class)
  void theWorkflowsCommandsRunAsWritten(Db db) throws Exception {
    try (Place p = Place.create(db, temp)) {
      String branch = p.newBranch();
      String other = p.newBranch();
      p.exec("CREATE TABLE " + p.table("subject") + " (subject_id INT PRIMARY KEY)");
      // The application's tests, on the URL the workflow gives them (APP_DB_URL).
      String appUrl = p.url + (p.url.contains("?") ? "&" : "?");
      for (String b : List.of(branch, other)) {
        try (Connection c = DriverManager.getConnection(appUrl + "branch=" + b); Statement s = c.createStatement()) {
          s.execute("CREATE TABLE " + p.table("session_" + b) + " (subject_id INT, session_id INT,"
              + " PRIMARY KEY (subject_id, session_id), FOREIGN KEY (subject_id) REFERENCES " + p.table("subject")
              + " (subject_id))");
          s.execute("INSERT INTO " + p.table("subject") + " VALUES (" + (b.equals(branch) ? 1 : 2) + ")");
        }
      }
      // What gh pr list answers once the pull request of `branch` closed: only the other one is open.
      Files.writeString(temp.resolve("open-branches.txt"), other + "\n");
      Map<String, String> env = Map.of("DB_URL", p.url, "BRANCH", branch, "SCHEMA", p.schema);
      for (String command : commands()) {
        List<String> args = words(command, env);
        for (int i = 1; i < args.size(); i++) {
          if (FILE_OPTIONS.contains(args.get(i - 1))) {
            args.set(i, temp.resolve(args.get(i)).toString());
          }
        }
        Run r = Cli.run(args.toArray(new String[0]));
        assertEquals(0, r.code(), command + ":\n" + r.all());
      }
      String comment = Files.readString(temp.resolve("diff.md"));
      assertTrue(comment.contains("<details>") && comment.contains("session_" + branch), comment);
      assertTrue(comment.contains("verify: OK"), comment);
      assertTrue(Files.readString(temp.resolve("branch.svg")).contains("<svg"), "the diagram");
      assertFalse(p.draftExists(branch), "the closed pull request's branch is pruned");
      assertTrue(p.draftExists(other), "the open one stays");
    }
  }

}
