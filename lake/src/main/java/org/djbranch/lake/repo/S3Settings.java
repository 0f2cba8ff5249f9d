package org.djbranch.lake.repo;

import org.djbranch.lake.util.LakeException;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * Where an S3 repository's server is and who signs its requests, found as the AWS tools find them:
 * the environment ({@code AWS_ENDPOINT_URL_S3}, {@code AWS_ENDPOINT_URL}, {@code AWS_REGION},
 * {@code AWS_DEFAULT_REGION}, {@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY},
 * {@code AWS_SESSION_TOKEN}, {@code AWS_PROFILE}), then the profile's entries in the shared files
 * ({@code ~/.aws/credentials} and {@code ~/.aws/config}, or {@code AWS_SHARED_CREDENTIALS_FILE}
 * and {@code AWS_CONFIG_FILE}): {@code aws_access_key_id}, {@code aws_secret_access_key},
 * {@code aws_session_token}, {@code region}, {@code endpoint_url}, and {@code addressing_style}
 * ({@code path} or {@code virtual}, also under the profile's {@code s3 =} block). Each variable
 * may be given as a Java system property of the same name instead, which wins.
 *
 * <p>Path-style addressing ({@code http://host/bucket/key}) is used where the endpoint is an IP
 * address or {@code localhost} (as the AWS tools do), where the bucket's name has a dot (it would
 * not match a TLS certificate), or when {@code addressing_style = path} (or
 * {@code AWS_S3_ADDRESSING_STYLE=path}) asks for it; otherwise virtual-hosted
 * ({@code http://bucket.host/key}).
 */
record S3Settings(URI endpoint, String region, String accessKey, String secretKey, String sessionToken,
                  boolean pathStyleAsked) {
  private static final Pattern IP = Pattern.compile("[0-9.]+|\\[[0-9a-fA-F:.]+\\]|[0-9a-fA-F:]+:[0-9a-fA-F:.]*");

  /** From the environment and system properties of this process. */
  static S3Settings fromEnvironment() throws LakeException {
    return from(name -> {
      String p = System.getProperty(name);
      return p != null ? p : System.getenv(name);
    });
  }

  static S3Settings from(UnaryOperator<String> env) throws LakeException {
    String home = System.getProperty("user.home");
    String profileName = or(env.apply("AWS_PROFILE"), "default");
    Map<String, String> profile = new HashMap<>();
    Path config = Path.of(or(env.apply("AWS_CONFIG_FILE"), home + "/.aws/config"));
    profile.putAll(section(config, profileName.equals("default") ? "default" : "profile " + profileName));
    Path credentials = Path.of(or(env.apply("AWS_SHARED_CREDENTIALS_FILE"), home + "/.aws/credentials"));
    profile.putAll(section(credentials, profileName));

    String region = first(env.apply("AWS_REGION"), env.apply("AWS_DEFAULT_REGION"), profile.get("region"), "us-east-1");
    String endpoint = first(env.apply("AWS_ENDPOINT_URL_S3"), env.apply("AWS_ENDPOINT_URL"),
        profile.get("endpoint_url"), "https://s3." + region + ".amazonaws.com");
    String access = first(env.apply("AWS_ACCESS_KEY_ID"), profile.get("aws_access_key_id"));
    String secret = first(env.apply("AWS_SECRET_ACCESS_KEY"), profile.get("aws_secret_access_key"));
    String token = env.apply("AWS_ACCESS_KEY_ID") != null ? env.apply("AWS_SESSION_TOKEN")
        : profile.get("aws_session_token");
    if (access == null || secret == null) {
      throw new LakeException("no credentials for S3: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or "
          + "aws_access_key_id and aws_secret_access_key for profile " + profileName + " in " + credentials,
          LakeException.REFUSED);
    }
    URI uri;
    try {
      uri = URI.create(endpoint.endsWith("/") ? endpoint.substring(0, endpoint.length() - 1) : endpoint);
    } catch (IllegalArgumentException e) {
      uri = null;
    }
    if (uri == null || uri.getHost() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
      throw new LakeException("the S3 endpoint must be an http:// or https:// URL but was: " + endpoint,
          LakeException.REFUSED);
    }
    String style = first(env.apply("AWS_S3_ADDRESSING_STYLE"), profile.get("addressing_style"), "auto");
    return new S3Settings(uri, region, access, secret, token == null || token.isEmpty() ? null : token,
        style.trim().toLowerCase(Locale.ROOT).equals("path"));
  }

  /** Whether requests for {@code bucket} name it in the path rather than in the host. */
  boolean pathStyle(String bucket) {
    String host = endpoint.getHost();
    return pathStyleAsked || bucket.contains(".") || host.equals("localhost") || IP.matcher(host).matches();
  }

  /**
   * The {@code key = value} lines of {@code [name]} in an INI file the AWS tools write, nested
   * blocks ({@code s3 =} followed by indented lines) flattened into the same map.
   */
  private static Map<String, String> section(Path file, String name) throws LakeException {
    Map<String, String> out = new HashMap<>();
    if (!Files.isRegularFile(file)) {
      return out;
    }
    try {
      boolean in = false;
      for (String raw : Files.readAllLines(file)) {
        String line = raw.strip();
        if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
          continue;
        }
        if (line.startsWith("[") && line.endsWith("]")) {
          in = line.substring(1, line.length() - 1).strip().equals(name);
          continue;
        }
        int eq = line.indexOf('=');
        if (in && eq > 0 && !line.substring(eq + 1).isBlank()) {
          out.put(line.substring(0, eq).strip().toLowerCase(Locale.ROOT), line.substring(eq + 1).strip());
        }
      }
    } catch (IOException e) {
      throw new LakeException("cannot read " + file + ": " + e, LakeException.IO, e);
    }
    return out;
  }

  private static String or(String value, String otherwise) {
    return value == null || value.isEmpty() ? otherwise : value;
  }

  private static String first(String... values) {
    for (String v : values) {
      if (v != null && !v.isEmpty()) {
        return v;
      }
    }
    return null;
  }

  @Override
  public String toString() {
    return "S3Settings[" + endpoint + ", " + region + ", key " + accessKey + "]";
  }
}
