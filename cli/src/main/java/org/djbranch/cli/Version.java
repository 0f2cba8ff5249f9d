package org.djbranch.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code --version} of every command: the project version Maven wrote into {@code version.properties} at build
 * time, and the Java runtime the command runs on (what a bug report needs).
 */
final class Version implements IVersionProvider {
  static String number() {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // unreadable resource: report the version as unknown rather than fail --version
    }
    return p.getProperty("version", "unknown");
  }

  @Override
  public String[] getVersion() {
    return new String[] {"djbranch " + number(),
        "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
  }
}
