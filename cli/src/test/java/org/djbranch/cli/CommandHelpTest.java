package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.djbranch.cli.Cli.Run;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command explains itself: every command registered in {@link Main#commandLine()}, at any depth, answers
 * {@code --help}, {@code -h}, {@code -V} and {@code djbranch help ...} with exit 0, and describes every option.
 * The commands are found by walking the registered tree, so a command added later is covered without a line here.
 */
class CommandHelpTest {
  /**
   * Commands whose own {@code --version} picks something else ({@code lake checkout --version ID} picks a lake
   * version): there {@code -V} alone prints djbranch's version.
   */
  private static final Set<String> OWN_VERSION_OPTION = Set.of("djbranch lake checkout");

  /** Every registered command below the top, as the words that call it: {@code [status]}, {@code [lake, init]}. */
  private static List<List<String>> commands() {
    List<List<String>> out = new ArrayList<>();
    walk(Main.commandLine(), new ArrayList<>(), out);
    return out;
  }

  private static String qualifiedName(List<String> words) {
    return "djbranch " + String.join(" ", words);
  }

  private static void walk(CommandLine cmd, List<String> path, List<List<String>> out) {
    for (Map.Entry<String, CommandLine> e : cmd.getSubcommands().entrySet()) {
      List<String> words = new ArrayList<>(path);
      words.add(e.getKey());
      out.add(words);
      walk(e.getValue(), words, out);
    }
  }

  private static String[] with(List<String> words, String... more) {
    List<String> all = new ArrayList<>(words);
    all.addAll(List.of(more));
    return all.toArray(new String[0]);
  }

  @Test
  void theTreeHoldsTheCommandsTheReadmeNames() {
    List<String> top = commands().stream().filter(c -> c.size() == 1).map(c -> c.get(0)).toList();
    assertTrue(top.containsAll(List.of("demo", "shell", "status", "diagram", "verify", "promote", "drop", "lake",
        "help")), top.toString());
  }

  @Test
  void aloneItListsEveryCommandOnOneLineEachAndSaysACommandIsMissing() {
    Run alone = Cli.run();
    assertEquals(ExitCodes.ERROR, alone.code(), alone.all());
    assertCommandList(alone.err(), Main.commandLine());
  }

  @Test
  void helpAndDashDashHelpListEveryCommand() {
    for (Run r : List.of(Cli.run("help"), Cli.run("--help"), Cli.run("-h"))) {
      assertEquals(0, r.code(), r.all());
      assertTrue(r.out().startsWith("Usage: djbranch "), r.out());
      assertCommandList(r.out(), Main.commandLine());
    }
  }

  /** Each command name starts a line of the list, followed on that line by its one-line summary. */
  private static void assertCommandList(String text, CommandLine cmd) {
    for (String name : cmd.getSubcommands().keySet()) {
      assertTrue(text.lines().anyMatch(l -> l.matches("  " + name + " +\\S.*")), name + " listed in:\n" + text);
    }
  }

  @TestFactory
  Stream<DynamicTest> everyCommandAnswersHelpAndVersion() {
    String version = "djbranch " + Version.number();
    return commands().stream().map(words -> DynamicTest.dynamicTest(String.join(" ", words), () -> {
      // picocli's help command answers --help with the usage of the command it belongs to
      String usage = "Usage: " + (words.equals(List.of("help")) ? "djbranch " : qualifiedName(words));
      for (String flag : new String[] {"--help", "-h"}) {
        Run r = Cli.run(with(words, flag));
        assertEquals(0, r.code(), flag + ": " + r.all());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith(usage)), usage + " in:\n" + r.out());
        assertEquals("", r.err(), flag);
      }
      List<String> helpWords = new ArrayList<>(List.of("help"));
      helpWords.addAll(words);
      if (words.size() == 1 && !words.get(0).equals("help")) {
        Run viaHelp = Cli.run(helpWords.toArray(new String[0]));
        assertEquals(0, viaHelp.code(), viaHelp.all());
        assertTrue(viaHelp.out().lines().anyMatch(l -> l.startsWith(usage)), viaHelp.out());
      }
      if (words.equals(List.of("help"))) {
        return; // picocli's help command answers any option with help, -V included: that is what it is for
      }
      boolean ownVersion = OWN_VERSION_OPTION.contains(qualifiedName(words));
      for (String flag : ownVersion ? new String[] {"-V"} : new String[] {"--version", "-V"}) {
        Run v = Cli.run(with(words, flag));
        assertEquals(0, v.code(), flag + ": " + v.all());
        assertTrue(v.out().startsWith(version), v.out());
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> everyOptionIsDescribed() {
    CommandLine root = Main.commandLine();
    return commands().stream().map(words -> DynamicTest.dynamicTest(String.join(" ", words), () -> {
      CommandLine cmd = root;
      for (String w : words) {
        cmd = cmd.getSubcommands().get(w);
      }
      String name = cmd.getCommandSpec().qualifiedName();
      for (OptionSpec o : cmd.getCommandSpec().options()) {
        String text = String.join(" ", o.description()).strip();
        assertFalse(text.isEmpty(), name + " " + o.longestName() + " has no description");
      }
      assertFalse(String.join(" ", cmd.getCommandSpec().usageMessage().description()).isBlank()
          && cmd.getCommandSpec().usageMessage().header().length == 0, name + " says nothing of what it does");
    }));
  }

  @Test
  void theVersionIsTheProjectsAndTheJavaItRunsOn() {
    Run v = Cli.run("-V");
    assertTrue(v.out().matches("(?s)djbranch \\d+\\.\\d+\\.\\d+\\S*\\RJava .*"), v.out());
  }
}
