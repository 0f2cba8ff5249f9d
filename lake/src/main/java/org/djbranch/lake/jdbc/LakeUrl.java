package org.djbranch.lake.jdbc;

import org.djbranch.lake.Lake;
import org.djbranch.lake.util.LakeException;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * {@code jdbc:djbranch:lake:<root>?branch=main&version=<ID>&mode=read|write&catalog=<working catalog>}.
 * The root is a folder path, a {@code file:} URL or an {@code http(s)://} root; parameters may
 * also come as connection properties, the URL winning.
 */
public record LakeUrl(String root, String branch, String version, String mode, String catalog) {
  public static final String PREFIX = "jdbc:djbranch:lake:";

  public static boolean accepts(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  public static LakeUrl parse(String url, Properties info) throws LakeException {
    String rest = url.substring(PREFIX.length());
    int q = rest.indexOf('?');
    String rootText = q < 0 ? rest : rest.substring(0, q);
    Map<String, String> params = new LinkedHashMap<>();
    if (info != null) {
      info.stringPropertyNames().forEach(k -> params.put(k, info.getProperty(k)));
    }
    if (q >= 0) {
      for (String pair : rest.substring(q + 1).split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        params.put(k, v);
      }
    }
    if (rootText.isEmpty()) {
      throw new LakeException("a lake URL names a repository: jdbc:djbranch:lake:<folder>?branch=main",
          "08001");
    }
    String mode = params.getOrDefault("mode", "read");
    if (!mode.equals("read") && !mode.equals("write")) {
      throw new LakeException("mode must be read or write but was: " + mode, "08001");
    }
    return new LakeUrl(rootText, params.getOrDefault("branch", Lake.DEFAULT_BRANCH), params.get("version"), mode,
        params.get("catalog"));
  }
}
