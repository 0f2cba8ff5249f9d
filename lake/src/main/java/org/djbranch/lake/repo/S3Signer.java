package org.djbranch.lake.repo;

import org.djbranch.lake.util.Sha256;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * AWS Signature Version 4 for S3 requests: the headers ({@code x-amz-date},
 * {@code x-amz-content-sha256}, {@code x-amz-security-token}, {@code Authorization}) that a
 * request carries so the server can check who sent it. Signed headers are {@code host} and the
 * {@code x-amz-*} ones; the payload is signed by its SHA-256, or sent as {@code UNSIGNED-PAYLOAD}
 * where hashing a large file first would read it twice (TLS protects it on the way).
 */
final class S3Signer {
  static final String UNSIGNED = "UNSIGNED-PAYLOAD";
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
      .withZone(ZoneOffset.UTC);

  private final S3Settings settings;

  S3Signer(S3Settings settings) {
    this.settings = settings;
  }

  /**
   * The headers to add to a request.
   *
   * @param uri         the request's URI, its path and query already encoded as S3 wants them
   * @param payloadHash hex SHA-256 of the body, or {@link #UNSIGNED}
   */
  Map<String, String> headers(String method, URI uri, String payloadHash, Instant now) {
    String stamp = STAMP.format(now);
    String day = stamp.substring(0, 8);
    TreeMap<String, String> signed = new TreeMap<>();
    signed.put("host", uri.getPort() == -1 ? uri.getHost() : uri.getHost() + ":" + uri.getPort());
    signed.put("x-amz-content-sha256", payloadHash);
    signed.put("x-amz-date", stamp);
    if (settings.sessionToken() != null) {
      signed.put("x-amz-security-token", settings.sessionToken());
    }
    StringBuilder canonicalHeaders = new StringBuilder();
    signed.forEach((k, v) -> canonicalHeaders.append(k).append(':').append(v.strip()).append('\n'));
    String signedNames = String.join(";", signed.keySet());
    String canonical = method + "\n" + uri.getRawPath() + "\n" + canonicalQuery(uri.getRawQuery()) + "\n"
        + canonicalHeaders + "\n" + signedNames + "\n" + payloadHash;
    String scope = day + "/" + settings.region() + "/s3/aws4_request";
    String toSign = "AWS4-HMAC-SHA256\n" + stamp + "\n" + scope + "\n"
        + Sha256.hex(canonical.getBytes(StandardCharsets.UTF_8));
    byte[] key = hmac(("AWS4" + settings.secretKey()).getBytes(StandardCharsets.UTF_8), day);
    key = hmac(key, settings.region());
    key = hmac(key, "s3");
    key = hmac(key, "aws4_request");
    String signature = HexFormat.of().formatHex(hmac(key, toSign));
    Map<String, String> out = new LinkedHashMap<>();
    signed.forEach((k, v) -> {
      if (!k.equals("host")) {
        out.put(k, v);
      }
    });
    out.put("Authorization", "AWS4-HMAC-SHA256 Credential=" + settings.accessKey() + "/" + scope
        + ", SignedHeaders=" + signedNames + ", Signature=" + signature);
    return out;
  }

  /** The query's parameters sorted by name (they are already encoded, each name with a value). */
  private static String canonicalQuery(String rawQuery) {
    if (rawQuery == null || rawQuery.isEmpty()) {
      return "";
    }
    TreeMap<String, String> sorted = new TreeMap<>();
    for (String pair : rawQuery.split("&")) {
      int eq = pair.indexOf('=');
      sorted.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
    }
    StringBuilder out = new StringBuilder();
    sorted.forEach((k, v) -> out.append(out.isEmpty() ? "" : "&").append(k).append('=').append(v));
    return out.toString();
  }

  /** Percent-encodes as SigV4 wants: everything but letters, digits and {@code -._~} (and '/' when kept). */
  static String encode(String text, boolean keepSlash) {
    StringBuilder out = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
          || c == '_' || c == '~' || (keepSlash && c == '/')) {
        out.append(c);
      } else {
        out.append('%').append(String.format("%02X", b & 0xff));
      }
    }
    return out.toString();
  }

  private static byte[] hmac(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }
}
