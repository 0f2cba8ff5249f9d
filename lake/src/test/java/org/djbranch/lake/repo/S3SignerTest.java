package org.djbranch.lake.repo;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Instant;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The signer against the worked examples of AWS's Signature Version 4 documentation for S3 ("Signature
 * calculations for the Authorization header: transferring payload in a single chunk": the example key pair, bucket
 * {@code examplebucket}, 24 May 2013), and temporary credentials, which S3Proxy refuses to take (501) and so cannot
 * check.
 */
class S3SignerTest {
  private static final String EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  private static final Instant MAY_24_2013 = Instant.parse("2013-05-24T00:00:00Z");

  private static S3Signer signer(String token) {
    return new S3Signer(new S3Settings(URI.create("https://s3.amazonaws.com"), "us-east-1", "AKIAIOSFODNN7EXAMPLE",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", token, false));
  }

  private static String signature(Map<String, String> headers) {
    String auth = headers.get("Authorization");
    return auth.substring(auth.indexOf("Signature=") + "Signature=".length());
  }

  @Test
  void signsAwsDocumentedExamples() {
    Map<String, String> lifecycle = signer(null).headers("GET",
        URI.create("https://examplebucket.s3.amazonaws.com/?lifecycle"), EMPTY, MAY_24_2013);
    assertEquals("AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
        + "SignedHeaders=host;x-amz-content-sha256;x-amz-date, "
        + "Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543", lifecycle.get("Authorization"));
    assertEquals("20130524T000000Z", lifecycle.get("x-amz-date"));

    Map<String, String> listing = signer(null).headers("GET",
        URI.create("https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J"), EMPTY, MAY_24_2013);
    assertEquals("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7", signature(listing));
  }

  @Test
  void aSessionTokenIsSentAndSigned() {
    URI uri = URI.create("https://examplebucket.s3.amazonaws.com/?lifecycle");
    Map<String, String> with = signer("session-token-of-an-assumed-role").headers("GET", uri, EMPTY, MAY_24_2013);
    assertEquals("session-token-of-an-assumed-role", with.get("x-amz-security-token"));
    assertTrue(with.get("Authorization").contains(
        "SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,"), with.get("Authorization"));
    assertNotEquals(signature(signer(null).headers("GET", uri, EMPTY, MAY_24_2013)), signature(with));
  }
}
