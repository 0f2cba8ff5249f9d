package org.djbranch.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A command line as a POSIX shell splits it into words, for the command lines the documentation and the command
 * print: blanks separate words, single and double quotes group them (no expansion: {@code "$URL"} stays
 * {@code $URL}), a backslash before a character keeps it, and {@code #} at the start of a word begins a comment.
 */
final class ShellWords {
  private ShellWords() {}

  static List<String> split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else if (c == '\\' && quote == '"' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
          word.append(line.charAt(++i));
        } else {
          word.append(c);
        }
      } else if (c == ' ' || c == '\t') {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else if (c == '#' && word == null) {
        break;
      } else {
        if (word == null) {
          word = new StringBuilder();
        }
        if (c == '\'' || c == '"') {
          quote = c;
        } else if (c == '\\' && i + 1 < line.length()) {
          word.append(line.charAt(++i));
        } else {
          word.append(c);
        }
      }
    }
    if (quote != 0) {
      throw new IllegalArgumentException("an unclosed " + quote + " in: " + line);
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }
}
