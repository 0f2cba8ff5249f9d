package org.djbranch.lake.repo;

import org.djbranch.lake.util.LakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where the settings come from and which addressing they choose, as the AWS tools choose it. Virtual-hosted
 * requests ({@code bucket.host}) need a name server that knows the bucket's host, which no test here has; S3Proxy
 * on 127.0.0.1 is spoken to path-style, as the AWS tools would.
 */
class S3SettingsTest {
  @TempDir
  Path home;

  private S3Settings settings(Map<String, String> env) throws LakeException {
    Map<String, String> all = new HashMap<>(env);
    all.putIfAbsent("AWS_CONFIG_FILE", home.resolve("config").toString());
    all.putIfAbsent("AWS_SHARED_CREDENTIALS_FILE", home.resolve("credentials").toString());
    return S3Settings.from(all::get);
  }

  private S3Settings at(String endpoint) throws LakeException {
    return settings(Map.of("AWS_ACCESS_KEY_ID", "a", "AWS_SECRET_ACCESS_KEY", "s", "AWS_ENDPOINT_URL", endpoint));
  }

  @Test
  void pathStyleForAnAddressLocalhostADottedBucketOrWhenAskedElseVirtualHosted() throws Exception {
    assertTrue(at("http://127.0.0.1:9000").pathStyle("lake"));
    assertTrue(at("http://[::1]:9000").pathStyle("lake"));
    assertTrue(at("http://localhost:9000").pathStyle("lake"));
    assertFalse(at("https://s3.eu-west-1.amazonaws.com").pathStyle("lake"));
    assertFalse(at("https://minio.example.org").pathStyle("lake"));
    assertTrue(at("https://minio.example.org").pathStyle("lake.of.team"), "a dotted bucket would not match TLS");
    assertTrue(settings(Map.of("AWS_ACCESS_KEY_ID", "a", "AWS_SECRET_ACCESS_KEY", "s", "AWS_ENDPOINT_URL",
        "https://minio.example.org", "AWS_S3_ADDRESSING_STYLE", "path")).pathStyle("lake"));
  }

  @Test
  void theProfileFilesAnswerWhatTheEnvironmentDoesNot() throws Exception {
    Files.writeString(home.resolve("credentials"), "[default]\naws_access_key_id = AK\n[team]\n"
        + "aws_access_key_id = TK\naws_secret_access_key = TS\naws_session_token = TT\n");
    Files.writeString(home.resolve("config"), "[profile team]\nregion = eu-central-1\ns3 =\n"
        + "  addressing_style = path\nendpoint_url = https://minio.example.org\n");
    S3Settings team = settings(Map.of("AWS_PROFILE", "team"));
    assertEquals("TK", team.accessKey());
    assertEquals("TT", team.sessionToken());
    assertEquals("eu-central-1", team.region());
    assertEquals("https://minio.example.org", team.endpoint().toString());
    assertTrue(team.pathStyle("lake"), "addressing_style under the s3 block");

    S3Settings region = settings(Map.of("AWS_ACCESS_KEY_ID", "a", "AWS_SECRET_ACCESS_KEY", "s",
        "AWS_REGION", "ap-south-1"));
    assertEquals("https://s3.ap-south-1.amazonaws.com", region.endpoint().toString(), "AWS's own endpoint");
    assertEquals(null, region.sessionToken(), "a token of the profile is not mixed with keys of the environment");

    LakeException none = assertThrows(LakeException.class, () -> settings(Map.of()));
    assertTrue(none.getMessage().contains("AWS_ACCESS_KEY_ID") && none.getMessage().contains("default"),
        none.getMessage());
    LakeException bad = assertThrows(LakeException.class, () -> at("ftp://x"));
    assertTrue(bad.getMessage().contains("ftp://x"), bad.getMessage());
  }
}
