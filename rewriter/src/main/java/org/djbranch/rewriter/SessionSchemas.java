package org.djbranch.rewriter;

import java.util.ArrayList;
import java.util.List;

/**
 * The schema names a session statement ({@code USE s}, {@code SET search_path TO a, "b"}, {@code SET schema = 's'})
 * names, each as the database stores it, with its span, so that a name can be swapped for another in place.
 */
public final class SessionSchemas {
  private SessionSchemas() {}

  /** A name in the statement: as stored (unquoted names folded), and how it was written. */
  public record Name(String stored, int start, int end, boolean literal) {
    /** The text that writes {@code schema} the way this name was written (a string literal stays one). */
    public String written(String schema, Dialect dialect) {
      return literal ? "'" + schema.replace("'", "''") + "'" : dialect.quote(schema);
    }
  }

  /**
   * The entries of a search-path setting as the database reports it ({@code "$user", public}; DuckDB:
   * {@code a,"B c"}), each a list of its dot-separated parts as stored: a quoted part is taken exactly (a doubled
   * quote is one), an unquoted part trimmed and folded as the database folds it. Empty entries are left out. Dots
   * separate parts only where {@code dotted} (DuckDB writes {@code catalog.schema}; in PostgreSQL's setting an
   * unquoted dot belongs to the name).
   */
  public static List<List<String>> pathEntries(String value, Dialect dialect, boolean dotted) {
    List<List<String>> entries = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    boolean quotedPart = false;
    int i = 0;
    int n = value == null ? 0 : value.length();
    while (i <= n) {
      char c = i < n ? value.charAt(i) : ',';
      if (c == '"') {
        for (i++; i < n; i++) {
          if (value.charAt(i) == '"') {
            if (i + 1 < n && value.charAt(i + 1) == '"') {
              part.append('"');
              i++;
            } else {
              break;
            }
          } else {
            part.append(value.charAt(i));
          }
        }
        quotedPart = true;
        i++;
        continue;
      }
      if (c == ',' || (dotted && c == '.')) {
        String text = quotedPart ? part.toString() : dialect.fold(part.toString().strip());
        if (!text.isEmpty() || quotedPart) {
          parts.add(text);
        }
        part.setLength(0);
        quotedPart = false;
        if (c == ',') {
          if (!parts.isEmpty() && !(parts.size() == 1 && parts.get(0).isEmpty())) {
            entries.add(List.copyOf(parts));
          }
          parts.clear();
        }
      } else if (!quotedPart && !(part.length() == 0 && Character.isWhitespace(c))) {
        part.append(c);
      }
      i++;
    }
    return entries;
  }

  /** Every name after the statement's first word (USE or SET): identifiers and string literals. */
  public static List<Name> names(String sql, Dialect dialect) {
    Tokens t = Lexer.tokenize(sql, dialect);
    List<Name> out = new ArrayList<>();
    for (int k = 1; k < t.size(); k++) {
      TokenKind kind = t.kind(k);
      String text = t.text(k);
      if (kind == TokenKind.WORD) {
        out.add(new Name(dialect.fold(text), t.start(k), t.end(k), false));
      } else if (kind == TokenKind.QUOTED_IDENTIFIER) {
        out.add(new Name(NameChains.unquote(text), t.start(k), t.end(k), false));
      } else if (kind == TokenKind.STRING && text.length() >= 2 && text.charAt(0) == '\'') {
        out.add(new Name(text.substring(1, text.length() - 1).replace("''", "'"), t.start(k), t.end(k), true));
      }
    }
    return out;
  }
}
