package org.djbranch.lake;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The lake's packages depend on each other only downwards, as their package-info says:
 * util at the bottom; repo and catalog on util; read on those; the steps on all of them; the
 * driver on top. Read from the compiled classes with jdeps, so an import added anywhere counts.
 */
class PackageArrowsTest {
  private static final String P = "org.djbranch.lake";
  private static final Map<String, Set<String>> ALLOWED = Map.of(
      P + ".util", Set.of(),
      P + ".repo", Set.of(P + ".util"),
      P + ".catalog", Set.of(P + ".util"),
      P + ".read", Set.of(P + ".util", P + ".repo", P + ".catalog"),
      P, Set.of(P + ".util", P + ".repo", P + ".catalog", P + ".read"),
      P + ".jdbc", Set.of(P + ".util", P + ".repo", P + ".catalog", P + ".read", P));

  @Test
  void everyArrowPointsDown() {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("the JDK has no jdeps"));
    Path classes = Path.of(LakeTest.class.getProtectionDomain().getCodeSource().getLocation().getPath())
        .resolveSibling("classes");
    StringWriter out = new StringWriter();
    int code = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:package", "-filter:none", "-e",
        "org\\.djbranch\\..*", classes.toString());
    assertEquals(0, code, out.toString());
    Map<String, Set<String>> found = new TreeMap<>();
    Matcher m = Pattern.compile("^\\s*(org\\.djbranch\\.\\S+)\\s+->\\s+(org\\.djbranch\\.\\S+)", Pattern.MULTILINE)
        .matcher(out.toString());
    while (m.find()) {
      if (!m.group(1).equals(m.group(2))) {
        found.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(m.group(2));
      }
    }
    assertTrue(found.containsKey(P + ".jdbc"), "jdeps read the lake's classes: " + out);
    for (Map.Entry<String, Set<String>> e : found.entrySet()) {
      Set<String> allowed = ALLOWED.get(e.getKey());
      assertTrue(allowed != null, "package " + e.getKey() + " is new: give it a package-info and a place here");
      Set<String> wrong = new TreeSet<>(e.getValue());
      wrong.removeAll(allowed);
      assertTrue(wrong.isEmpty(), e.getKey() + " must not use " + wrong);
    }
  }
}
