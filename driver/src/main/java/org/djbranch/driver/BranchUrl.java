package org.djbranch.driver;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;

/**
 * A {@code jdbc:djbranch:} URL taken apart: the wrapped driver's URL with our own parameters removed, and
 * those parameters as properties. Messages never quote the URL, which may hold a password.
 */
final class BranchUrl {
  static final String PREFIX = "jdbc:djbranch:";
  /** Lake repositories have a driver of their own; this one declines their URLs. */
  static final String LAKE_PREFIX = "jdbc:djbranch:lake:";

  private final String innerUrl;
  private final Properties ownProperties;

  private BranchUrl(String innerUrl, Properties ownProperties) {
    this.innerUrl = innerUrl;
    this.ownProperties = ownProperties;
  }

  static boolean accepts(String url) {
    return url != null && url.startsWith(PREFIX) && !url.startsWith(LAKE_PREFIX);
  }

  /** Splits {@code url}, which {@link #accepts} must have accepted. */
  static BranchUrl parse(String url) {
    String inner = "jdbc:" + url.substring(PREFIX.length());
    Properties own = new Properties();
    int query = inner.indexOf('?');
    if (query < 0) {
      return new BranchUrl(inner, own);
    }
    StringBuilder kept = new StringBuilder(inner.length()).append(inner, 0, query);
    char separator = '?';
    for (String pair : inner.substring(query + 1).split("&", -1)) {
      int eq = pair.indexOf('=');
      String key = decode(eq < 0 ? pair : pair.substring(0, eq));
      if (isOwn(key)) {
        own.setProperty(key, eq < 0 ? "" : decode(pair.substring(eq + 1)));
      } else if (!pair.isEmpty()) {
        kept.append(separator).append(pair);
        separator = '&';
      }
    }
    return new BranchUrl(kept.toString(), own);
  }

  private static boolean isOwn(String key) {
    for (DriverProperty p : DriverProperty.values()) {
      if (p.key().equals(key)) {
        return true;
      }
    }
    return false;
  }

  private static String decode(String s) {
    return s.indexOf('%') < 0 && s.indexOf('+') < 0 ? s : URLDecoder.decode(s, StandardCharsets.UTF_8);
  }

  /** The URL the wrapped driver sees: {@code jdbc:<rest>} without our parameters. */
  String innerUrl() {
    return innerUrl;
  }

  /** Our parameters as written in the URL. */
  Properties ownProperties() {
    return ownProperties;
  }

  /**
   * The properties for the wrapped driver: the caller's, without ours, which go into {@code ours}. One of ours
   * given both as a URL parameter and as a property with a different value fails naming both values (spec 1.4: a
   * connection holds one branch, and which of two a caller meant is not ours to guess); the same value twice is
   * fine.
   */
  Properties split(Properties callerProperties, Properties ours) throws BranchSqlException {
    Properties inner = new Properties();
    if (callerProperties != null) {
      for (String name : callerProperties.stringPropertyNames()) {
        if (isOwn(name)) {
          ours.setProperty(name, callerProperties.getProperty(name));
        } else {
          inner.setProperty(name, callerProperties.getProperty(name));
        }
      }
    }
    for (String name : ownProperties.stringPropertyNames()) {
      String fromUrl = ownProperties.getProperty(name);
      String given = ours.getProperty(name);
      if (given != null && !given.equals(fromUrl)) {
        throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("The connection was given two values of " + name + ": '"
            + fromUrl + "' in the URL and '" + given + "' as a property. A connection works with one; give "
            + name + " once.");
      }
      ours.setProperty(name, fromUrl);
    }
    return inner;
  }
}
