package org.djbranch.rewriter;

import java.util.Locale;
import java.util.Map;

/**
 * One spelling per column type, so that a declared type can be compared with the type a column has: the database
 * reports {@code character varying(255)} (PostgreSQL's {@code format_type}) or {@code int(11)} (MySQL's
 * {@code COLUMN_TYPE}) where a statement says {@code varchar(255)} or {@code integer}. Two spellings agree when their
 * canonical forms are equal; a type this class does not know keeps its own (lower-cased) spelling, so it agrees only
 * with itself.
 */
public final class TypeNames {
  private static final Map<String, String> POSTGRESQL = Map.ofEntries(
      Map.entry("varchar", "character varying"), Map.entry("char", "character"), Map.entry("bpchar", "character"),
      Map.entry("int", "integer"), Map.entry("int4", "integer"), Map.entry("int8", "bigint"),
      Map.entry("int2", "smallint"), Map.entry("float8", "double precision"), Map.entry("float4", "real"),
      Map.entry("bool", "boolean"), Map.entry("decimal", "numeric"), Map.entry("timestamptz", "timestamp with time zone"),
      Map.entry("timetz", "time with time zone"), Map.entry("varbit", "bit varying"));

  private static final Map<String, String> MYSQL = Map.ofEntries(
      Map.entry("integer", "int"), Map.entry("character varying", "varchar"), Map.entry("character", "char"),
      Map.entry("double precision", "double"), Map.entry("real", "double"), Map.entry("numeric", "decimal"),
      Map.entry("dec", "decimal"), Map.entry("fixed", "decimal"));

  private TypeNames() {
  }

  /** The canonical spelling of {@code type} in {@code dialect}: lower case, one space, synonyms resolved. */
  public static String canonical(String type, Dialect dialect) {
    String t = type.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    String base;
    String args = null;
    String suffix = "";
    int open = t.indexOf('(');
    if (open >= 0) {
      int close = t.indexOf(')', open);
      if (close < 0) {
        return t;
      }
      base = t.substring(0, open).strip();
      args = t.substring(open + 1, close).replace(" ", "");
      suffix = t.substring(close + 1).strip();
    } else {
      base = t;
    }
    for (String word : new String[] {" with", " without", " unsigned", " zerofill"}) {
      int at = base.indexOf(word);
      if (at > 0) {
        suffix = (base.substring(at + 1) + " " + suffix).strip();
        base = base.substring(0, at);
        break;
      }
    }
    if (!base.matches("[a-z][a-z0-9_ ]*") || !suffix.matches("[a-z ]*")) {
      return t;
    }
    switch (dialect) {
      case POSTGRESQL:
        return postgresql(base, args, suffix);
      case MYSQL:
        return mysql(base, args, suffix);
      default:
        return t;
    }
  }

  private static String postgresql(String base, String args, String suffix) {
    if (base.equals("float")) {
      base = args != null && Integer.parseInt(args) <= 24 ? "real" : "double precision";
      args = null;
    }
    base = POSTGRESQL.getOrDefault(base, base);
    if (base.equals("character") && args == null) {
      args = "1";
    }
    if (base.equals("timestamp") || base.equals("time")) {
      // Without a zone clause PostgreSQL means "without time zone"; the precision defaults to 6.
      String zone = suffix.isEmpty() ? "without time zone" : suffix;
      return base + "(" + (args == null ? "6" : args) + ") " + zone;
    }
    if (base.equals("timestamp with time zone") || base.equals("time with time zone")) {
      String[] words = base.split(" ", 2);
      return words[0] + "(" + (args == null ? "6" : args) + ") " + words[1];
    }
    return base + (args == null ? "" : "(" + args + ")") + (suffix.isEmpty() ? "" : " " + suffix);
  }

  private static String mysql(String base, String args, String suffix) {
    if (base.equals("float") && args != null && !args.contains(",")) {
      base = Integer.parseInt(args) <= 24 ? "float" : "double";
      args = null;
    }
    if (base.equals("bool") || base.equals("boolean")) {
      return "tinyint(1)";
    }
    base = MYSQL.getOrDefault(base, base);
    switch (base) {
      case "tinyint":
      case "smallint":
      case "mediumint":
      case "int":
      case "bigint":
        // A display width is no part of the type (MySQL 8 drops it; MariaDB reports a default one), except
        // tinyint(1), which connectors read as a boolean.
        if (!(base.equals("tinyint") && "1".equals(args))) {
          args = null;
        }
        break;
      case "decimal":
        args = args == null ? "10,0" : args.contains(",") ? args : args + ",0";
        break;
      case "char":
      case "binary":
      case "bit":
        args = args == null ? "1" : args;
        break;
      case "datetime":
      case "timestamp":
      case "time":
        args = "0".equals(args) ? null : args;
        break;
      default:
        break;
    }
    return base + (args == null ? "" : "(" + args + ")") + (suffix.isEmpty() ? "" : " " + suffix);
  }
}
