package org.djbranch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import org.djbranch.driver.BranchDriver;
import org.djbranch.rewriter.Lexer;
import org.junit.jupiter.api.Test;

/**
 * No package cycles in the driver, the command and the rewriter: the package dependencies of their compiled classes,
 * as {@code jdeps} reads them, form no cycle. A cycle fails the build naming every package on it.
 *
 * <p>The {@code lake} module is not checked yet: its packages still depend on each other in a ring, which its own
 * restructuring removes; add {@code org.djbranch.lake.LakeDriver} to {@link #checked()} when it lands.
 */
class PackageCyclesTest {

  private static List<Path> checked() throws URISyntaxException {
    return List.of(location(BranchDriver.class), location(Main.class), location(Lexer.class));
  }

  @Test
  void theDriverTheCommandAndTheRewriterHaveNoPackageCycle() throws Exception {
    Map<String, Set<String>> graph = packageGraph(checked());
    assertTrue(graph.containsKey("org.djbranch.driver") && graph.containsKey("org.djbranch.cli"),
        "jdeps read no djbranch packages: " + graph.keySet());
    List<Set<String>> cycles = cycles(graph);
    assertEquals(List.of(), cycles, "package cycles (each set depends on itself through its members)");
  }

  /** The finder finds a cycle where there is one, and only there: the check above can fail. */
  @Test
  void aRingOfPackagesIsACycle() {
    Map<String, Set<String>> graph = new TreeMap<>();
    graph.put("a", Set.of("b"));
    graph.put("b", Set.of("c"));
    graph.put("c", Set.of("a", "d"));
    graph.put("d", Set.of());
    assertEquals(List.of(Set.of("a", "b", "c")), cycles(graph));
    graph.put("c", Set.of("d"));
    assertTrue(cycles(graph).isEmpty(), "a chain is no cycle");
  }

  private static Path location(Class<?> c) throws URISyntaxException {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /** {@code package -> packages it uses}, djbranch's own packages only, read by jdeps from classes or jars. */
  private static Map<String, Set<String>> packageGraph(List<Path> roots) {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError(
        "jdeps is not in this JDK; run the tests on a full JDK 17"));
    List<String> args = new ArrayList<>(List.of("-verbose:package", "-filter:none", "-e", "org\\.djbranch\\..*"));
    for (Path root : roots) {
      args.add(root.toString());
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = jdeps.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
    assertEquals(0, exit, "jdeps failed: " + err);
    Map<String, Set<String>> graph = new TreeMap<>();
    for (String line : out.toString().split("\\R")) {
      String[] words = line.trim().split("\\s+");
      if (words.length >= 3 && words[1].equals("->") && words[0].startsWith("org.djbranch.")
          && words[2].startsWith("org.djbranch.")) {
        graph.computeIfAbsent(words[0], k -> new TreeSet<>()).add(words[2]);
        graph.computeIfAbsent(words[2], k -> new TreeSet<>());
      }
    }
    return graph;
  }

  /** The strongly connected sets of more than one package (Tarjan): a package using itself is no cycle. */
  static List<Set<String>> cycles(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<Set<String>> found = new ArrayList<>();
    int[] counter = {0};
    for (String node : graph.keySet()) {
      if (!index.containsKey(node)) {
        connect(node, graph, index, low, stack, onStack, found, counter);
      }
    }
    return found;
  }

  private static void connect(String node, Map<String, Set<String>> graph, Map<String, Integer> index,
      Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<Set<String>> found, int[] counter) {
    index.put(node, counter[0]);
    low.put(node, counter[0]);
    counter[0]++;
    stack.push(node);
    onStack.add(node);
    for (String next : graph.getOrDefault(node, Set.of())) {
      if (!index.containsKey(next)) {
        connect(next, graph, index, low, stack, onStack, found, counter);
        low.put(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.contains(next)) {
        low.put(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node).equals(index.get(node))) {
      Set<String> component = new TreeSet<>();
      String member;
      do {
        member = stack.pop();
        onStack.remove(member);
        component.add(member);
      } while (!member.equals(node));
      if (component.size() > 1) {
        found.add(component);
      }
    }
  }
}
