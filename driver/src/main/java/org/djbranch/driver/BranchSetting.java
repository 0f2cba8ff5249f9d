package org.djbranch.driver;

import org.djbranch.driver.error.BranchSqlException;
import org.djbranch.driver.error.SqlState;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Where a connection's branch comes from, highest first: the {@code branch} connection property (an explicit
 * empty value means trunk), the environment variable {@code DJ_BRANCH}, {@code database.branch} in the nearest
 * {@code datajoint.json} (working directory, then its parents), else trunk. Read once when a connection opens.
 */
public final class BranchSetting {
  public static final String ENVIRONMENT_VARIABLE = "DJ_BRANCH";
  public static final String CONFIG_FILE = "datajoint.json";
  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_]+");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The branch, or null for trunk. */
  private final String branch;
  /** Where the value was found, in words, for messages. */
  private final String source;

  private BranchSetting(String branch, String source) {
    this.branch = branch;
    this.source = source;
  }

  /** The branch, or null on trunk. */
  public String branch() {
    return branch;
  }

  public boolean isTrunk() {
    return branch == null;
  }

  /** Where the setting came from: "the connection property branch", "the environment variable DJ_BRANCH", ... */
  public String source() {
    return source;
  }

  /** Resolves the setting for a connection opening in this process. */
  static BranchSetting resolve(String property) throws BranchSqlException {
    return resolve(property, System::getenv, Path.of("").toAbsolutePath());
  }

  /**
   * Resolves the setting from the given sources.
   *
   * @param property the connection property's value, null when it was not given (empty means trunk)
   * @param environment reads an environment variable, null when unset
   * @param workingDirectory where the search for datajoint.json starts
   */
  public static BranchSetting resolve(String property, Function<String, String> environment, Path workingDirectory)
      throws BranchSqlException {
    if (property != null) {
      return property.isEmpty()
          ? new BranchSetting(null, "the connection property branch (empty: trunk)")
          : validated(property, "the connection property " + DriverProperty.BRANCH.key());
    }
    String fromEnvironment = environment.apply(ENVIRONMENT_VARIABLE);
    if (fromEnvironment != null) {
      return validated(fromEnvironment, "the environment variable " + ENVIRONMENT_VARIABLE);
    }
    Path config = nearestConfig(workingDirectory);
    if (config != null) {
      String fromFile = readBranch(config);
      if (fromFile != null) {
        return validated(fromFile, "database.branch in " + config);
      }
    }
    return new BranchSetting(null, "no setting (trunk)");
  }

  private static BranchSetting validated(String value, String source) throws BranchSqlException {
    if (!VALID.matcher(value).matches()) {
      throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("The branch '" + value + "' from " + source
          + " is not a valid branch identifier: it must match [A-Za-z0-9_]+ (letters, digits, underscore)."
          + " Set a valid branch, or an empty branch property for trunk.");
    }
    return new BranchSetting(value, source);
  }

  private static Path nearestConfig(Path directory) {
    for (Path dir = directory; dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(CONFIG_FILE);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /** {@code {"database": {"branch": "x"}}} or the flat form {@code {"database.branch": "x"}}; null when absent. */
  private static String readBranch(Path config) throws BranchSqlException {
    JsonNode root;
    try {
      root = JSON.readTree(config.toFile());
    } catch (IOException e) {
      throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("Cannot read " + config + " for database.branch: "
          + e.getMessage() + ". Fix the file, or set the branch property or " + ENVIRONMENT_VARIABLE + ".", e);
    }
    JsonNode value = root == null ? null : root.path("database").get("branch");
    if (value == null || value.isMissingNode()) {
      value = root == null ? null : root.get("database.branch");
    }
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isTextual()) {
      throw SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION.exception("database.branch in " + config + " must be a string but was: "
          + value + ".");
    }
    return value.asText();
  }

  @Override
  public String toString() {
    return branch == null ? "trunk" : "branch " + branch;
  }
}
