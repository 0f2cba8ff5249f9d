package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.djbranch.driver.DriverProperty;
import org.djbranch.driver.error.SqlState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The README and the pages of docs/ stay true to the repository and the command: every relative link reaches a file
 * (and a heading, where it names one), every SQLState djbranch raises has its section on the troubleshooting page,
 * every {@code ./djbranch} command line they show parses with the command's own parser, and the README stays short
 * enough to read in five minutes, with the five first tasks of a newcomer reachable from its top.
 */
class DocumentationTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)\\s]+)\\)");
  private static final Pattern FENCE = Pattern.compile("(?ms)^\\s*```(\\w*)\\n(.*?)^\\s*```\\s*$");
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]+)`");

  /** The README and every page of docs/, as the repository holds them. */
  private static List<Path> pages() throws IOException {
    List<Path> out = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("ARCHITECTURE.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
    }
    return out;
  }

  private static String read(Path p) throws IOException {
    return Files.readString(p);
  }

  /** The text outside fenced code blocks, with code spans kept as plain text. */
  private static String prose(String markdown) {
    return FENCE.matcher(markdown).replaceAll("");
  }

  /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, blanks as hyphens, repeats numbered. */
  static Set<String> anchors(String markdown) {
    Set<String> out = new LinkedHashSet<>();
    Map<String, Integer> seen = new LinkedHashMap<>();
    for (String line : prose(markdown).split("\n")) {
      Matcher h = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$").matcher(line);
      if (!h.matches()) {
        continue;
      }
      String slug = h.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
      int n = seen.merge(slug, 1, Integer::sum);
      out.add(n == 1 ? slug : slug + "-" + (n - 1));
    }
    return out;
  }

  @Test
  void everyRelativeLinkReachesAFileAndItsHeading() throws IOException {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path page : pages()) {
      Matcher m = LINK.matcher(prose(read(page)));
      while (m.find()) {
        String target = m.group(2);
        if (target.matches("^[a-z]+:.*")) {
          continue; // https:, mailto: — outside the repository by design
        }
        checked++;
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String where = ROOT.relativize(page) + ": " + m.group(0).replace('\n', ' ');
        if (!resolved.startsWith(ROOT) || !Files.exists(resolved)) {
          broken.add(where + " (no file " + resolved + ")");
        } else if (hash >= 0 && !anchors(read(resolved)).contains(target.substring(hash + 1))) {
          broken.add(where + " (no heading #" + target.substring(hash + 1) + " in " + ROOT.relativize(resolved) + ")");
        }
      }
    }
    assertTrue(checked > 50, "links checked: " + checked);
    assertEquals(List.of(), broken, "links that lead nowhere");
  }

  @Test
  void theAnchorsAreGitHubs() {
    assertEquals(Set.of("symbolic-foreign-keys-edge", "55000", "a-table-does-not-exist", "which-jar", "which-jar-1"),
        anchors("## Symbolic foreign keys: `~edge`\n### `55000`\n## A table \"does not exist\"\n# Which jar\n"
            + "## Which jar\n```sh\n# not a heading\n```\n"));
  }

  @Test
  void theTroubleshootingPageHasASectionForEverySqlStateDjbranchRaises() throws IOException {
    String page = read(ROOT.resolve("docs/troubleshooting.md"));
    Set<String> sections = anchors(page);
    Set<String> missing = new TreeSet<>();
    for (SqlState state : SqlState.values()) {
      if (!sections.contains(state.code().toLowerCase(Locale.ROOT))
          || !page.contains("[`" + state.code() + "`](#" + state.code().toLowerCase(Locale.ROOT) + ")")) {
        missing.add(state.code() + " (" + state.name() + ")");
      }
    }
    assertEquals(Set.of(), missing, "SQLStates without a section (## `CODE`) and a row in the page's table");
  }

  @Test
  void theConnectingPageDescribesEveryConnectionProperty() throws IOException {
    String page = read(ROOT.resolve("docs/connecting.md"));
    for (DriverProperty p : DriverProperty.values()) {
      String row = "| `" + p.key() + "` | " + (p.defaultValue() == null ? "unset" : "`" + p.defaultValue() + "`") + " |";
      assertTrue(page.contains(row), "docs/connecting.md has the row " + row);
    }
  }

  @Test
  void theReadmeIsShortAndReachesTheFiveFirstTasksFromItsTop() throws IOException {
    String readme = read(ROOT.resolve("README.md"));
    List<String> lines = readme.lines().toList();
    assertTrue(lines.size() < 220, "README.md has " + lines.size() + " lines; keep it under 220, the rest in docs/");
    String top = String.join("\n", lines.subList(0, Math.min(120, lines.size())));
    Map<String, String> sections = sections(readme);
    // each task: the heading the top links to, and what that section must show for the task to be done from it
    Map<String, List<String>> tasks = new LinkedHashMap<>();
    tasks.put("try-the-demo", List.of("./djbranch demo", "rm -r"));
    tasks.put("your-database-in-five-minutes", List.of("psql ", "./djbranch shell --url 'jdbc:postgresql:", "JOIN"));
    tasks.put("look-check-merge-drop", List.of("./djbranch status", "./djbranch diagram", "./djbranch verify",
        "./djbranch promote", "./djbranch drop", "merges structure, never rows"));
    tasks.put("use-it-in-an-application", List.of("djbranch-driver", "./mvnw -B install", "-all", "spring.datasource",
        "compat-spring", "HikariCP", "Flyway"));
    tasks.put("what-a-branch-guarantees", List.of("create-only login", "ordinary login", "pipelineWrites=pass",
        "pipelineChanges=refuse&pipelineWrites=pass", "Not guaranteed"));
    for (Map.Entry<String, List<String>> task : tasks.entrySet()) {
      assertTrue(top.contains("](#" + task.getKey() + ")"), "the README's first 120 lines link to #" + task.getKey());
      String section = sections.get(task.getKey());
      assertTrue(section != null, "README.md has a section #" + task.getKey() + ": " + sections.keySet());
      for (String needed : task.getValue()) {
        assertTrue(section.contains(needed), "#" + task.getKey() + " shows " + needed);
      }
    }
  }

  /**
   * The README's "your database in five minutes", run as written on PostgreSQL: its psql statements through the
   * plain driver, its shell line with the SQL block after it, then each line of "look, check, merge, drop" in order,
   * with the rows copied on trunk before the drop as the README says. Only the names change: schema {@code lab} and
   * branch {@code my_change} become unique ones, and files land in a temporary folder.
   */
  @Test
  void theFiveMinuteWalkthroughRunsAsWritten(@TempDir Path temp) throws Exception {
    Map<String, String> sections = sections(read(ROOT.resolve("README.md")));
    String five = sections.get("your-database-in-five-minutes");
    String look = sections.get("look-check-merge-drop");
    try (Place place = Place.create(Place.Db.POSTGRESQL, temp)) {
      String branch = place.newBranch();
      java.util.function.UnaryOperator<String> named = text -> text
          .replace("br_my_change_lab", "br_" + branch + "_" + place.schema)
          .replaceAll("\\bmy_change\\b", branch).replaceAll("\\blab\\b", place.schema);
      List<String> psql = psqlStatements(five);
      assertEquals(1, psql.size(), five);
      place.exec(named.apply(psql.get(0)));

      List<String> shell = shLines(five);
      assertEquals(1, shell.size(), five);
      Matcher sql = FENCE.matcher(five);
      String statements = null;
      while (sql.find()) {
        statements = sql.group(1).equals("sql") ? sql.group(2) : statements;
      }
      List<String> words = new ArrayList<>(ShellWords.split(named.apply(shell.get(0))));
      words.addAll(List.of("-e", named.apply(statements)));
      Cli.Run onBranch = Cli.run(words.subList(1, words.size()).toArray(new String[0]));
      assertEquals(0, onBranch.code(), onBranch.all());
      assertTrue(onBranch.out().contains("mouse") && onBranch.out().contains("rat"), onBranch.out());

      String url = null;
      for (String line : look.split("\n")) {
        if (line.startsWith("URL='")) {
          url = ShellWords.split(line.substring(4)).get(0);
        }
      }
      assertTrue(url != null, "the block sets URL: " + look);
      List<String> copy = psqlStatements(look);
      assertEquals(1, copy.size(), "the rows' copy on trunk: " + look);
      for (String line : shLines(look)) {
        List<String> args = new ArrayList<>();
        for (String w : ShellWords.split(named.apply(line.replace("\"$URL\"", "'" + url + "'")))) {
          args.add(w.endsWith(".svg") || w.endsWith(".sql") ? temp.resolve(w).toString() : w);
        }
        if (args.get(1).equals("drop")) {
          place.exec(named.apply(copy.get(0))); // between promote --apply and drop, as the README says
        }
        Cli.Run ran = Cli.run(args.subList(1, args.size()).toArray(new String[0]));
        assertEquals(0, ran.code(), line + ": " + ran.all());
      }
      assertTrue(Files.readString(temp.resolve("merge.sql")).contains("FOREIGN KEY"), "promote -o wrote the merge");
      assertTrue(Files.readString(temp.resolve(branch + ".svg")).contains("<svg"), "diagram -o drew the branch");
      Cli.Run onTrunk = Cli.run("shell", "--url", url, "--branch", "", "-e",
          "SELECT count(*) AS merged_rows FROM " + place.schema + ".session");
      assertEquals(0, onTrunk.code(), onTrunk.all());
      assertTrue(onTrunk.out().matches("(?s).*merged_rows.*\\b2\\b.*"), "the copied rows are on trunk: " + onTrunk.out());
    }
  }

  /** The SQL of every {@code psql ... -c "..."} a section shows, in a shell block or a code span. */
  private static List<String> psqlStatements(String section) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("psql [^\n`]*?-c \"([^\"]*)\"").matcher(section);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** The {@code ./djbranch} lines of a section's shell blocks. */
  private static List<String> shLines(String section) {
    List<String> out = new ArrayList<>();
    Matcher block = FENCE.matcher(section);
    while (block.find()) {
      if (block.group(1).equals("sh")) {
        block.group(2).lines().map(String::strip).filter(l -> l.startsWith("./djbranch ")).forEach(out::add);
      }
    }
    return out;
  }

  /** Each heading's anchor with the text up to the next heading of any level. */
  private static Map<String, String> sections(String markdown) {
    Map<String, String> out = new LinkedHashMap<>();
    String[] parts = markdown.split("(?m)^(?=#{1,6} )");
    for (String part : parts) {
      if (part.startsWith("#")) {
        out.put(anchors(part.lines().findFirst().orElseThrow()).iterator().next(), part);
      }
    }
    return out;
  }

  @Test
  void theReadmeHasOneLineForEveryCommand() throws IOException {
    String readme = sections(read(ROOT.resolve("README.md"))).get("the-djbranch-command");
    Set<String> rows = new TreeSet<>();
    Matcher m = Pattern.compile("(?m)^\\| `([a-z]+)` \\|").matcher(readme);
    while (m.find()) {
      rows.add(m.group(1));
    }
    assertEquals(new TreeSet<>(Main.commandLine().getSubcommands().keySet()), rows,
        "the README's table of commands names each registered command once");
  }

  /**
   * Every {@code ./djbranch} line of a shell block, and every {@code ./djbranch} code span naming a command, in the
   * README and docs/ (docs/ci.md's workflow is run by {@link CiWorkflowTest}): the command line parses, so its command
   * and every option it gives exist and take the values given.
   */
  @Test
  void everyCommandLineTheDocumentationShowsParses() throws IOException {
    List<String> failed = new ArrayList<>();
    int parsed = 0;
    Set<String> commands = Main.commandLine().getSubcommands().keySet();
    for (Path page : pages()) {
      String text = read(page);
      List<String> lines = new ArrayList<>();
      Matcher block = FENCE.matcher(text);
      while (block.find()) {
        if (block.group(1).equals("sh")) {
          block.group(2).lines().map(String::strip).filter(l -> l.startsWith("./djbranch ")).forEach(lines::add);
        }
      }
      Matcher span = CODE_SPAN.matcher(prose(text));
      while (span.find()) {
        String code = span.group(1).strip();
        List<String> words = code.startsWith("./djbranch ") ? ShellWords.split(code) : List.of();
        if (words.size() > 1 && commands.contains(words.get(1)) && code.contains("--")) {
          lines.add(code);
        }
      }
      for (String line : lines) {
        List<String> words = ShellWords.split(line);
        try {
          Main.commandLine().parseArgs(words.subList(1, words.size()).toArray(new String[0]));
          parsed++;
        } catch (CommandLine.ParameterException e) {
          failed.add(ROOT.relativize(page) + ": " + line + " -> " + e.getMessage());
        }
      }
    }
    assertTrue(parsed >= 15, "command lines parsed: " + parsed);
    assertEquals(List.of(), failed, "command lines the documentation shows that the command does not take");
  }

  /**
   * docs/cli.md describes each command in a bullet that starts with its name: every option the bullet names in code
   * (a synopsis starting with the command's name, or an option alone) is one of that command's, and every command
   * has its bullet.
   */
  @Test
  void theCommandPageNamesOnlyOptionsEachCommandHas() throws IOException {
    String page = read(ROOT.resolve("docs/cli.md"));
    Map<String, CommandLine> commands = Main.commandLine().getSubcommands();
    Set<String> described = new TreeSet<>();
    List<String> unknown = new ArrayList<>();
    for (String bullet : page.split("\n(?=- )|\n\n")) {
      Matcher name = Pattern.compile("^- `([a-z]+)").matcher(bullet);
      if (!name.find() || !commands.containsKey(name.group(1))) {
        continue;
      }
      described.add(name.group(1));
      CommandSpec spec = commands.get(name.group(1)).getCommandSpec();
      Matcher span = CODE_SPAN.matcher(bullet);
      while (span.find()) {
        if (!span.group(1).startsWith("-") && !span.group(1).startsWith(name.group(1))) {
          continue; // another command's line (rm -r), a statement, a value
        }
        Matcher option = Pattern.compile("(?<![\\w-])(--?[a-zA-Z][\\w-]*)").matcher(span.group(1));
        while (option.find()) {
          String o = option.group(1);
          boolean subcommandOption = spec.subcommands().values().stream()
              .anyMatch(sub -> sub.getCommandSpec().findOption(o) != null);
          if (spec.findOption(o) == null && !subcommandOption) {
            unknown.add(name.group(1) + " " + o);
          }
        }
      }
    }
    assertEquals(List.of(), unknown, "options docs/cli.md names that the command does not have");
    Set<String> expected = new TreeSet<>(commands.keySet());
    expected.remove("help");
    assertEquals(expected, described, "docs/cli.md has a bullet for each command");
  }
}
