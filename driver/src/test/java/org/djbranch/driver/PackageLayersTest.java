package org.djbranch.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The driver's packages are layers: ARCHITECTURE.md's table "The packages of {@code driver}" lists them from the
 * bottom up, each using only packages above it. The arrows are read from the compiled classes with {@code jdeps},
 * so an import added anywhere counts; a class that uses a package listed after its own fails, naming both.
 */
class PackageLayersTest {
  private static final String P = "org.djbranch.driver";

  @Test
  void everyPackageUsesOnlyPackagesListedAboveIt() throws Exception {
    List<String> layers = layers();
    Map<String, Set<String>> arrows = arrows();
    assertTrue(arrows.containsKey(P + ".session") && arrows.containsKey(P),
        "jdeps read the driver's classes: " + arrows);
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : arrows.entrySet()) {
      int from = layers.indexOf(e.getKey());
      assertTrue(from >= 0, "package " + e.getKey() + " is not in ARCHITECTURE.md's table of the driver's packages:"
          + " give it a package-info and a row there, below every package it uses");
      for (String to : e.getValue()) {
        int used = layers.indexOf(to);
        assertTrue(used >= 0, "package " + to + " is not in ARCHITECTURE.md's table of the driver's packages");
        if (used > from) {
          wrong.add(e.getKey() + " uses " + to + ", which is listed after it");
        }
      }
    }
    assertEquals(List.of(), wrong, "the driver's layers point one way: ARCHITECTURE.md lists " + layers);
  }

  /** The table's packages in order, bottom first, as full package names. */
  private static List<String> layers() throws IOException, URISyntaxException {
    Path doc = classes().getParent().getParent().getParent().resolve("ARCHITECTURE.md");
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    int start = text.indexOf("## The packages of `driver`");
    assertTrue(start >= 0, "ARCHITECTURE.md has the section \"The packages of `driver`\"");
    int end = text.indexOf("\n## ", start + 1);
    Matcher row = Pattern.compile("(?m)^\\| `(driver(?:\\.[a-z]+)*)` \\|")
        .matcher(text.substring(start, end < 0 ? text.length() : end));
    List<String> out = new ArrayList<>();
    while (row.find()) {
      out.add("org.djbranch." + row.group(1));
    }
    assertTrue(out.size() > 2 && out.contains(P) && out.contains(P + ".error"),
        "ARCHITECTURE.md's table lists the driver's packages: " + out);
    return out;
  }

  /** Package to the driver's packages its classes use, itself left out. */
  private static Map<String, Set<String>> arrows() throws URISyntaxException {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("the JDK has no jdeps"));
    StringWriter out = new StringWriter();
    int code = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:package", "-filter:none", "-e",
        "org\\.djbranch\\.driver(\\..*)?", classes().toString());
    assertEquals(0, code, out.toString());
    Map<String, Set<String>> found = new TreeMap<>();
    Matcher m = Pattern.compile("(?m)^\\s*(org\\.djbranch\\.driver\\S*)\\s+->\\s+(org\\.djbranch\\.driver\\S*)")
        .matcher(out.toString());
    while (m.find()) {
      found.computeIfAbsent(m.group(1), k -> new TreeSet<>());
      if (!m.group(1).equals(m.group(2))) {
        found.get(m.group(1)).add(m.group(2));
      }
    }
    return found;
  }

  /** The driver's compiled main classes. */
  private static Path classes() throws URISyntaxException {
    Path location = Path.of(BranchDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    assertTrue(Files.isDirectory(location), "the driver's classes are a directory, not a jar: " + location);
    return location;
  }
}
