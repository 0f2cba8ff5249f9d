package org.djbranch.compat.orm.migration;

import java.sql.Connection;
import java.sql.DriverManager;
import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;
import org.flywaydb.core.Flyway;

/**
 * A migration run in a process of its own, so that a test can kill it mid-way as an operator's Ctrl-C or an OOM
 * kill would: {@code flyway URL SCHEMA LOCATION...} or {@code liquibase URL CHANGELOG LABELS}.
 */
public final class MigrationChild {
  private MigrationChild() {
  }

  public static void main(String[] args) throws Exception {
    String url = args[1];
    if (args[0].equals("flyway")) {
      String[] locations = new String[args.length - 3];
      System.arraycopy(args, 3, locations, 0, locations.length);
      Flyway.configure().dataSource(url, null, null).schemas(args[2]).defaultSchema(args[2]).locations(locations)
          .load().migrate();
      return;
    }
    try (Connection c = DriverManager.getConnection(url)) {
      Database database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(c));
      try (Liquibase lb = new Liquibase(args[2], new ClassLoaderResourceAccessor(), database)) {
        lb.update(new Contexts(), new LabelExpression(args[3]));
      }
    }
  }
}
