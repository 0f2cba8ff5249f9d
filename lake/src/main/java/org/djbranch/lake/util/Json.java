package org.djbranch.lake.util;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The one way JSON files of a repository are written: snake_case keys in declaration order,
 * two-space indent, "\n" line ends whatever the platform, a final newline. The same object
 * always gives the same bytes, which is what makes version IDs reproducible.
 */
public final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .setSerializationInclusion(JsonInclude.Include.NON_NULL)
      .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter()
      .withObjectIndenter(new DefaultIndenter("  ", "\n"))
      .withArrayIndenter(new DefaultIndenter("  ", "\n"));

  private Json() {
  }

  public static byte[] bytes(Object value) {
    try {
      String text = MAPPER.writer(PRINTER).writeValueAsString(value);
      return (text + "\n").getBytes(StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write JSON for " + value.getClass().getSimpleName(), e);
    }
  }

  public static <T> T read(byte[] bytes, Class<T> type, String what) throws LakeException {
    try {
      return MAPPER.readValue(bytes, type);
    } catch (IOException e) {
      throw new LakeException(what + " is not valid JSON for " + type.getSimpleName() + ": "
          + e.getMessage(), LakeException.IO, e);
    }
  }
}
