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
